import { sql, type Kysely } from 'kysely';
import type { Database, PurchaseStatus } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';

/** Statuses of an order that was paid at some point (its money may since have gone back in part or whole). */
const EVER_PAID: PurchaseStatus[] = ['paid', 'partially_cancelled', 'cancelled', 'refunded'];

/**
 * Paid orders per UTC hour (`YYYY-MM-DDTHH`) or day (`YYYY-MM-DD`), by the time of their move to paid, with
 * their units and amount. Timestamps are ISO text on both databases, so the bucket is a prefix of it.
 */
export async function salesPerBucket(db: Kysely<Database>, eventId: number, prefixLength: 13 | 10) {
  const paid = db
    .selectFrom('order_status_changes as c')
    .innerJoin('purchases as p', 'p.id', 'c.purchase_id')
    .select(['p.id', 'p.amount_cents', sql<string>`min(c.created_at)`.as('paid_at')])
    .where('p.event_id', '=', eventId)
    .where('c.to_status', '=', 'paid')
    .groupBy(['p.id', 'p.amount_cents']);
  const units = db
    .selectFrom('purchase_lines')
    .select(['purchase_id', sql<number>`sum(quantity)`.as('units')])
    .where('kind', '=', 'ticket')
    .groupBy('purchase_id');
  return db
    .selectFrom(paid.as('o'))
    .leftJoin(units.as('u'), 'u.purchase_id', 'o.id')
    .select([
      sql<string>`substr(o.paid_at, 1, ${sql.lit(prefixLength)})`.as('bucket'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(u.units), 0)`.as('tickets'),
      sql<number>`coalesce(sum(o.amount_cents), 0)`.as('cents'),
    ])
    .groupBy(sql`substr(o.paid_at, 1, ${sql.lit(prefixLength)})`)
    .orderBy('bucket')
    .execute();
}

/** Approved (or since refunded) payments per provider: orders, and cents kept (amount less refunds). */
export function revenueByProvider(db: Kysely<Database>, eventId: number) {
  return db
    .selectFrom('payment_attempts as a')
    .innerJoin('purchases as p', 'p.id', 'a.purchase_id')
    .select([
      'a.provider',
      sql<number>`count(distinct a.purchase_id)`.as('orders'),
      sql<number>`coalesce(sum(case when a.status = 'refunded' then 0 else a.amount_cents - coalesce(a.refunded_cents, 0) end), 0)`.as('cents'),
    ])
    .where('p.event_id', '=', eventId)
    .where('a.status', 'in', ['approved', 'refunded'])
    .groupBy('a.provider')
    .orderBy('a.provider')
    .execute();
}

/** Units sold less those cancelled, and their cents at the price paid, per ticket type of orders whose tickets live. */
export function soldByTicketType(db: Kysely<Database>, eventId: number) {
  const sold = db
    .selectFrom('purchase_lines as l')
    .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
    .select([
      'l.item_id',
      sql<number>`sum(l.quantity - l.cancelled_quantity)`.as('units'),
      sql<number>`sum((l.quantity - l.cancelled_quantity) * l.unit_price_cents)`.as('cents'),
    ])
    .where('p.event_id', '=', eventId)
    .where('l.kind', '=', 'ticket')
    .where('p.status', 'in', TICKETS_LIVE)
    .groupBy('l.item_id')
    .as('s');
  return db
    .selectFrom('ticket_types as tt')
    .leftJoin(sold, 's.item_id', 'tt.id')
    .select(['tt.external_id', 'tt.name', 'tt.capacity', 'tt.held', sql<number>`coalesce(s.units, 0)`.as('units'), sql<number>`coalesce(s.cents, 0)`.as('cents')])
    .where('tt.event_id', '=', eventId)
    .where('tt.active', '=', 1)
    .orderBy('tt.sort_order')
    .orderBy('tt.external_id')
    .execute();
}

/** Orders ever paid per discount code, and what the code took off them. */
export function discountCodeUse(db: Kysely<Database>, eventId: number) {
  return db
    .selectFrom('purchases as p')
    .innerJoin('discount_codes as d', 'd.id', 'p.discount_code_id')
    .select(['d.code', sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(p.tickets_discount_cents), 0)`.as('cents')])
    .where('p.event_id', '=', eventId)
    .where('p.status', 'in', EVER_PAID)
    .groupBy('d.code')
    .orderBy('d.code')
    .execute();
}

/** Orders of the event per status. */
export function ordersPerStatus(db: Kysely<Database>, eventId: number) {
  return db
    .selectFrom('purchases')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('event_id', '=', eventId)
    .groupBy('status')
    .execute();
}

/** Distinct tickets admitted through each door device of the event. */
export function admittedPerDevice(db: Kysely<Database>, eventId: number) {
  return db
    .selectFrom('checkin_entries')
    .select(['device_id', sql<number>`count(distinct ticket_id)`.as('n')])
    .where('event_id', '=', eventId)
    .groupBy('device_id')
    .execute();
}
