import type { Experimental_DefaultFormStateBehavior, RegistryWidgetsType, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { asWidget } from '../../../../renderers/registry';
import { DateTimeOffsetWidget } from './DateTimeOffsetWidget';
import type { EventFile } from './eventsApi';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A top-level property whose schema is a choice between one word and an object (`refund_policy`: "none" or
 * `{until, fee_percent}`): the form draws the object, left empty for the word (or for nothing, when the file
 * has nothing) — see `formDataOf` and `fileOf`.
 */
export interface WordOrObject {
  name: string;
  word: string;
}

/** The word and the object of a `oneOf`/`anyOf` of exactly a one-word string and an object; undefined for another choice. */
function wordOrObject(property: Node): { word: string; object: Node } | undefined {
  const options = property.oneOf ?? property.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const word = options.find((o): o is Node => isNode(o) && o.type === 'string' && Array.isArray(o.enum) && o.enum.length === 1 && typeof o.enum[0] === 'string');
  const object = options.find((o): o is Node => isNode(o) && o.type === 'object' && isNode(o.properties));
  return word && object ? { word: (word.enum as string[])[0], object } : undefined;
}

/**
 * The event file's schema as the editor draws it. A top-level choice between one word and an object
 * (`refund_policy`) is drawn as that object (`choices` names them); any other property that is a choice of
 * schemas (`oneOf`/`anyOf`) is left out of the form, which keeps its value in the file untouched (the form
 * engine draws plain objects, arrays and scalars only), and `leftOut` says where those were.
 */
export function editorSchema(schema: RJSFSchema): { schema: RJSFSchema; leftOut: string[]; choices: WordOrObject[] } {
  const leftOut: string[] = [];
  const choices: WordOrObject[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, pointer));
    if (!isNode(node)) return node;
    const copy: Node = {};
    const droppedHere = new Set<string>();
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isNode(value)) {
        const kept: Node = {};
        for (const [name, property] of Object.entries(value)) {
          const isChoice = isNode(property) && ('oneOf' in property || 'anyOf' in property);
          const choice = isChoice && pointer === '' ? wordOrObject(property) : undefined;
          if (choice && isNode(property)) {
            choices.push({ name, word: choice.word });
            const { title, description } = property;
            kept[name] = walk({ ...choice.object, ...(typeof title === 'string' && { title }), ...(typeof description === 'string' && { description }) }, `/${name}`);
          } else if (isChoice) droppedHere.add(name);
          else kept[name] = walk(property, `${pointer}/${name}`);
        }
        copy[key] = kept;
      } else copy[key] = walk(value, key === 'items' ? `${pointer}/-` : pointer);
    }
    for (const name of droppedHere) leftOut.push(`${pointer}/${name}`);
    const dropped = new Set([...droppedHere, ...(pointer === '' ? choices.map((c) => c.name) : [])]);
    if (Array.isArray(copy.required) && dropped.size > 0) copy.required = copy.required.filter((name) => !dropped.has(String(name)));
    return copy;
  };
  return { schema: walk(schema, '') as RJSFSchema, leftOut, choices };
}

/** Whether a value holds nothing (an object whose every value is undefined, as the form leaves a cleared one). */
const emptyObject = (value: unknown) => isNode(value) && Object.values(value).every((v) => v === undefined);

/** The file as the form holds it: a word-or-object property that is the word is left empty. */
export function formDataOf(file: EventFile, choices: WordOrObject[]): EventFile {
  const data: Node = { ...file };
  for (const { name, word } of choices) if (data[name] === word) delete data[name];
  return data as EventFile;
}

/**
 * The file the form's data stands for: a word-or-object property left empty (or cleared) is the word when the
 * loaded file had the word, and absent otherwise (the form adds nothing the file lacks); filled, it is the object.
 */
export function fileOf(data: EventFile, loaded: EventFile, choices: WordOrObject[]): EventFile {
  const file: Node = { ...data };
  for (const { name, word } of choices) {
    if (file[name] !== undefined && !emptyObject(file[name])) continue;
    if ((loaded as Node)[name] === word) file[name] = word;
    else delete file[name];
  }
  return file as EventFile;
}

/** How the editor draws some fields: HTML blocks and descriptions as text areas (the server sanitises), `$schema` hidden, the url fixed. */
export const EDITOR_UI_SCHEMA: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  url: { 'ui:readonly': true },
  event: { html: { items: { html: { 'ui:widget': 'textarea' } } } },
  tickets: { items: { description: { 'ui:widget': 'textarea' } } },
};

/**
 * The editor's widgets by rjsf's default names: every `format: date-time` field (rjsf draws it with
 * `DateTimeWidget` unless the uiSchema names another) keeps the offset it was written with, where rjsf's own
 * picker would show and save it in UTC.
 */
export const EDITOR_WIDGETS: RegistryWidgetsType = { DateTimeWidget: asWidget(DateTimeOffsetWidget, 'DateTimeOffsetWidget') };

/**
 * The editor's rjsf validator: the browser does not judge the event file — the preview shows
 * `event:check`'s problems as the form changes and a refused save puts the server's at their
 * fields — so it finds nothing, and no ajv compiler runs in the console either.
 */
export const serverJudges: ValidatorType<EventFile> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  // Asked only for oneOf/anyOf/if/dependencies, which `editorSchema` leaves out or draws as a plain object.
  isValid: () => true,
  rawValidation: () => ({}),
  reset: () => undefined,
};

/**
 * rjsf fills nothing the file lacks: an optional object (`options`, `validation`, `visible_when`) or an
 * array's minimum entries would otherwise appear half-filled in the saved file and be refused.
 */
export const EDITOR_DEFAULTS: Experimental_DefaultFormStateBehavior = { emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } };
