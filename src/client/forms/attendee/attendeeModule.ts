import {
  ATTENDEE_FORMS_EXPORT,
  attendeeModuleUrl,
  attendeeValidatorExport,
  EVENT_VERSION_EXPORT,
  type AttendeeFormsExport,
} from '../../../shared/api/attendee-module';
import type { SchemaValidateFunction } from '../../../shared/forms/form-problems';
import { loadFormParts, needsFormParts } from '../../../../renderers/formParts';

/** What `/api/event/{url}/attendee-validators.js` exports. */
export interface AttendeeModule {
  /** Ticket id → name, schema and uiSchema of ONE attendee. */
  forms: AttendeeFormsExport;
  /** Ticket id → precompiled validator of one attendee's answers. */
  validators: Record<string, SchemaValidateFunction>;
  eventVersion: string;
}

/**
 * Loads the event's attendee forms and their precompiled validators with a native dynamic
 * `import()` of server-generated standalone code: the browser compiles no schema, so the
 * page runs under a CSP without 'unsafe-eval' (docs/decisions/003).
 */
export async function loadAttendeeModule(eventUrl: string): Promise<AttendeeModule> {
  return loadAttendeeModuleFrom(attendeeModuleUrl(eventUrl));
}

/** The same, from any same-origin URL serving that contract (the event preview's modules). */
export async function loadAttendeeModuleFrom(moduleUrl: string): Promise<AttendeeModule> {
  const module = (await import(/* @vite-ignore */ moduleUrl)) as Record<string, unknown>;
  const forms = (module[ATTENDEE_FORMS_EXPORT] ?? {}) as AttendeeFormsExport;
  const validators: Record<string, SchemaValidateFunction> = {};
  for (const ticketId of Object.keys(forms)) {
    const validate = module[attendeeValidatorExport(ticketId)];
    if (typeof validate !== 'function') throw new Error(`No attendee validator for ticket ${ticketId}`);
    validators[ticketId] = validate as SchemaValidateFunction;
  }
  // A form with a multiselect, date, country or CURP/RFC field shows only once those parts are
  // here (renderers/formParts.ts): never a form with a field missing.
  if (Object.values(forms).some((form) => needsFormParts(form.schema, form.uiSchema))) await loadFormParts();
  return { forms, validators, eventVersion: String(module[EVENT_VERSION_EXPORT] ?? '') };
}
