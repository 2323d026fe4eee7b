/**
 * The attendee form's engine in ONE chunk. The walk to the form, the payment page (card forms)
 * and the operators' preview (/admin/preview) each use a different part of the form code: the
 * terms line is the form and payment pages', the attendee module loader the form page's and the
 * preview's. Left to itself the bundler cuts a chunk per combination of pages, so the form page
 * loaded three (the engine, the terms line, the attendee module), each compressed on its own and
 * each importing the others' names. Here those modules and the engine are one chunk: the preview
 * gets the terms line (0.7 KiB) and the payment page the attendee module loader (0.7 KiB) they
 * do not run, and the walk saves what the cut cost (docs/decisions/016-page-weight.md).
 *
 * The chunk holds the modules named below (less those only the lazily loaded form parts reach,
 * renderers/lazyParts.ts, which stay in that part's chunk), the MUI parts our widgets render
 * (listed: a barrel module such as MUI's `utils/index` makes them look reachable from every page
 * before unused exports are dropped) and every module that (a) one of those imports and (b) is
 * only reached from pages that load the chunk anyway. So no page loads anything it did not load
 * before except those two small modules. The build fails if any page but those using the form
 * code would load the chunk (the ticket page, a dialog, the discount form…).
 */
export const FORM_MODULES = [
  /[\\/]renderers[\\/]/,
  /[\\/]node_modules[\\/]@rjsf[\\/]/,
  /[\\/]src[\\/]shared[\\/]attendee-form[\\/]/,
  /[\\/]src[\\/]shared[\\/]api[\\/]attendee-module\.ts$/,
  /[\\/]locales[\\/][^\\/]+[\\/]forms\.json$/,
  /[\\/]src[\\/]client[\\/]forms[\\/]attendee[\\/](TermsLine|AttendeeBlockForm|attendeeModule)\.tsx?$/,
  /[\\/]src[\\/]client[\\/]i18n[\\/]TaggedText\.tsx$/,
];
/** The MUI parts the attendee form's widgets render that no other page of the walk uses. */
export const WIDGET_PARTS = [
  /[\\/]@mui[\\/]material[\\/](Checkbox|NativeSelect|Input|FormControlLabel)[\\/]/,
  /[\\/]@mui[\\/]material[\\/]internal[\\/](SwitchBase|switchBaseClasses|svg-icons[\\/](CheckBox|CheckBoxOutlineBlank|IndeterminateCheckBox|ArrowDropDown))\.mjs$/,
  /[\\/]@mui[\\/]material[\\/]utils[\\/](mergeSlotProps|useControlled)\.mjs$/,
  /[\\/]@mui[\\/]utils[\\/]useControlled[\\/]/,
  /[\\/]@mui[\\/]material[\\/]InputAdornment[\\/]inputAdornmentClasses\.mjs$/,
];
/** The card widgets stay with the payment page (renderers/paymentWidgets.ts says why). */
export const PAYMENT_ONLY = /[\\/]renderers[\\/](paymentWidgets\.ts|widgets[\\/](CardExpiry|CardNumber|Cvv|SecureField)[\\/])/;
const CHUNK_NAME = 'form';
/**
 * Pages that may load the chunk without using the form code yet: the operator console (its inputs are
 * MUI's TextField, whose Input is a widget part here; its event editor renders the form engine) and the
 * console's own lazy parts (the dashboard's charts), which only ever load after it.
 */
export const ALSO_LOADING = [/[\\/]src[\\/]client[\\/]admin[\\/]/];

/** Module id → the entries (the page's entry and every dynamically imported module) that statically reach it. */
function reachedByEntries(ids, info) {
  const reachedBy = new Map();
  for (const root of ids.filter((id) => info(id)?.isEntry || info(id)?.dynamicImporters.length)) {
    const seen = new Set([root]);
    const stack = [root];
    while (stack.length) {
      const id = stack.pop();
      if (!reachedBy.has(id)) reachedBy.set(id, new Set());
      reachedBy.get(id).add(root);
      for (const dep of info(id)?.importedIds ?? []) if (!seen.has(dep)) (seen.add(dep), stack.push(dep));
    }
  }
  return reachedBy;
}

function formModules(ids, info) {
  const reachedBy = reachedByEntries(ids, info);
  const isFormModule = (id) => !PAYMENT_ONLY.test(id) && FORM_MODULES.some((re) => re.test(id));
  // Form code only a lazily loaded part of the form code reaches (renderers/lazyParts.ts) stays with that part.
  const chunk = new Set([...reachedBy.keys()].filter((id) => isFormModule(id) && [...reachedBy.get(id)].some((entry) => !isFormModule(entry))));
  const loadingChunk = new Set([...chunk].flatMap((id) => [...reachedBy.get(id)]));
  for (const id of reachedBy.keys()) if (ALSO_LOADING.some((re) => re.test(id)) && info(id)?.dynamicImporters.length) loadingChunk.add(id);
  for (const root of loadingChunk) if (info(root)?.isEntry) throw new Error(`form chunk: the entry ${root} would load it`);
  for (const id of reachedBy.keys()) if (WIDGET_PARTS.some((re) => re.test(id))) chunk.add(id);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, entries] of reachedBy) {
      const module = info(id);
      if (chunk.has(id) || !module || module.dynamicImporters.length) continue;
      if (module.importers.some((i) => chunk.has(i)) && [...entries].every((e) => loadingChunk.has(e))) (chunk.add(id), (grew = true));
    }
  }
  return { chunk, loadingChunk };
}

export function formChunkPlugin() {
  let loadingChunk = new Set();
  return {
    name: 'form-chunk',
    apply: 'build',
    config() {
      const candidates = [];
      let chunk;
      const group = {
        name: (id, ctx) => {
          if (!chunk) ({ chunk, loadingChunk } = formModules(candidates, (m) => ctx.getModuleInfo(m)));
          return chunk.has(id) ? CHUNK_NAME : null;
        },
        // Rolldown calls `test` for every module before the first `name`: it collects them.
        test: (id) => (candidates.push(id), true),
        debugName: CHUNK_NAME,
        // The dependencies are chosen above; the rest stay where automatic chunking puts them.
        includeDependenciesRecursively: false,
      };
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: [group] } } } } };
    },
    /** Only the pages that use the form code may load the chunk: never the entry, never a dialog. */
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const form = chunks.find((c) => c.name === CHUNK_NAME);
      if (!form) return;
      const loaders = new Set([form.fileName]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of chunks) if (!loaders.has(c.fileName) && c.imports.some((f) => loaders.has(f))) (loaders.add(c.fileName), (grew = true));
      }
      for (const c of chunks) {
        if (!loaders.has(c.fileName) || c === form || !(c.isEntry || c.isDynamicEntry)) continue;
        if (c.isEntry || !loadingChunk.has(c.facadeModuleId)) throw new Error(`form chunk: ${c.fileName} (${c.facadeModuleId}) would load it`);
      }
    },
  };
}
