import type { Registry } from '@rjsf/utils';
import type { SchemaFormState } from './SchemaFormState';

/** What SchemaForm hands every template and widget through rjsf's `formContext`. */
export interface SchemaFormContext {
  state: SchemaFormState<unknown>;
}

/** The SchemaFormState of the form a template or widget belongs to (undefined outside SchemaForm). */
export function formStateOf(registry: Registry | undefined): SchemaFormState<unknown> | undefined {
  return (registry?.formContext as Partial<SchemaFormContext> | undefined)?.state;
}

/**
 * The errors a field shows now: its `rawErrors` once it was touched or the form submitted
 * (or the server refused it), otherwise none. Call inside a MobX `observer`.
 */
export function shownErrors(id: string, rawErrors: readonly unknown[] | undefined, registry: Registry | undefined): string[] {
  const errors = (rawErrors ?? []).filter((error): error is string => typeof error === 'string' && error !== '');
  if (errors.length === 0) return errors;
  const state = formStateOf(registry);
  if (!state) return errors;
  return state.isShown(state.pointerOfId(id)) ? errors : [];
}
