import type { CheckinReportResponse } from './checkin';

/** How sales are bucketed: per hour (an on-sale) or per day (afterwards). Buckets are UTC hours or days. */
export type DashboardGranularity = 'hour' | 'day';

/** GET /api/admin/events/{url}/dashboard (and each message of its live stream): an event's sales at a glance. Amounts in pesos. */
export interface DashboardResponse {
  event: { url: string; name: string; starts_at: string | null };
  generated_at: string;
  granularity: DashboardGranularity;
  /** Paid orders per bucket (by the time they became paid), oldest first; buckets without sales are left out. */
  sales: { bucket: string; orders: number; tickets: number; revenue: number }[];
  /** Approved payments less what was given back, per provider. */
  revenue_by_method: { method: string; orders: number; revenue: number }[];
  /** Units sold (not cancelled) and their revenue at the unit price paid, per ticket type, with its capacity and live holds. */
  revenue_by_ticket_type: { ticket_type: number; name: string; sold: number; held: number; capacity: number; revenue: number }[];
  /** Paid orders that used each discount code and what it took off. */
  discount_codes: { code: string; orders: number; discount: number }[];
  /** Orders by where they ended: `rate` = paid (incl. later cancelled) / every order that reached a hold. */
  conversion: { orders: number; held: number; pending: number; paid: number; cancelled: number; expired: number; rate: number };
  /** Check-in progress per list and ticket type (the door's report) and admissions per gate (device). */
  checkin: {
    lists: CheckinReportResponse['lists'];
    gates: { device: string; name: string; list: string; admitted: number }[];
  };
}
