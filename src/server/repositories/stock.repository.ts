import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';
import { affectedRows, precompiled } from './precompiled';

/** Purchases of an event (`p`) whose stock is taken and unpaid at `now`: held orders and pending vouchers before `stock_until`. */
export function liveUnpaidPurchases(db: Kysely<Database>, eventId: number, now: string) {
  return db
    .selectFrom('purchases as p')
    .where('p.event_id', '=', eventId)
    .where('p.status', 'in', ['held', 'pending'])
    .where('p.stock_until', '>', now);
}

export type StockKind = 'ticket' | 'product';

/** The counters of one ticket type or product: what it has (`capacity` or `stock`), units paid for, units in counted holds. */
export interface StockRow { id: number; total: number; sold: number; held: number }

const stockTable = (kind: StockKind) => (kind === 'ticket' ? 'ticket_types' : 'products');

/**
 * Adds `quantity` to an item's `held` counter only if that many units are left
 * (`total − sold − held ≥ quantity`): one statement, atomic on the row, so concurrent buyers of
 * the same item queue on that row alone. False when they are not left.
 */
export async function takeHeld(trx: Kysely<Database>, kind: StockKind, itemId: number, quantity: number): Promise<boolean> {
  return affectedRows(await (kind === 'ticket' ? takeTicketUnits : takeProductUnits)(trx, { itemId, quantity })) === 1;
}

type Take = { itemId: number; quantity: number };
// The statement every hold runs per item: compiled once (precompiled.ts).
const takeTicketUnits = precompiled<Take>(['itemId', 'quantity'], (db, p) => db.updateTable('ticket_types').set((eb) => ({ held: eb('held', '+', p.quantity) }))
  .where('id', '=', p.itemId).where((eb) => eb(eb(eb.ref('capacity'), '-', eb.ref('sold')), '-', eb.ref('held')), '>=', p.quantity));
const takeProductUnits = precompiled<Take>(['itemId', 'quantity'], (db, p) => db.updateTable('products').set((eb) => ({ held: eb('held', '+', p.quantity) }))
  .where('id', '=', p.itemId).where((eb) => eb(eb(eb.ref('stock'), '-', eb.ref('sold')), '-', eb.ref('held')), '>=', p.quantity));

/** Moves an item's counters by `held` and `sold` units (either may be negative or 0). */
export async function moveCounters(trx: Kysely<Database>, kind: StockKind, itemId: number, held: number, sold = 0): Promise<void> {
  await trx.updateTable(stockTable(kind)).set((eb) => ({ held: eb('held', '+', held), sold: eb('sold', '+', sold) })).where('id', '=', itemId).execute();
}

/** Units per item in these purchases' lines (less those its buyer cancelled), items in (kind, id) order: tickets first, each in id order (the order rows are locked in). */
async function unitsOf(trx: Kysely<Database>, purchaseIds: string[]): Promise<{ kind: StockKind; itemId: number; units: number }[]> {
  const rows = await trx.selectFrom('purchase_lines')
    .select(['kind', 'item_id', (eb) => eb.fn.sum<number | string>(eb('quantity', '-', eb.ref('cancelled_quantity'))).as('units')])
    .where('purchase_id', 'in', purchaseIds)
    .groupBy(['kind', 'item_id'])
    .orderBy('kind', 'desc').orderBy('item_id')
    .execute();
  // PostgreSQL returns SUM as a string (bigint); SQLite as a number.
  return rows.map((r) => ({ kind: r.kind, itemId: Number(r.item_id), units: Number(r.units) }));
}

/**
 * Marks `units` (per ticket type, internal id) of a purchase's ticket lines cancelled by its buyer and takes them
 * out of `sold`, ticket types in id order (`orders/lifecycle.ts`, with the move to `partially_cancelled`).
 */
export async function cancelTicketUnits(trx: Kysely<Database>, purchaseId: string, units: ReadonlyMap<number, number>): Promise<void> {
  for (const [itemId, quantity] of [...units].sort(([a], [b]) => a - b)) {
    await trx.updateTable('purchase_lines').set((eb) => ({ cancelled_quantity: eb('cancelled_quantity', '+', quantity) }))
      .where('purchase_id', '=', purchaseId).where('kind', '=', 'ticket').where('item_id', '=', itemId).execute();
    await moveCounters(trx, 'ticket', itemId, 0, -quantity);
  }
}

/** Moves the counters of every item of a purchase: `held` by `heldSign` × its units, `sold` by `soldSign` × its units. */
export async function movePurchaseCounters(trx: Kysely<Database>, purchaseId: string, heldSign: number, soldSign: number): Promise<void> {
  for (const u of await unitsOf(trx, [purchaseId])) await moveCounters(trx, u.kind, u.itemId, heldSign * u.units, soldSign * u.units);
}

