import { sql, type Kysely, type Selectable } from 'kysely';
import type { CheckinEntryTable, Database } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';

export type CheckinEntryRow = Selectable<CheckinEntryTable>;

/** The answers stored for these scan nonces of a device (the scans already decided), by nonce. */
export async function findScanResults(db: Kysely<Database>, deviceId: string, nonces: string[]): Promise<Map<string, string>> {
  if (nonces.length === 0) return new Map();
  const rows = await db.selectFrom('checkin_scans').select(['nonce', 'result_json']).where('device_id', '=', deviceId).where('nonce', 'in', nonces).execute();
  return new Map(rows.map((r) => [r.nonce, r.result_json]));
}

/**
 * Stores each scan's answer once (one statement); answers the nonces stored by this call. A nonce left out was
 * stored first by a concurrent request: its answer is the one stored.
 */
export async function storeScanResults(db: Kysely<Database>, rows: { device_id: string; nonce: string; result_json: string; created_at: string }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const stored = await db.insertInto('checkin_scans').values(rows).onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing()).returning('nonce').execute();
  return new Set(stored.map((r) => r.nonce));
}

/** The entries on the list of these tickets, by ticket, each ticket's in entry order (the first is what "already used" reports). */
export async function entriesOfTickets(db: Kysely<Database>, eventId: number, listId: string, ticketIds: string[]): Promise<Map<string, CheckinEntryRow[]>> {
  const entries = new Map<string, CheckinEntryRow[]>();
  if (ticketIds.length === 0) return entries;
  const rows = await db.selectFrom('checkin_entries').selectAll().where('event_id', '=', eventId).where('list_id', '=', listId).where('ticket_id', 'in', ticketIds)
    .orderBy('ticket_id').orderBy('entry_number').execute();
  for (const row of rows) {
    const list = entries.get(row.ticket_id);
    if (list) list.push(row);
    else entries.set(row.ticket_id, [row]);
  }
  return entries;
}

/**
 * Records entry `entry_number` of a ticket on a list: its id, or undefined when that entry already exists
 * (another device admitted it first: the unique key decides, whatever arrives at the same moment).
 */
export async function insertEntry(db: Kysely<Database>, row: Omit<CheckinEntryRow, 'id' | 'exited_at'>): Promise<number | undefined> {
  const inserted = await db.insertInto('checkin_entries').values({ ...row, exited_at: null })
    .onConflict((oc) => oc.columns(['list_id', 'event_id', 'ticket_id', 'entry_number']).doNothing()).returning('id').executeTakeFirst();
  return inserted?.id;
}

/** Marks an entry as left (an `out` scan); false when it already was. */
export async function markExited(db: Kysely<Database>, entryId: number, at: string): Promise<boolean> {
  const result = await db.updateTable('checkin_entries').set({ exited_at: at }).where('id', '=', entryId).where('exited_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordConflict(db: Kysely<Database>, row: { event_id: number; list_id: string; ticket_id: string; device_id: string; nonce: string; scanned_at: string; created_at: string }): Promise<void> {
  await db.insertInto('checkin_conflicts').values(row).onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing()).execute();
}

/** Of these tickets, those inside on the list now (an entry without exit). */
export async function ticketsInside(db: Kysely<Database>, eventId: number, listId: string, ticketIds: string[]): Promise<Set<string>> {
  const inside = new Set<string>();
  for (let i = 0; i < ticketIds.length; i += 500) {
    const rows = await db.selectFrom('checkin_entries').select('ticket_id').where('event_id', '=', eventId).where('list_id', '=', listId)
      .where('exited_at', 'is', null).where('ticket_id', 'in', ticketIds.slice(i, i + 500)).execute();
    for (const row of rows) inside.add(row.ticket_id);
  }
  return inside;
}

/** Admitted tickets (distinct) per list and ticket type id, and conflicts per list, for the organiser's report. */
export async function checkinCounts(db: Kysely<Database>, eventId: number) {
  const admitted = await db
    .selectFrom('checkin_entries as e')
    .innerJoin('tickets as t', 't.id', 'e.ticket_id')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .select(['e.list_id', 'tt.external_id as type', sql<number>`count(distinct e.ticket_id)`.as('n')])
    .where('e.event_id', '=', eventId)
    .groupBy(['e.list_id', 'tt.external_id'])
    .execute();
  const conflicts = await db.selectFrom('checkin_conflicts').select(['list_id', sql<number>`count(*)`.as('n')]).where('event_id', '=', eventId).groupBy('list_id').execute();
  const issued = await db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .select(['tt.external_id as type', sql<number>`count(*)`.as('n')])
    .where('t.event_id', '=', eventId)
    .where('p.status', 'in', TICKETS_LIVE)
    .groupBy('tt.external_id')
    .execute();
  return { admitted, conflicts, issued };
}
