import type { Kysely, Selectable } from 'kysely';
import type { Database, EventVersionTable } from '../db/schema';

export type EventVersionRow = Selectable<EventVersionTable>;
export type EventVersionSummary = Omit<EventVersionRow, 'file_text'>;

/** Keeps the file of one import (in the import's transaction). */
export async function insertEventVersion(trx: Kysely<Database>, row: EventVersionRow): Promise<void> {
  await trx.insertInto('event_versions').values(row).execute();
}

/** An event's stored versions without their files, newest first. */
export async function listEventVersions(db: Kysely<Database>, eventId: number): Promise<EventVersionSummary[]> {
  return db
    .selectFrom('event_versions')
    .select(['event_id', 'version', 'size_bytes', 'imported_at', 'imported_by'])
    .where('event_id', '=', eventId)
    .orderBy('version', 'desc')
    .execute();
}

/** One stored version with its file; undefined when that version was never stored. */
export async function findEventVersion(db: Kysely<Database>, eventId: number, version: number): Promise<EventVersionRow | undefined> {
  return db.selectFrom('event_versions').selectAll().where('event_id', '=', eventId).where('version', '=', version).executeTakeFirst();
}
