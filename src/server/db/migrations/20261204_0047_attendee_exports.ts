import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The attendee list and its exports read each ticket's first admission (`exports/`): an index on
 * `checkin_entries (ticket_id, scanned_at)` answers a batch's tickets without reading the event's other entries.
 */
export function attendeeExportsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index checkin_entries_ticket on checkin_entries (ticket_id, scanned_at)`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index checkin_entries_ticket`.execute(db);
}
