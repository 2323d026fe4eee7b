import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findEventByUrl, listTicketTypes } from '../repositories/event.repository';
import type { AttendeeValidatorModule } from './attendee-module-build';
import { buildAttendeeModuleOffThread } from './attendee-module-pool';

export { attendeeModuleCode, type AttendeeValidatorModule } from './attendee-module-build';

/**
 * Built modules (or the build under way, so simultaneous first requests share one) by what they
 * are built from (the version and each ticket type's id, name and stored form, hashed): never by
 * row ids, which two databases in one process (tests, a restore) can give to different events.
 * The version is in the module's code, so it is in the key too.
 */
const moduleCache = new Map<string, Promise<AttendeeValidatorModule>>();
const CACHE_LIMIT = 200;

/**
 * The storefront's attendee validators of one event: standalone ajv code (no `new Function`
 * in the browser, see docs/decisions/003) with one export per ticket type that has a form,
 * `t<ticketId>`, validating ONE attendee's answers, plus `attendeeForms` (ticket id → name,
 * schema, uiSchema: what the form page renders, hidden ticket types included). They are compiled from the same
 * `compileAttendeeFields` output the server's add-info check wraps per order
 * (`compileOrderForm` = those attendee schemas, quantity items per ticket), so both judge alike.
 * Built on a worker thread (attendee-module-pool.ts), once per event version.
 */
export async function attendeeValidatorModule(ctx: AppContext, url: string): Promise<AttendeeValidatorModule> {
  const db = ctx.db.kysely;
  const event = await findEventByUrl(db, url);
  if (!event) throw errors.eventNotFound();

  const tickets = (await listTicketTypes(db, event.id, true))
    .filter((ticket) => ticket.form.length > 0)
    .map(({ external_id, name, form }) => ({ external_id, name, form }));
  // Keyed by what the module is built from (the stored forms, not their row ids), so a hit costs no compilation.
  const key = createHash('sha256')
    .update(JSON.stringify([String(event.version), tickets.map((t) => [t.external_id, t.name, t.form])]))
    .digest('base64url');
  const cached = moduleCache.get(key);
  if (cached) return cached;
  const built = buildAttendeeModuleOffThread(String(event.version), tickets);
  if (moduleCache.size >= CACHE_LIMIT) moduleCache.delete(moduleCache.keys().next().value!);
  moduleCache.set(key, built);
  // A failed build is not kept: the next request tries again.
  built.catch(() => moduleCache.get(key) === built && moduleCache.delete(key));
  return built;
}
