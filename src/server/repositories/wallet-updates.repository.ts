import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What a registration names: the device's Wallet, the pass type and the serial (our ticket id). */
export interface PassRegistrationKey { deviceLibraryId: string; passTypeId: string; serialNumber: string }

/**
 * Registers a device for a pass's updates, or refreshes its push token when it was registered already.
 * True when the registration is new (Apple's 201), false when it existed (200).
 */
export async function registerPassDevice(db: Kysely<Database>, key: PassRegistrationKey, pushToken: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('wallet_apple_registrations')
    .values({ device_library_id: key.deviceLibraryId, pass_type_id: key.passTypeId, serial_number: key.serialNumber, push_token: pushToken, created_at: now })
    .onConflict((oc) => oc.columns(['device_library_id', 'pass_type_id', 'serial_number']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  await db.updateTable('wallet_apple_registrations').set({ push_token: pushToken }).where(sameRegistration(key)).execute();
  return false;
}

/** Forgets a device's registration for a pass (the pass was deleted from the phone). */
export async function unregisterPassDevice(db: Kysely<Database>, key: PassRegistrationKey): Promise<void> {
  await db.deleteFrom('wallet_apple_registrations').where(sameRegistration(key)).execute();
}

function sameRegistration(key: PassRegistrationKey) {
  return (eb: ExpressionBuilder<Database, 'wallet_apple_registrations'>) =>
    eb.and([eb('device_library_id', '=', key.deviceLibraryId), eb('pass_type_id', '=', key.passTypeId), eb('serial_number', '=', key.serialNumber)]);
}

/**
 * The serials a device registered for under a pass type that changed after change `since` (every one
 * without `since`), and the newest change id among them (the next tag; 0 when none ever changed).
 */
export async function serialsChangedSince(db: Kysely<Database>, deviceLibraryId: string, passTypeId: string, since: number | undefined): Promise<{ serials: string[]; lastChange: number }> {
  let query = db
    .selectFrom('wallet_apple_registrations as r')
    .leftJoin('wallet_pass_changes as c', 'c.ticket_id', 'r.serial_number')
    .select((eb) => ['r.serial_number', eb.fn.max('c.id').as('last_change')])
    .where('r.device_library_id', '=', deviceLibraryId)
    .where('r.pass_type_id', '=', passTypeId)
    .groupBy('r.serial_number');
  if (since !== undefined) query = query.having((eb) => eb.fn.max('c.id'), '>', since);
  const rows = await query.orderBy('r.serial_number').execute();
  return { serials: rows.map((row) => row.serial_number), lastChange: Math.max(since ?? 0, ...rows.map((row) => Number(row.last_change ?? 0))) };
}

/** The push tokens of every device registered for these tickets' passes under a pass type. */
export async function pushTokensOf(db: Kysely<Database>, passTypeId: string, ticketIds: readonly string[]): Promise<string[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .selectFrom('wallet_apple_registrations')
    .select('push_token')
    .distinct()
    .where('pass_type_id', '=', passTypeId)
    .where('serial_number', 'in', ticketIds)
    .execute();
  return rows.map((row) => row.push_token);
}

/** Records that these tickets' passes changed (one row each); the tickets must exist. */
export async function recordPassChanges(db: Kysely<Database>, ticketIds: readonly string[], now: string): Promise<void> {
  if (ticketIds.length === 0) return;
  await db.insertInto('wallet_pass_changes').values(ticketIds.map((ticketId) => ({ ticket_id: ticketId, changed_at: now }))).execute();
}

/** When a ticket was issued and when its pass last changed (null if never); undefined for no such ticket. */
export async function passTimes(db: Kysely<Database>, ticketId: string): Promise<{ issuedAt: string; changedAt: string | null } | undefined> {
  const row = await db
    .selectFrom('tickets as t')
    .leftJoin('wallet_pass_changes as c', 'c.ticket_id', 't.id')
    .select((eb) => ['t.created_at', eb.fn.max('c.changed_at').as('changed_at')])
    .where('t.id', '=', ticketId)
    .groupBy('t.created_at')
    .executeTakeFirst();
  return row ? { issuedAt: row.created_at, changedAt: row.changed_at ?? null } : undefined;
}

/** Forgets every registration of a push token APNs says is no longer valid (`Unregistered`, `BadDeviceToken`). */
export async function forgetPushToken(db: Kysely<Database>, passTypeId: string, pushToken: string): Promise<void> {
  await db.deleteFrom('wallet_apple_registrations').where('pass_type_id', '=', passTypeId).where('push_token', '=', pushToken).execute();
}
