import { fileURLToPath } from 'node:url';

const shim = (name) => fileURLToPath(new URL(`../renderers/shims/${name}`, import.meta.url));

/**
 * Modules rjsf imports that the storefront's forms never run, each replaced inside rjsf (and only
 * there: another importer of the same package keeps the real one) by a small stand-in in
 * renderers/shims/. The attendee form's chunk is on every buyer's way to paying; these three were
 * a third of it. Why each one is dead code for our forms: docs/decisions/016-page-weight.md.
 */
export const REPLACEMENTS = [
  // Markdown in descriptions and help: only with uiSchema flags our compiled uiSchemas never set.
  { importer: /[\\/]@rjsf[\\/]core[\\/]/, source: 'markdown-to-jsx/react', shim: shim('markdown-to-jsx.tsx') },
  // URI resolution for `$ref`s: our form schemas have none.
  { importer: /[\\/]@rjsf[\\/]utils[\\/]/, source: 'fast-uri', shim: shim('fast-uri.ts') },
  // The general allOf merger (@x0k/json-schema-merge): <SchemaForm> always passes its own merge.
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]/, source: './shallowAllOfMerge.js', shim: shim('shallowAllOfMerge.ts') },
  // Deep equality (fast-equals' general comparator): a small one for the values rjsf compares.
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]/, source: './deepEquals.js', shim: shim('deepEquals.ts') },
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]/, source: '../deepEquals.js', shim: shim('deepEquals.ts') },
  // The option matchers for anyOf/oneOf schemas: ours have none (renderers/shims/xxxOfOptions.ts).
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]/, source: './getClosestMatchingOption.js', shim: shim('getClosestMatchingOption.ts') },
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]/, source: './getFirstMatchingOption.js', shim: shim('getFirstMatchingOption.ts') },
  { importer: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]/, source: './findSelectedOptionInXxxOf.js', shim: shim('findSelectedOptionInXxxOf.ts') },
  // rjsf's default fields, widgets and templates, less those no schema or uiSchema of ours can reach.
  { importer: /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: './components/fields/index.js', shim: shim('rjsf-fields.ts') },
  { importer: /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: './components/widgets/index.js', shim: shim('rjsf-widgets.ts') },
  { importer: /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, source: './components/templates/index.js', shim: shim('rjsf-templates.ts') },
];

export function formEngineTrimPlugin() {
  return {
    name: 'form-engine-trim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const replacement = REPLACEMENTS.find((entry) => entry.source === source && entry.importer.test(importer));
      return replacement ? replacement.shim : null;
    },
  };
}
