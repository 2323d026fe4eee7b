import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PurchaseSeatsStatus, PurchaseSeatsTable } from '../db/schema';

/** One place a purchase holds: its label, the ticket type (event file id) it is sold as, how many places (areas), its kind. */
export interface HeldSeat {
  label: string;
  ticketId: number;
  quantity: number;
  objectType: string;
}

export type PurchaseSeatsRow = Omit<Selectable<PurchaseSeatsTable>, 'seats_json'> & { seats: HeldSeat[] };

function decode({ seats_json, ...row }: Selectable<PurchaseSeatsTable>): PurchaseSeatsRow {
  return { ...row, seats: JSON.parse(seats_json) as HeldSeat[] };
}

/**
 * Records the seats of a new purchase, inside its holding transaction. False when the hold token
 * already backs another live purchase (the unique index on live tokens): the caller rolls back.
 */
export async function insertPurchaseSeats(trx: Kysely<Database>, row: PurchaseSeatsRow): Promise<boolean> {
  const { seats, ...rest } = row;
  const result = await trx
    .insertInto('purchase_seats')
    .values({ ...rest, seats_json: JSON.stringify(seats) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPurchaseSeats(db: Kysely<Database>, purchaseId: string): Promise<PurchaseSeatsRow | undefined> {
  const row = await db.selectFrom('purchase_seats').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
  return row && decode(row);
}

/** The seats of several purchases that are still `held` or `kept` at the provider. */
export async function liveSeatsOf(db: Kysely<Database>, purchaseIds: string[]): Promise<PurchaseSeatsRow[]> {
  if (purchaseIds.length === 0) return [];
  const rows = await db.selectFrom('purchase_seats').selectAll().where('purchase_id', 'in', purchaseIds).where('status', 'in', ['held', 'kept']).execute();
  return rows.map(decode);
}

/** Moves a purchase's seats from one of `from` to `to` (compare-and-set: one caller does each change). */
export async function movePurchaseSeats(db: Kysely<Database>, purchaseId: string, from: PurchaseSeatsStatus[], to: PurchaseSeatsStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('purchase_seats')
    .set({ status: to, updated_at: now })
    .where('purchase_id', '=', purchaseId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces a booked purchase's places with `seats` when they are still `before` (compare-and-set on the stored list:
 * of two changes at once one wins and the other reads again). False when they changed or are no longer booked.
 */
export async function replaceBookedSeats(db: Kysely<Database>, purchaseId: string, before: HeldSeat[], seats: HeldSeat[], now: string): Promise<boolean> {
  const result = await db
    .updateTable('purchase_seats')
    .set({ seats_json: JSON.stringify(seats), updated_at: now })
    .where('purchase_id', '=', purchaseId)
    .where('status', '=', 'booked')
    .where('seats_json', '=', JSON.stringify(before))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A purchase whose places the seat provider still holds, though it has since been paid or has ended. */
export interface SeatsOwed {
  purchaseId: string;
  paid: boolean;
  /** The seats row's `updated_at` as read: `takeOwedSeats` compares it. */
  updatedAt: string;
}

/**
 * Purchases whose seats are still `held` or `kept` though the purchase is paid (owed a booking)
 * or has given its stock back without paying (owed a release), neither changed since
 * `staleBefore`, at most `limit`. The literal `status in (…)` is the live-token index's own
 * condition, so the scan walks that index: only the live seats, never the event's history.
 */
export async function seatsOwedToProvider(db: Kysely<Database>, staleBefore: string, limit: number): Promise<SeatsOwed[]> {
  const rows = await db.selectFrom('purchase_seats as s')
    .innerJoin('purchases as p', 'p.id', 's.purchase_id')
    .select(['s.purchase_id', 's.updated_at', 'p.status'])
    .where(sql<boolean>`s.status in ('held', 'kept')`)
    .where((eb) => eb.or([eb('p.status', '=', 'paid'), eb('p.stock_counted', '=', 0)]))
    .where('p.updated_at', '<', staleBefore)
    .where('s.updated_at', '<', staleBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ purchaseId: r.purchase_id, paid: r.status === 'paid', updatedAt: r.updated_at }));
}

/**
 * Takes an owed row for this caller by moving its `updated_at` from what was read to `now`: of
 * several processes that found it, one gets true, and the others will not find it again before
 * `staleBefore` passes `now`.
 */
export async function takeOwedSeats(db: Kysely<Database>, owed: SeatsOwed, now: string): Promise<boolean> {
  const result = await db.updateTable('purchase_seats').set({ updated_at: now })
    .where('purchase_id', '=', owed.purchaseId).where('updated_at', '=', owed.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
