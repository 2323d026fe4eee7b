import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** An event as the console's list shows it (the figures come from the queries below, one per figure over every event listed). */
export interface EventListRow {
  id: number;
  url: string;
  name: string;
  starts_at: string | null;
  version: number;
}

/** Events by url; `urls` limits them (null: every event). */
export async function listEventsForConsole(db: Kysely<Database>, urls: string[] | null): Promise<EventListRow[]> {
  if (urls !== null && urls.length === 0) return [];
  let query = db.selectFrom('events').select(['id', 'url', 'name', 'starts_at', 'version']).orderBy('url');
  if (urls !== null) query = query.where('url', 'in', urls);
  return query.execute();
}

type PerEvent = Map<number, number>;

const byEvent = (rows: { event_id: number | string; n: number | string | bigint | null }[]): PerEvent =>
  new Map(rows.map((row) => [Number(row.event_id), Number(row.n ?? 0)]));

/** Ticket units paid for, per event (the ticket types' `sold` counters, removed types included). */
export async function ticketsSoldByEvent(db: Kysely<Database>, eventIds: number[]): Promise<PerEvent> {
  if (eventIds.length === 0) return new Map();
  return byEvent(await db.selectFrom('ticket_types').select((eb) => ['event_id', eb.fn.sum<number>('sold').as('n')]).where('event_id', 'in', eventIds).groupBy('event_id').execute());
}

/** Ticket units in holds that have not run out at `now` (held orders and pending vouchers before `stock_until`), per event. */
export async function ticketsHeldByEvent(db: Kysely<Database>, eventIds: number[], now: string): Promise<PerEvent> {
  if (eventIds.length === 0) return new Map();
  return byEvent(
    await db
      .selectFrom('purchase_lines as l')
      .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
      .select((eb) => ['p.event_id', eb.fn.sum<number>('l.quantity').as('n')])
      .where('p.event_id', 'in', eventIds)
      .where('p.status', 'in', ['held', 'pending'])
      .where('p.stock_until', '>', now)
      .where('l.kind', '=', 'ticket')
      .groupBy('p.event_id')
      .execute(),
  );
}

/** Tickets admitted at the door at least once (on any list), per event. */
export async function checkedInByEvent(db: Kysely<Database>, eventIds: number[]): Promise<PerEvent> {
  if (eventIds.length === 0) return new Map();
  return byEvent(
    await db.selectFrom('checkin_entries').select((eb) => ['event_id', eb.fn.count<number>('ticket_id').distinct().as('n')]).where('event_id', 'in', eventIds).groupBy('event_id').execute(),
  );
}

/**
 * Centavos taken minus given back, per event: every payment that took money (approved, or refunded since)
 * less what went back of it (all of a refunded one; else what the provider reports refunded, a partial
 * refund), less the refunds paid by hand to a CLABE (`payouts` confirmed paid).
 */
export async function revenueCentsByEvent(db: Kysely<Database>, eventIds: number[]): Promise<PerEvent> {
  if (eventIds.length === 0) return new Map();
  const payments = db
    .selectFrom('payment_attempts as a')
    .innerJoin('purchases as p', 'p.id', 'a.purchase_id')
    .select(['p.event_id', sql<number>`case when a.status = 'refunded' then 0 else a.amount_cents - coalesce(a.refunded_cents, 0) end`.as('cents')])
    .where('p.event_id', 'in', eventIds)
    .where('a.status', 'in', ['approved', 'refunded']);
  const payouts = db
    .selectFrom('payouts as o')
    .innerJoin('purchases as p', 'p.id', 'o.purchase_id')
    .select(['p.event_id', sql<number>`0 - o.amount_cents`.as('cents')])
    .where('p.event_id', 'in', eventIds)
    .where('o.status', '=', 'paid');
  return byEvent(
    await db
      .selectFrom(payments.unionAll(payouts).as('money'))
      .select((eb) => ['money.event_id', eb.fn.sum<number>('money.cents').as('n')])
      .groupBy('money.event_id')
      .execute(),
  );
}
