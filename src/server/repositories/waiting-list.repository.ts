import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PurchaseStatus, WaitingListEntryTable } from '../db/schema';

export type WaitingEntryRow = Selectable<WaitingListEntryTable>;

/** Adds an entry unless its address already has one for that ticket type; true when this call added it. */
export async function insertWaitingEntry(db: Kysely<Database>, row: Insertable<WaitingListEntryTable>): Promise<boolean> {
  const result = await db.insertInto('waiting_list_entries').values(row)
    .onConflict((oc) => oc.columns(['ticket_type_id', 'email']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findWaitingEntry(db: Kysely<Database>, id: string): Promise<WaitingEntryRow | undefined> {
  return db.selectFrom('waiting_list_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findWaitingEntryByKey(db: Kysely<Database>, keyHash: string): Promise<WaitingEntryRow | undefined> {
  return db.selectFrom('waiting_list_entries').selectAll().where('confirm_key_hash', '=', keyHash).executeTakeFirst();
}

/** Gives an unconfirmed entry the hash of a new confirmation key (each confirmation e-mail has its own); false once confirmed. */
export async function setConfirmKey(db: Kysely<Database>, id: string, keyHash: string): Promise<boolean> {
  const result = await db.updateTable('waiting_list_entries').set({ confirm_key_hash: keyHash })
    .where('id', '=', id).where('status', '=', 'unconfirmed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts an unconfirmed entry in line at `now` (compare-and-set on its status: of two confirmations, one places it). */
export async function confirmWaitingEntry(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('waiting_list_entries').set({ status: 'waiting', confirmed_at: now })
    .where('id', '=', id).where('status', '=', 'unconfirmed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The events and ticket types that have someone waiting in line. */
export function linesWaiting(db: Kysely<Database>): Promise<{ event_id: number; ticket_type_id: number }[]> {
  return db.selectFrom('waiting_list_entries').select(['event_id', 'ticket_type_id']).distinct()
    .where('status', '=', 'waiting').orderBy('event_id').orderBy('ticket_type_id').execute();
}

/** The ticket types (internal ids) of an event that have someone waiting in line. */
export async function typesWithLine(db: Kysely<Database>, eventId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('waiting_list_entries').select('ticket_type_id').distinct()
    .where('event_id', '=', eventId).where('status', '=', 'waiting').execute();
  return new Set(rows.map((r) => r.ticket_type_id));
}

/** The first entry in a ticket type's line: the earliest confirmation (then its id). */
export function nextInLine(db: Kysely<Database>, ticketTypeId: number): Promise<WaitingEntryRow | undefined> {
  return db.selectFrom('waiting_list_entries').selectAll().where('ticket_type_id', '=', ticketTypeId).where('status', '=', 'waiting')
    .orderBy('confirmed_at').orderBy('id').limit(1).executeTakeFirst();
}

/**
 * Marks a waiting entry offered with its held purchase, in the offer's transaction (compare-and-set on its
 * status: of two processes offering to it at once, one does; `purchase_id` is unique, one offer per entry).
 */
export async function claimOffer(trx: Kysely<Database>, id: string, purchaseId: string, now: string): Promise<boolean> {
  const result = await trx.updateTable('waiting_list_entries').set({ status: 'offered', purchase_id: purchaseId, offered_at: now })
    .where('id', '=', id).where('status', '=', 'waiting').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An event's entries with their ticket type and their offer's purchase, in line order (unconfirmed last, newest first). */
export function listEventEntries(db: Kysely<Database>, eventId: number): Promise<(WaitingEntryRow & {
  ticket_name: string; ticket_external_id: number; purchase_status: PurchaseStatus | null; purchase_expires_at: string | null; purchase_stock_until: string | null; purchase_emission_id: string | null;
})[]> {
  return db.selectFrom('waiting_list_entries as w')
    .innerJoin('ticket_types as t', 't.id', 'w.ticket_type_id')
    .leftJoin('purchases as p', 'p.id', 'w.purchase_id')
    .selectAll('w')
    .select(['t.name as ticket_name', 't.external_id as ticket_external_id', 'p.status as purchase_status', 'p.expires_at as purchase_expires_at', 'p.stock_until as purchase_stock_until', 'p.emission_id as purchase_emission_id'])
    .where('w.event_id', '=', eventId)
    .orderBy('w.ticket_type_id').orderBy((eb) => eb.case().when('w.confirmed_at', 'is', null).then(1).else(0).end())
    .orderBy('w.confirmed_at').orderBy('w.created_at', 'desc').orderBy('w.id')
    .limit(5000)
    .execute();
}

/** Where a waiting entry stands in its ticket type's line (1: next to be offered tickets). */
export async function placeInLine(db: Kysely<Database>, entry: Pick<WaitingEntryRow, 'id' | 'ticket_type_id' | 'confirmed_at'>): Promise<number> {
  const row = await db.selectFrom('waiting_list_entries').select((eb) => eb.fn.countAll().as('n'))
    .where('ticket_type_id', '=', entry.ticket_type_id).where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('confirmed_at', '<', entry.confirmed_at!), eb.and([eb('confirmed_at', '=', entry.confirmed_at!), eb('id', '<', entry.id)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}