/** The counters of these items, their rows locked until the transaction ends where the database can (`FOR UPDATE`, PostgreSQL), in id order. */
export async function lockStockRows(trx: Kysely<Database>, kind: StockKind, ids: number[], forUpdate: boolean): Promise<Map<number, StockRow>> {
  if (ids.length === 0) return new Map();
  const query = kind === 'ticket'
    ? trx.selectFrom('ticket_types').select(['id', 'capacity as total', 'sold', 'held']).where('id', 'in', ids).orderBy('id')
    : trx.selectFrom('products').select(['id', 'stock as total', 'sold', 'held']).where('id', 'in', ids).orderBy('id');
  const rows = await (forUpdate ? query.forUpdate() : query).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Units per item still in the counters for holds already over at `now` (counted purchases whose
 * `stock_until` passed, not released yet): subtracting them makes a read of the counters exact
 * without writing. Bounded by the (event_id, stock_counted, stock_until) index to what awaits release.
 */
export async function expiredCounted(db: Kysely<Database>, eventId: number, kind: StockKind, now: string): Promise<Map<number, number>> {
  const query = db
    .selectFrom('purchases as p')
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('p.event_id', '=', eventId)
    .where('p.stock_counted', '=', 1)
    .where('p.stock_until', '<=', now)
    .where('l.kind', '=', kind)
    .groupBy('l.item_id')
    .select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('units')]);
  // PostgreSQL returns SUM as a string (bigint); SQLite as a number.
  return new Map((await query.execute()).map((r) => [Number(r.item_id), Number(r.units)]));
}

/** What is left of an item right now: total − sold − held, the holds already over (`expired`) given back. */
export function remaining(item: { id: number; sold: number; held: number }, total: number, expired: Map<number, number> = new Map()): number {
  return total - item.sold - item.held + (expired.get(item.id) ?? 0);
}

/** Up to `limit` counted purchases of an event whose `stock_until` passed: what the next release gives back. */
export async function findExpiredCounted(db: Kysely<Database>, eventId: number, now: string, limit: number): Promise<string[]> {
  const { rows } = await expiredCountedIds(db, { eventId, now, limit });
  return (rows as { id: string }[]).map((r) => r.id);
}

// Every purchase probes for holds to release first: compiled once (precompiled.ts).
const expiredCountedIds = precompiled<{ eventId: number; now: string; limit: number }>(['eventId', 'now', 'limit'], (db, p) =>
  db.selectFrom('purchases').select('id').where('event_id', '=', p.eventId).where('stock_counted', '=', 1).where('stock_until', '<=', p.now).limit(p.limit));

/**
 * Takes these purchases out of the counters: marks them uncounted (only the ones still counted,
 * so two releasing at once give each back once) and subtracts their lines from `held`, items in
 * (kind, id) order. Returns how many it released.
 */
export async function releaseCounted(trx: Kysely<Database>, purchaseIds: string[]): Promise<number> {
  if (purchaseIds.length === 0) return 0;
  const released = await trx.updateTable('purchases').set({ stock_counted: 0 })
    .where('id', 'in', purchaseIds).where('stock_counted', '=', 1).returning('id').execute();
  if (released.length === 0) return 0;
  for (const u of await unitsOf(trx, released.map((r) => r.id))) await moveCounters(trx, u.kind, u.itemId, -u.units);
  return released.length;
}

/** Units per item that purchases in the counters hold, recounted from their lines (for `stock:check`). */
export async function recountHeld(db: Kysely<Database>, eventId: number, kind: StockKind): Promise<Map<number, number>> {
  const rows = await db.selectFrom('purchases as p').innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('p.event_id', '=', eventId).where('p.stock_counted', '=', 1).where('l.kind', '=', kind)
    .groupBy('l.item_id').select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('units')]).execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.units)]));
}

/** Units per item of paid purchases (partly cancelled ones: the units not cancelled), recounted from their lines (for `stock:check`). */
export async function recountSold(db: Kysely<Database>, eventId: number, kind: StockKind): Promise<Map<number, number>> {
  const rows = await db.selectFrom('purchases as p').innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('p.event_id', '=', eventId).where('p.status', 'in', TICKETS_LIVE).where('l.kind', '=', kind)
    .groupBy('l.item_id').select(['l.item_id', (eb) => eb.fn.sum<number | string>(eb('l.quantity', '-', eb.ref('l.cancelled_quantity'))).as('units')]).execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.units)]));
}

/**
 * Purchases that currently use a discount code, for `max_uses`: paid ones (partly cancelled too) consume a use, and
 * live holds (held, or pending voucher, with `stock_until` ahead) reserve one. `paidOnly` counts
 * consumed uses alone (what a purchase whose own reservation is still live competes with).
 */
export async function discountUses(db: Kysely<Database>, discountCodeId: number, now: string, excludePurchaseId?: string, paidOnly = false): Promise<number> {
  let query = db
    .selectFrom('purchases as p')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('p.discount_code_id', '=', discountCodeId)
    .where((eb) =>
      paidOnly
        ? eb('p.status', 'in', TICKETS_LIVE)
        : eb.or([
            eb('p.status', 'in', TICKETS_LIVE),
            eb.and([eb('p.status', 'in', ['held', 'pending']), eb('p.stock_until', '>', now)]),
          ]),
    );
  if (excludePurchaseId) query = query.where('p.id', '!=', excludePurchaseId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
