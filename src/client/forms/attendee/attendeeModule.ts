import type { CompiledForm } from '../../../shared/attendee-form/attendee-form.types';
import type { SchemaValidateFunction } from '../../../shared/forms/form-problems';

/** One ticket type's attendee form as the server compiled it. */
export interface AttendeeFormOfTicket extends CompiledForm {
  ticketName: string;
}

/** What `/api/event/{url}/attendee-validators.js` exports. */
export interface AttendeeModule {
  /** Ticket id → name, schema and uiSchema of ONE attendee. */
  forms: Record<string, AttendeeFormOfTicket>;
  /** Ticket id → precompiled validator of one attendee's answers. */
  validators: Record<string, SchemaValidateFunction>;
  eventVersion: string;
}

/** Where the server serves an event's attendee validators (same origin: CSP script-src 'self'). */
export function attendeeModuleUrl(eventUrl: string): string {
  return `/api/event/${encodeURIComponent(eventUrl)}/attendee-validators.js`;
}

/**
 * Loads the event's attendee forms and their precompiled validators with a native dynamic
 * `import()` of server-generated standalone code: the browser compiles no schema, so the
 * page runs under a CSP without 'unsafe-eval' (docs/decisions/003).
 */
export async function loadAttendeeModule(eventUrl: string): Promise<AttendeeModule> {
  const module = (await import(/* @vite-ignore */ attendeeModuleUrl(eventUrl))) as Record<string, unknown>;
  const forms = (module.attendeeForms ?? {}) as Record<string, AttendeeFormOfTicket>;
  const validators: Record<string, SchemaValidateFunction> = {};
  for (const ticketId of Object.keys(forms)) {
    const validate = module[`t${ticketId}`];
    if (typeof validate !== 'function') throw new Error(`No attendee validator for ticket ${ticketId}`);
    validators[ticketId] = validate as SchemaValidateFunction;
  }
  return { forms, validators, eventVersion: String(module.eventVersion ?? '') };
}
