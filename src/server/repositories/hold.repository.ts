import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Purchases of an event whose stock is still taken and unpaid at `now`: held orders and open vouchers. */
function liveUnpaid(db: Kysely<Database>, eventId: number, now: string) {
  return db
    .selectFrom('purchases as p')
    .where('p.event_id', '=', eventId)
    .where('p.status', 'in', ['held', 'pending'])
    .where('p.stock_until', '>', now);
}

/** A purchase "has a voucher" while a cash-voucher payment of it is started or issued and not settled. */
function withOpenVoucher<QB extends ReturnType<typeof liveUnpaid>>(query: QB): QB {
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('payment_attempts as a')
        .select('a.id')
        .whereRef('a.purchase_id', '=', 'p.id')
        .where('a.provider', '=', 'mercadopago')
        .where('a.status', 'in', ['created', 'pending']),
    ),
  ) as QB;
}

/** Ticket units one client holds unpaid in an event right now. */
export async function ticketUnitsHeldByClient(db: Kysely<Database>, eventId: number, clientKey: string, now: string): Promise<number> {
  const row = await liveUnpaid(db, eventId, now)
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('p.client_key', '=', clientKey)
    .where('l.kind', '=', 'ticket')
    .select((eb) => eb.fn.sum<number | string | null>('l.quantity').as('units'))
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** Other purchases of an event with an open cash voucher for this buyer e-mail. */
export async function openVouchersOfBuyer(db: Kysely<Database>, eventId: number, buyerEmail: string, now: string, excludePurchaseId: string): Promise<number> {
  const row = await withOpenVoucher(liveUnpaid(db, eventId, now))
    .where('p.buyer_email', '=', buyerEmail)
    .where('p.id', '!=', excludePurchaseId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ticket units per ticket type (internal id) sitting in open cash vouchers of an event, other purchases only. */
export async function voucherUnitsByTicketType(db: Kysely<Database>, eventId: number, now: string, excludePurchaseId: string): Promise<Map<number, number>> {
  const rows = await withOpenVoucher(liveUnpaid(db, eventId, now))
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('l.kind', '=', 'ticket')
    .where('p.id', '!=', excludePurchaseId)
    .groupBy('l.item_id')
    .select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('units')])
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.units)]));
}
