import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Units of each ticket type (or product) of an event that count against stock at
 * `now`: paid purchases, plus held or pending ones whose `stock_until` is still
 * ahead. Expired holds simply stop matching, so no sweeper is needed.
 */
export async function takenByItem(
  db: Kysely<Database>,
  eventId: number,
  kind: 'ticket' | 'product',
  now: string,
  excludePurchaseId?: string,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
    .select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('taken')])
    .where('p.event_id', '=', eventId)
    .where('l.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'paid'),
        eb.and([eb('p.status', 'in', ['held', 'pending']), eb('p.stock_until', '>', now)]),
      ]),
    )
    .groupBy('l.item_id');
  if (excludePurchaseId) query = query.where('p.id', '!=', excludePurchaseId);
  const rows = await query.execute();
  // PostgreSQL returns SUM as a string (bigint); SQLite as a number.
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.taken)]));
}

/** Purchases that currently use a discount code (paid, or holding stock), for `max_uses`. */
export async function discountUses(db: Kysely<Database>, discountCodeId: number, now: string, excludePurchaseId?: string): Promise<number> {
  let query = db
    .selectFrom('purchases as p')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('p.discount_code_id', '=', discountCodeId)
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'paid'),
        eb.and([eb('p.status', 'in', ['held', 'pending']), eb('p.stock_until', '>', now)]),
      ]),
    );
  if (excludePurchaseId) query = query.where('p.id', '!=', excludePurchaseId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
