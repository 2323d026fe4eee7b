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
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import type { ContentEncoding } from '../http/content-encoding';
import { findEventByUrl, listTicketTypes, type TicketTypeRow } from '../repositories/event.repository';

/** One event version's attendee validators as an ES module, with its ETag. */
export interface AttendeeValidatorModule {
  code: string;
  etag: string;
  /** The code compressed once per built module (tens of KiB of generated code: a tenth of it on the wire). */
  encoded: Record<ContentEncoding, Buffer>;
}

/**
 * Built modules by what they are built from (the version and each ticket type's id, name and stored
 * form, hashed): never by row ids, which two databases in one process (tests, a restore) can give
 * to different events. The version is in the module's code, so it is in the key too.
 */
const moduleCache = new Map<string, AttendeeValidatorModule>();
const CACHE_LIMIT = 200;

/**
 * The code of the attendee module for these ticket types (those with a form): pure, so
 * `event:check` runs an event file's answer cases through exactly what the browser imports.
 */
export function attendeeModuleCode(version: string, tickets: readonly Pick<TicketTypeRow, 'external_id' | 'name' | 'form'>[]): string {
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

/**
 * The storefront's attendee validators of one event: standalone ajv code (no `new Function`
 * in the browser, see docs/decisions/003) with one export per ticket type that has a form,
 * `t<ticketId>`, validating ONE attendee's answers, plus `attendeeForms` (ticket id → name,
 * schema, uiSchema: what the form page renders, hidden ticket types included). They are compiled from the same
 * `compileAttendeeFields` output the server's add-info check wraps per order
 * (`compileOrderForm` = those attendee schemas, quantity items per ticket), so both judge alike.
 */
export async function attendeeValidatorModule(ctx: AppContext, url: string): Promise<AttendeeValidatorModule> {
  const db = ctx.db.kysely;
  const event = await findEventByUrl(db, url);
  if (!event) throw errors.eventNotFound();

  const tickets = (await listTicketTypes(db, event.id, true)).filter((ticket) => ticket.form.length > 0);
  // Keyed by what the module is built from (the stored forms, not their row ids), so a hit costs no compilation.
  const key = createHash('sha256')
    .update(JSON.stringify([String(event.version), tickets.map((t) => [t.external_id, t.name, t.form])]))
    .digest('base64url');
  const cached = moduleCache.get(key);
  if (cached) return cached;
  const code = attendeeModuleCode(String(event.version), tickets);
  const built: AttendeeValidatorModule = {
    code,
    etag: `"av-${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"`,
    encoded: {
      // Quality 9: nearly quality 11's size at a fraction of its time, paid once per event version.
      br: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(code, { level: 9 }),
    },
  };
  if (moduleCache.size >= CACHE_LIMIT) moduleCache.delete(moduleCache.keys().next().value!);
  moduleCache.set(key, built);
  return built;
}
