import type { CompiledForm } from '../attendee-form/attendee-form.types';

/**
 * The contract of `GET /api/event/{url}/attendee-validators.js`, the ES module the server
 * builds and the storefront loads with `import()`. Both sides name its exports from here.
 */

/** The export holding ticket id → the attendee form of ONE unit of that ticket type. */
export const ATTENDEE_FORMS_EXPORT = 'attendeeForms';
/** The export holding the event version the module was built from. */
export const EVENT_VERSION_EXPORT = 'eventVersion';

/** The export name of a ticket type's attendee validator (`t1` for ticket 1), present for every type with a form. */
export const attendeeValidatorExport = (ticketId: number | string): string => `t${ticketId}`;

/** One ticket type's attendee form as the server compiled it: its name, JSON Schema and uiSchema. */
export interface AttendeeFormOfTicket extends CompiledForm {
  ticketName: string;
}

/** The value of the `attendeeForms` export. */
export type AttendeeFormsExport = Record<string, AttendeeFormOfTicket>;

/** Where the server serves an event's attendee validators (same origin: CSP script-src 'self'). */
export function attendeeModuleUrl(eventUrl: string): string {
  return `/api/event/${encodeURIComponent(eventUrl)}/attendee-validators.js`;
}
