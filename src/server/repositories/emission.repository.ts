import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EmissionTable, TicketTable } from '../db/schema';

export type EmissionRow = Selectable<EmissionTable>;
export type TicketRow = Selectable<TicketTable>;

/** Stores the emission of a purchase; the unique `purchase_id` refuses a second one. */
export async function insertEmission(db: Kysely<Database>, row: Insertable<EmissionTable>): Promise<void> {
  await db.insertInto('emissions').values(row).execute();
}

/** The emission of a purchase, or undefined while it has none. */
export async function findEmissionOfPurchase(db: Kysely<Database>, purchaseId: string): Promise<EmissionRow | undefined> {
  return db.selectFrom('emissions').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
}

/** Stores the tickets of an emission. */
export async function insertTickets(db: Kysely<Database>, rows: Insertable<TicketTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('tickets').values(rows).execute();
}

/** The highest folio issued so far for an event (0 when none); read under the event's stock lock. */
export async function lastFolio(db: Kysely<Database>, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.max<number | string | null>('folio').as('folio'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.folio ?? 0);
}

/**
 * The live tickets of a purchase (not revoked: transferred or cancelled) in unit order, with their ticket type's
 * name: the buyer's own (not those transferred to someone else), or with `ticketId` that one ticket whoever holds it.
 */
export async function listTicketsOfPurchase(db: Kysely<Database>, purchaseId: string, ticketId?: string) {
  let query = db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .selectAll('t')
    .select('tt.name as ticket_type_name')
    .where('t.purchase_id', '=', purchaseId)
    .where(notRevoked);
  query = ticketId === undefined ? query.where('t.holder_email', 'is', null) : query.where('t.id', '=', ticketId);
  return query.orderBy('t.unit_index').execute();
}

/** The ids of every ticket a purchase was ever issued, revoked ones included (whose passes must learn they are void). */
export async function ticketIdsOfPurchase(db: Kysely<Database>, purchaseId: string): Promise<string[]> {
  return (await db.selectFrom('tickets').select('id').where('purchase_id', '=', purchaseId).orderBy('unit_index').execute()).map((row) => row.id);
}

/**
 * The tickets a purchase was issued at payment (not those a transfer issued since), revoked ones included, in unit
 * order: the order of the attendee answers of each ticket type.
 */
export async function issuedTicketsOfPurchase(db: Kysely<Database>, purchaseId: string) {
  return db.selectFrom('tickets').select(['id', 'ticket_type_id']).where('purchase_id', '=', purchaseId).where('transferred_from', 'is', null).orderBy('unit_index').execute();
}

/** `t` (a tickets row) has no revocation: its code still admits. */
export function notRevoked(eb: ExpressionBuilder<Database & { t: TicketTable }, 't'>) {
  return eb.not(eb.exists(eb.selectFrom('ticket_revocations as r').select('r.id').whereRef('r.ticket_id', '=', 't.id')));
}

/** Gives a ticket its holder's new name (the buyer corrected the answers): the PDF, the passes and the door read it from here. */
export async function renameTicketHolder(db: Kysely<Database>, ticketId: string, attendeeName: string): Promise<void> {
  await db.updateTable('tickets').set({ attendee_name: attendeeName }).where('id', '=', ticketId).execute();
}
