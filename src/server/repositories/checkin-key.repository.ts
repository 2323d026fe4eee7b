import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CheckinKeyTable, Database } from '../db/schema';

export type CheckinKeyRow = Selectable<CheckinKeyTable>;

/** Stores a key pair; a pair already stored under that (event, key id) wins. */
export async function insertCheckinKey(db: Kysely<Database>, row: Insertable<CheckinKeyTable>): Promise<void> {
  await db.insertInto('checkin_keys').values(row).onConflict((oc) => oc.columns(['event_id', 'key_id']).doNothing()).execute();
}

/** The key that signs the event's new codes. */
export async function newestCheckinKey(db: Kysely<Database>, eventId: number): Promise<CheckinKeyRow | undefined> {
  return db.selectFrom('checkin_keys').selectAll().where('event_id', '=', eventId).orderBy('key_id', 'desc').limit(1).executeTakeFirst();
}

/** Every key of the event, oldest first. */
export async function listCheckinKeys(db: Kysely<Database>, eventId: number): Promise<CheckinKeyRow[]> {
  return db.selectFrom('checkin_keys').selectAll().where('event_id', '=', eventId).orderBy('key_id').execute();
}
