import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Purchases of an event (`p`) whose stock is taken and unpaid at `now`: held orders and pending vouchers before `stock_until`. */
export function liveUnpaidPurchases(db: Kysely<Database>, eventId: number, now: string) {
  return db
    .selectFrom('purchases as p')
    .where('p.event_id', '=', eventId)
    .where('p.status', 'in', ['held', 'pending'])
    .where('p.stock_until', '>', now);
}

/**
 * Units of each ticket type (or product) of an event held at `now` by purchases that
 * are not paid yet: held ones and pending vouchers whose `stock_until` is still ahead.
 * Expired holds simply stop matching, so no sweeper is needed; the index on
 * (event_id, stock_until) keeps this to the live holds, however long the history.
 */
export async function heldByItem(
  db: Kysely<Database>,
  eventId: number,
  kind: 'ticket' | 'product',
  now: string,
  excludePurchaseId?: string,
): Promise<Map<number, number>> {
  let query = liveUnpaidPurchases(db, eventId, now)
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('held')])
    .where('l.kind', '=', kind)
    .groupBy('l.item_id');
  if (excludePurchaseId) query = query.where('p.id', '!=', excludePurchaseId);
  const rows = await query.execute();
  // PostgreSQL returns SUM as a string (bigint); SQLite as a number.
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.held)]));
}

/** What is left of an item: capacity (or stock) − units sold (a counter) − units held right now. */
export function remaining(item: { id: number; sold: number }, total: number, held: Map<number, number>): number {
  return total - item.sold - (held.get(item.id) ?? 0);
}

/**
 * Purchases that currently use a discount code, for `max_uses`: paid ones consume a use, and
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
        ? eb('p.status', '=', 'paid')
        : eb.or([
            eb('p.status', '=', 'paid'),
            eb.and([eb('p.status', 'in', ['held', 'pending']), eb('p.stock_until', '>', now)]),
          ]),
    );
  if (excludePurchaseId) query = query.where('p.id', '!=', excludePurchaseId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
