import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ATTENDEE_FORMS_EXPORT,
  attendeeValidatorExport,
  EVENT_VERSION_EXPORT,
  type AttendeeFormsExport,
} from '../../shared/api/attendee-module';
import { compileAttendeeFields } from '../../shared/attendee-form';
import { standaloneValidatorModule } from '../../shared/validation/standalone-module';
import type { ContentEncoding } from '../http/content-encoding';
import type { TicketTypeRow } from '../repositories/event.repository';

/** The ticket types an attendee module is built from: their id, name and stored form. */
export type AttendeeModuleTicket = Pick<TicketTypeRow, 'external_id' | 'name' | 'form'>;

/** One event version's attendee validators as an ES module, with its ETag. */
export interface AttendeeValidatorModule {
  code: string;
  etag: string;
  /** The code compressed once per built module (tens of KiB of generated code: a tenth of it on the wire). */
  encoded: Record<ContentEncoding, Buffer>;
}

/**
 * The code of the attendee module for these ticket types (those with a form): pure, so
 * `event:check` runs an event file's answer cases through exactly what the browser imports.
 */
export function attendeeModuleCode(version: string, tickets: readonly AttendeeModuleTicket[]): string {
  const schemas: Record<string, object> = {};
  const forms: AttendeeFormsExport = {};
  for (const ticket of tickets) {
    if (ticket.form.length === 0) continue;
    const compiled = compileAttendeeFields(ticket.form);
    schemas[attendeeValidatorExport(ticket.external_id)] = compiled.schema;
    forms[String(ticket.external_id)] = { ticketName: ticket.name, ...compiled };
  }
  const body = Object.keys(schemas).length > 0 ? standaloneValidatorModule(schemas) : '"use strict";';
  return (
    `${body}\n` +
    `export const ${EVENT_VERSION_EXPORT} = ${JSON.stringify(version)};\n` +
    `export const ${ATTENDEE_FORMS_EXPORT} = ${JSON.stringify(forms)};\n`
  );
}

/** The module, its ETag and its brotli and gzip bodies: seconds of CPU for a large event, so run on a worker thread. */
export function buildAttendeeModule({ version, tickets }: { version: string; tickets: AttendeeModuleTicket[] }): AttendeeValidatorModule {
  const code = attendeeModuleCode(version, tickets);
  return {
    code,
    etag: `"av-${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"`,
    encoded: {
      // Quality 9: nearly quality 11's size at a fraction of its time, paid once per event version.
      br: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(code, { level: 9 }),
    },
  };
}
