import type { DashboardGranularity, DashboardResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import { eventWithLists } from '../checkin/devices';
import { checkinReportOf } from '../checkin/report';
import type { AppContext } from '../context';
import {
  admittedPerDevice, discountCodeUse, ordersPerStatus, revenueByProvider, salesPerBucket, soldByTicketType,
} from '../repositories/sales-figures.repository';

/** Sales spanning at most this long are shown per hour unless asked otherwise (an on-sale); longer ones per day. */
const HOURLY_SPAN_MS = 72 * 3_600_000;

const PAID_ONCE = new Set(['paid', 'partially_cancelled', 'cancelled', 'refunded']);

/** Counts come back as strings from PostgreSQL's bigint sums and as numbers from SQLite. */
const n = (value: unknown): number => Number(value ?? 0);

/**
 * One event's dashboard: sales over time, revenue by method and ticket type, discount codes, conversion from
 * hold to paid and the door's progress — every figure read from the database at once, nothing kept.
 */
export async function dashboardFigures(ctx: AppContext, url: string, asked?: DashboardGranularity): Promise<DashboardResponse> {
  const withLists = await eventWithLists(ctx, url);
  const { event } = withLists;
  const door = await checkinReportOf(ctx, withLists);
  // One state of the database for every figure: read apart, a payment confirmed between two queries showed as
  // paid in the conversion while its tickets were missing from the hour's sales.
  const [hourly, methods, types, codes, statuses, gates] = await ctx.db.dialect.readSnapshot(async (db) => [
    await salesPerBucket(db, event.id, 13),
    await revenueByProvider(db, event.id),
    await soldByTicketType(db, event.id),
    await discountCodeUse(db, event.id),
    await ordersPerStatus(db, event.id),
    await admittedPerDevice(db, event.id),
  ] as const);
  const granularity = asked ?? (hourly.length > 0 && spanMs(hourly[0].bucket, hourly[hourly.length - 1].bucket) > HOURLY_SPAN_MS ? 'day' : 'hour');
  const sales = granularity === 'hour' ? hourly : perDay(hourly);
  const byStatus = new Map(statuses.map((s) => [s.status as string, n(s.n)]));
  const orders = [...byStatus.values()].reduce((a, b) => a + b, 0);
  const paidOnce = [...byStatus].filter(([status]) => PAID_ONCE.has(status)).reduce((a, [, count]) => a + count, 0);
  const admitted = new Map(gates.map((g) => [g.device_id, n(g.n)]));
  return {
    event: { url: event.url, name: event.name, starts_at: event.starts_at },
    generated_at: ctx.now().toISOString(),
    granularity,
    sales: sales.map((s) => ({ bucket: bucketStart(s.bucket), orders: n(s.orders), tickets: n(s.tickets), revenue: centsToPesos(n(s.cents)) })),
    revenue_by_method: methods.map((m) => ({ method: m.provider, orders: n(m.orders), revenue: centsToPesos(n(m.cents)) })),
    revenue_by_ticket_type: types.map((t) => ({
      ticket_type: t.external_id, name: t.name, sold: n(t.units), held: n(t.held), capacity: t.capacity, revenue: centsToPesos(n(t.cents)),
    })),
    discount_codes: codes.map((c) => ({ code: c.code, orders: n(c.orders), discount: centsToPesos(n(c.cents)) })),
    conversion: {
      orders,
      held: byStatus.get('held') ?? 0,
      pending: byStatus.get('pending') ?? 0,
      paid: paidOnce,
      cancelled: (byStatus.get('cancelled') ?? 0) + (byStatus.get('refunded') ?? 0),
      expired: byStatus.get('expired') ?? 0,
      rate: orders === 0 ? 0 : Math.round((paidOnce / orders) * 1000) / 1000,
    },
    checkin: {
      lists: door.lists,
      gates: door.devices.map((d) => ({ device: d.id, name: d.name, list: d.list, admitted: admitted.get(d.id) ?? 0 })),
    },
  };
}

type Bucket = { bucket: string; orders: unknown; tickets: unknown; cents: unknown };

/** The hourly rows folded into days (the hour's prefix `YYYY-MM-DDTHH` → `YYYY-MM-DD`). */
function perDay(hourly: Bucket[]): Bucket[] {
  const days = new Map<string, { bucket: string; orders: number; tickets: number; cents: number }>();
  for (const h of hourly) {
    const day = h.bucket.slice(0, 10);
    const d = days.get(day) ?? { bucket: day, orders: 0, tickets: 0, cents: 0 };
    d.orders += n(h.orders); d.tickets += n(h.tickets); d.cents += n(h.cents);
    days.set(day, d);
  }
  return [...days.values()];
}

/** A bucket's prefix as the ISO instant it starts at (UTC). */
function bucketStart(prefix: string): string {
  return prefix.length === 10 ? `${prefix}T00:00:00.000Z` : `${prefix}:00:00.000Z`;
}

function spanMs(first: string, last: string): number {
  return Date.parse(bucketStart(last)) - Date.parse(bucketStart(first));
}
