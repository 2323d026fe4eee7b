import type { Kysely, Selectable } from 'kysely';
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
