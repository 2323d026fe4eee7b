import type { Experimental_DefaultFormStateBehavior, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { EventFile } from './eventsApi';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The event file's schema as the editor draws it: a property that is a choice of schemas
 * (`oneOf`/`anyOf`, e.g. `refund_policy`: "none" or an object) is left out of the form, which
 * keeps its value in the file untouched (the form engine draws plain objects, arrays and
 * scalars only). Also answers where those properties were (`/refund_policy`).
 */
export function editorSchema(schema: RJSFSchema): { schema: RJSFSchema; leftOut: string[] } {
  const leftOut: string[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, pointer));
    if (!isNode(node)) return node;
    const copy: Node = {};
    const droppedHere = new Set<string>();
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isNode(value)) {
        const kept: Node = {};
        for (const [name, property] of Object.entries(value)) {
          if (isNode(property) && ('oneOf' in property || 'anyOf' in property)) droppedHere.add(name);
          else kept[name] = walk(property, `${pointer}/${name}`);
        }
        copy[key] = kept;
      } else copy[key] = walk(value, key === 'items' ? `${pointer}/-` : pointer);
    }
    for (const name of droppedHere) leftOut.push(`${pointer}/${name}`);
    if (Array.isArray(copy.required) && droppedHere.size > 0) copy.required = copy.required.filter((name) => !droppedHere.has(String(name)));
    return copy;
  };
  return { schema: walk(schema, '') as RJSFSchema, leftOut };
}

/** How the editor draws some fields: HTML blocks and descriptions as text areas (the server sanitises), `$schema` hidden, the url fixed. */
export const EDITOR_UI_SCHEMA: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  url: { 'ui:readonly': true },
  event: { html: { items: { html: { 'ui:widget': 'textarea' } } } },
  tickets: { items: { description: { 'ui:widget': 'textarea' } } },
};

/**
 * The editor's rjsf validator: the browser does not judge the event file — the preview shows
 * `event:check`'s problems as the form changes and a refused save puts the server's at their
 * fields — so it finds nothing, and no ajv compiler runs in the console either.
 */
export const serverJudges: ValidatorType<EventFile> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  // Asked only for oneOf/anyOf/if/dependencies, which `editorSchema` leaves out.
  isValid: () => true,
  rawValidation: () => ({}),
  reset: () => undefined,
};

/**
 * rjsf fills nothing the file lacks: an optional object (`options`, `validation`, `visible_when`) or an
 * array's minimum entries would otherwise appear half-filled in the saved file and be refused.
 */
export const EDITOR_DEFAULTS: Experimental_DefaultFormStateBehavior = { emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } };
