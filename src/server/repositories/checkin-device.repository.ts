import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CheckinDeviceTable, Database } from '../db/schema';

export type CheckinDeviceRow = Selectable<CheckinDeviceTable>;

export async function insertCheckinDevice(db: Kysely<Database>, row: Insertable<CheckinDeviceTable>): Promise<void> {
  await db.insertInto('checkin_devices').values(row).execute();
}

/** The device a token (its SHA-256) belongs to, unless revoked. */
export async function findActiveDeviceByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<CheckinDeviceRow | undefined> {
  return db.selectFrom('checkin_devices').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Revokes a device of the event; false when the event has no such device. */
export async function revokeCheckinDevice(db: Kysely<Database>, eventId: number, deviceId: string, now: string): Promise<boolean> {
  const found = await db.selectFrom('checkin_devices').select('id').where('id', '=', deviceId).where('event_id', '=', eventId).executeTakeFirst();
  if (!found) return false;
  await db.updateTable('checkin_devices').set({ revoked_at: now }).where('id', '=', deviceId).where('revoked_at', 'is', null).execute();
  return true;
}

/** Gives a device a new token (its SHA-256): the old one opens nothing from then on. */
export async function setDeviceTokenHash(db: Kysely<Database>, deviceId: string, tokenHash: string): Promise<void> {
  await db.updateTable('checkin_devices').set({ token_hash: tokenHash }).where('id', '=', deviceId).execute();
}

export async function touchDeviceSync(db: Kysely<Database>, deviceId: string, now: string): Promise<void> {
  await db.updateTable('checkin_devices').set({ last_sync_at: now }).where('id', '=', deviceId).execute();
}

export async function listCheckinDevices(db: Kysely<Database>, eventId: number): Promise<CheckinDeviceRow[]> {
  return db.selectFrom('checkin_devices').selectAll().where('event_id', '=', eventId).orderBy('created_at').execute();
}

/** Device names by id (for "already used at … by Puerta A"). */
export async function deviceNames(db: Kysely<Database>, deviceIds: string[]): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.selectFrom('checkin_devices').select(['id', 'name']).where('id', 'in', deviceIds).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
