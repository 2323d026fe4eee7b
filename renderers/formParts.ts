import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType, UiSchema } from '@rjsf/utils';

/**
 * Form parts only some forms need, in a chunk of their own (renderers/lazyParts.ts): rjsf's array
 * field with its templates and buttons (a multiselect is an array), and the date, checkbox-group,
 * country and upper-case-code widgets. The demo's form and the payment forms use none of them, so
 * the walk to the form does not download them (docs/decisions/016-page-weight.md). Whoever loads a
 * form loads its parts before showing it (`loadAttendeeModuleFrom` does for the attendee forms), so
 * a form never shows without a field; `<SchemaForm>` suspends as a last resort.
 */
export interface FormParts {
  fields: RegistryFieldsType;
  templates: Partial<TemplatesType>;
  widgets: RegistryWidgetsType;
}

/** The uiSchema widget names lazyParts.ts supplies (uiSchemas may name these besides registry.ts's). */
export const LAZY_WIDGET_NAMES: readonly string[] = ['date', 'checkboxes', 'country', 'upperCode'];

/** The load, with React's `use` fields set once it is done, so a later `use` reads it at once. */
type TrackedLoad = Promise<FormParts> & { status?: 'fulfilled'; value?: FormParts };
let load: TrackedLoad | undefined;

/** Loads the parts once (again after a failed try: the form page offers a retry). */
export function loadFormParts(): Promise<FormParts> {
  if (!load) {
    const started: TrackedLoad = import('./lazyParts').then(
      ({ formParts }) => Object.assign(started, { status: 'fulfilled' as const, value: formParts }).value!,
      (error: unknown) => {
        load = undefined;
        throw error;
      },
    );
    load = started;
  }
  return load;
}

/** The parts if already loaded, else undefined. */
export function loadedFormParts(): FormParts | undefined {
  return load?.value;
}

/** Whether a form needs the parts: an array anywhere in its schema, or a uiSchema naming a lazy widget. */
export function needsFormParts(schema: RJSFSchema, uiSchema: UiSchema | undefined): boolean {
  return hasArray(schema) || namesLazyWidget(uiSchema);
}

function hasArray(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasArray);
  if (!value || typeof value !== 'object') return false;
  const type = (value as { type?: unknown }).type;
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) return true;
  return Object.values(value).some(hasArray);
}

function namesLazyWidget(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(namesLazyWidget);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) => (key === 'ui:widget' ? typeof child === 'string' && LAZY_WIDGET_NAMES.includes(child) : namesLazyWidget(child)));
}
