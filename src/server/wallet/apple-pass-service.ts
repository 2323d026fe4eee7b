import type { AppContext } from '../context';
import {
  passTimes, registerPassDevice, serialsChangedSince, unregisterPassDevice, type PassRegistrationKey,
} from '../repositories/wallet-updates.repository';
import { buildApplePass, type PassWebService } from './apple-pass';
import { appleSigning } from './apple-signing';
import { loadTicketPass } from './load-ticket-pass';
import { APPLE_PASS_SERVICE_PATH, applePassAuthToken, validApplePassAuthToken } from './pass-token';

/**
 * Apple's pass web service ("Wallet Passes web service reference"), the part that is not HTTP: who may
 * register for a pass's updates, which passes of a device changed, and the newest version of a pass.
 * A pass's serial number is its ticket's id; its authentication token is derived (`applePassAuthToken`).
 */

/** The `webServiceURL` and `authenticationToken` of one ticket's pass; `origin` is this server's public one. */
export function passWebService(ctx: AppContext, origin: string, ticketId: string): PassWebService {
  return { url: `${origin.replace(/\/+$/, '')}${APPLE_PASS_SERVICE_PATH}`, authenticationToken: applePassAuthToken(ctx.config.signingSecret, ticketId) };
}

/**
 * Whether a request speaks for the pass it names: our pass type, and `Authorization: ApplePass {token}`
 * with that serial's token.
 */
export function authorisedForPass(ctx: AppContext, passTypeId: string, serialNumber: string, authorization: string | undefined): boolean {
  if (passTypeId !== ctx.config.applePass.passTypeId) return false;
  const match = /^ApplePass (\S+)$/.exec(authorization ?? '');
  return match !== null && validApplePassAuthToken(ctx.config.signingSecret, serialNumber, match[1]);
}

/** Registers a device for a pass: `created` (new), `exists` (its push token refreshed), `unknown` (no such ticket). */
export async function registerDevice(ctx: AppContext, key: PassRegistrationKey, pushToken: string): Promise<'created' | 'exists' | 'unknown'> {
  if ((await passTimes(ctx.db.kysely, key.serialNumber)) === undefined) return 'unknown';
  return (await registerPassDevice(ctx.db.kysely, key, pushToken, ctx.now().toISOString())) ? 'created' : 'exists';
}

export async function unregisterDevice(ctx: AppContext, key: PassRegistrationKey): Promise<void> {
  await unregisterPassDevice(ctx.db.kysely, key);
}

/**
 * The passes a device registered for that changed since the tag it last got (`passesUpdatedSince`;
 * all of them without one, or with a tag we never gave), and the tag to send next time; undefined when
 * none changed (Apple's 204). The tag is the newest change's number, so no change is missed by a clock.
 */
export async function changedSerials(ctx: AppContext, deviceLibraryId: string, passTypeId: string, since: string | undefined): Promise<{ lastUpdated: string; serialNumbers: string[] } | undefined> {
  const tag = since !== undefined && /^\d{1,15}$/.test(since) ? Number(since) : undefined;
  const { serials, lastChange } = await serialsChangedSince(ctx.db.kysely, deviceLibraryId, passTypeId, tag);
  return serials.length === 0 ? undefined : { lastUpdated: String(lastChange), serialNumbers: serials };
}

/**
 * A pass's Last-Modified in HTTP's whole seconds: the second it was issued in, or the second after its
 * newest change, so a change made in the second the pass was issued (or fetched) still reads as newer.
 */
export function passLastModified(times: { issuedAt: string; changedAt: string | null }): Date {
  const second = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
  return new Date(times.changedAt ? second(times.changedAt) + 1000 : second(times.issuedAt));
}

/** What the newest version of a pass answers: the file and its Last-Modified, not modified, or no such pass. */
export type LatestPass = { status: 'pass'; file: Buffer; lastModified: Date } | { status: 'not-modified'; lastModified: Date } | { status: 'unknown' };

/**
 * The newest version of a ticket's pass as a registered phone gets it: `voided` once the ticket no
 * longer admits anyone (a phone that holds it must see so; the public pass page still answers 404), the
 * attendee's current name. Not modified when `ifModifiedSince` (an HTTP date, whole seconds) is at or
 * after its last change.
 */
export async function latestPass(ctx: AppContext, serialNumber: string, origin: string, ifModifiedSince: string | undefined): Promise<LatestPass> {
  const times = await passTimes(ctx.db.kysely, serialNumber);
  if (times === undefined) return { status: 'unknown' };
  const lastModified = passLastModified(times);
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return { status: 'not-modified', lastModified };
  const pass = await loadTicketPass(ctx.db.kysely, serialNumber, { origin, includeVoided: true });
  if (!pass) return { status: 'unknown' };
  const file = await buildApplePass(pass, appleSigning(ctx.config), passWebService(ctx, origin, serialNumber));
  return { status: 'pass', file, lastModified };
}
