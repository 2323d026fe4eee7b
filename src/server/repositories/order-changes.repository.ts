import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BuyerCancellationTable, Database, PayoutTable, RevocationReason } from '../db/schema';
import { notRevoked } from './emission.repository';

/**
 * The SQL of a buyer's changes after paying (`orders/transfer-ticket.ts`, `orders/cancel-by-buyer.ts`):
 * a purchase's live tickets, revocations of chosen tickets, the order's events, cancellations and payouts.
 */

export type BuyerCancellationRow = Omit<Selectable<BuyerCancellationTable>, 'ticket_ids_json'> & { ticket_ids: string[] };
export type PayoutRow = Selectable<PayoutTable>;

/** A purchase's tickets not revoked, in unit order, with what each unit of its ticket type cost and whether it entered. */
export async function liveTicketsOf(db: Kysely<Database>, purchaseId: string) {
  const rows = await db
    .selectFrom('tickets as t')
    .innerJoin('purchase_lines as l', (j) => j.onRef('l.purchase_id', '=', 't.purchase_id').on('l.kind', '=', 'ticket').onRef('l.item_id', '=', 't.ticket_type_id'))
    .select(['t.id', 't.ticket_type_id', 't.unit_index', 't.transferred_from', 't.holder_email', 't.seat_label', 'l.unit_price_cents'])
    .select((eb) => eb.exists(eb.selectFrom('checkin_entries as c').select('c.id').whereRef('c.ticket_id', '=', 't.id')).as('entered'))
    .where('t.purchase_id', '=', purchaseId)
    .where(notRevoked)
    .orderBy('t.unit_index')
    .execute();
  return rows.map((r) => ({ ...r, entered: Boolean(r.entered) }));
}
export type LiveTicket = Awaited<ReturnType<typeof liveTicketsOf>>[number];

/** A ticket of a purchase, live or not. */
export async function findTicketOfPurchase(db: Kysely<Database>, purchaseId: string, ticketId: string) {
  return db.selectFrom('tickets').selectAll().where('purchase_id', '=', purchaseId).where('id', '=', ticketId).executeTakeFirst();
}

/** The ticket a transfer replaced with `ticketId`, if any. */
export async function ticketReplacedBy(db: Kysely<Database>, ticketId: string): Promise<string | null> {
  const row = await db.selectFrom('tickets').select('transferred_from').where('id', '=', ticketId).executeTakeFirst();
  return row?.transferred_from ?? null;
}

/** The largest unit index of a purchase's tickets (a transfer's new ticket takes the next). */
export async function lastUnitIndex(db: Kysely<Database>, purchaseId: string): Promise<number> {
  const row = await db.selectFrom('tickets').select((eb) => eb.fn.max<number | string | null>('unit_index').as('n')).where('purchase_id', '=', purchaseId).executeTakeFirst();
  return Number(row?.n ?? -1);
}

/** Revokes these tickets of an event, once each (the unique ticket id); returns how many this call revoked. */
export async function revokeTickets(db: Kysely<Database>, eventId: number, ticketIds: string[], reason: RevocationReason, now: string): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const result = await db.insertInto('ticket_revocations')
    .values(ticketIds.map((id) => ({ ticket_id: id, event_id: eventId, reason, created_at: now })))
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function insertCancellation(db: Kysely<Database>, row: Omit<Insertable<BuyerCancellationTable>, 'ticket_ids_json'> & { ticket_ids: string[] }): Promise<void> {
  const { ticket_ids, ...values } = row;
  await db.insertInto('buyer_cancellations').values({ ...values, ticket_ids_json: JSON.stringify(ticket_ids) }).execute();
}

export async function findCancellation(db: Kysely<Database>, id: string): Promise<BuyerCancellationRow | undefined> {
  const row = await db.selectFrom('buyer_cancellations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { ticket_ids_json, ...rest } = row;
  return { ...rest, ticket_ids: JSON.parse(ticket_ids_json) as string[] };
}

/** What the cancellations of a purchase gave back or owe (through the provider or by payout), in centavos. */
export async function refundedByCancellations(db: Kysely<Database>, purchaseId: string): Promise<number> {
  const row = await db.selectFrom('buyer_cancellations').select((eb) => eb.fn.sum<number | string | null>('refund_cents').as('n')).where('purchase_id', '=', purchaseId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Takes a cancellation's provider refund for this caller only (required → in_progress, or one left in progress before `staleBefore`). */
export async function claimCancellationRefund(db: Kysely<Database>, id: string, now: string, staleBefore: string): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable('buyer_cancellations').set({ refund_status: 'in_progress', updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('refund_status', '=', 'required'), eb.and([eb('refund_status', '=', 'in_progress'), eb('updated_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}

/** The provider's refund call failed (owed again) or was made (`reference`). */
export async function finishCancellationRefund(db: Kysely<Database>, id: string, outcome: { reference: string } | 'failed', now: string): Promise<void> {
  await db.updateTable('buyer_cancellations')
    .set(outcome === 'failed' ? { refund_status: 'required', updated_at: now } : { refund_status: 'done', refund_reference: outcome.reference, updated_at: now })
    .where('id', '=', id).where('refund_status', '=', 'in_progress').execute();
}

/** Cancellations whose provider refund is owed, or was abandoned mid-call (for the retry loop). */
export async function cancellationsOwingRefund(db: Kysely<Database>, staleBefore: string): Promise<string[]> {
  const rows = await db.selectFrom('buyer_cancellations').select('id')
    .where((eb) => eb.or([eb('refund_status', '=', 'required'), eb.and([eb('refund_status', '=', 'in_progress'), eb('updated_at', '<', staleBefore)])]))
    .limit(50).execute();
  return rows.map((r) => r.id);
}

export async function insertPayout(db: Kysely<Database>, row: Insertable<PayoutTable>): Promise<void> {
  await db.insertInto('payouts').values(row).execute();
}

export async function findPayout(db: Kysely<Database>, id: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a queued payout paid, once (compare-and-set on its status); false when it was not queued. */
export async function confirmPayout(db: Kysely<Database>, id: string, by: string, now: string): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable('payouts').set({ status: 'paid', confirmed_by: by, confirmed_at: now })
    .where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(numUpdatedRows) === 1;
}
