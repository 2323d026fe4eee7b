import type { EventRow } from '../repositories/event.repository';
import type { PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import type { RefundMethod } from '../db/schema';

/** How many times one ticket may change hands when the event file does not say. */
export const DEFAULT_MAX_TRANSFERS = 2;

/**
 * The event's `transfers` with its defaults: allowed, until the event's `starts_at` (no deadline when it has
 * none), at most `DEFAULT_MAX_TRANSFERS` per ticket (following its chain of transfers).
 */
export function transferPolicy(event: EventRow): { allowed: boolean; until: string | null; maxPerTicket: number } {
  const file = event.transfers;
  return { allowed: file?.allowed ?? true, until: file?.until ?? event.starts_at, maxPerTicket: file?.max_per_ticket ?? DEFAULT_MAX_TRANSFERS };
}

/** The event's `refund_policy`: until when a buyer may cancel and the percent kept; null for "none" (also when absent). */
export function refundPolicy(event: EventRow): { until: string; feePercent: number } | null {
  const file = event.refund_policy;
  return file && file !== 'none' ? { until: file.until, feePercent: file.fee_percent } : null;
}

/** Whether `deadline` (ISO 8601 with offset) is still ahead of `now`. */
export function before(deadline: string | null, now: Date): boolean {
  return deadline === null || now.getTime() < Date.parse(deadline);
}

/**
 * How a payment is given back: card and wallet payments (Stripe, Openpay, PayPal, a MercadoPago card) through their
 * provider; a cash voucher (it had a payment deadline) or a bank transfer (Fintoc) by a payout to the buyer's CLABE;
 * a free claim, or nothing to give back, not at all.
 */
export function refundMethod(attempt: PaymentAttemptRow, refundCents: number): RefundMethod {
  if (attempt.provider === 'free' || refundCents === 0) return 'none';
  return attempt.provider === 'fintoc' || attempt.deadline !== null ? 'payout' : 'provider';
}
