import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { precompiled } from './precompiled';
import { liveUnpaidPurchases } from './stock.repository';

/** A purchase "has a voucher" while a cash-voucher payment of it is started or issued and not settled. */
function withOpenVoucher<QB extends ReturnType<typeof liveUnpaidPurchases>>(query: QB): QB {
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
  const row = (await clientTicketUnits(db, { eventId, clientKey, now })).rows[0];
  return Number(row?.units ?? 0);
}

// Every hold checks the per-client cap: compiled once (precompiled.ts).
const clientTicketUnits = precompiled<{ eventId: number; clientKey: string; now: string }, { units: number | string | null }>(['eventId', 'clientKey', 'now'], (db, p) =>
  liveUnpaidPurchases(db, p.eventId, p.now)
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('p.client_key', '=', p.clientKey)
    .where('l.kind', '=', 'ticket')
    .select((eb) => eb.fn.sum<number | string | null>('l.quantity').as('units')));

/** Other purchases of an event with an open cash voucher for this buyer e-mail. */
export async function openVouchersOfBuyer(db: Kysely<Database>, eventId: number, buyerEmail: string, now: string, excludePurchaseId: string): Promise<number> {
  const row = await withOpenVoucher(liveUnpaidPurchases(db, eventId, now))
    .where('p.buyer_email', '=', buyerEmail)
    .where('p.id', '!=', excludePurchaseId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ticket units per ticket type (internal id) sitting in open cash vouchers of an event, other purchases only. */
export async function voucherUnitsByTicketType(db: Kysely<Database>, eventId: number, now: string, excludePurchaseId: string): Promise<Map<number, number>> {
  const rows = await withOpenVoucher(liveUnpaidPurchases(db, eventId, now))
    .innerJoin('purchase_lines as l', 'l.purchase_id', 'p.id')
    .where('l.kind', '=', 'ticket')
    .where('p.id', '!=', excludePurchaseId)
    .groupBy('l.item_id')
    .select(['l.item_id', (eb) => eb.fn.sum<number | string>('l.quantity').as('units')])
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.units)]));
}

/**
 * PostgreSQL: serialises the holds of one client in one event (a transaction-scoped advisory
 * lock on the pair), so two requests of the same client cannot both pass the per-client cap,
 * while other clients' purchases do not wait for it.
 */
export async function lockClientHolds(trx: Kysely<Database>, eventId: number, clientKey: string): Promise<void> {
  await clientHoldsLock(trx, { pair: `${eventId}:${clientKey}` });
}

const clientHoldsLock = precompiled<{ pair: string }>(['pair'], (_db, p) => sql`select pg_advisory_xact_lock(hashtext(${p.pair}))`);
