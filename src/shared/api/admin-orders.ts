import type { OrderViewResponse } from './order';

/** A purchase's status as the operators' API names it (`expired`: a hold that ran out, never stored). */
export type AdminOrderStatus = 'held' | 'pending' | 'paid' | 'partially_cancelled' | 'expired' | 'cancelled' | 'refunded';

/**
 * `GET /api/admin/orders` query: `q` is a purchase reference (its id), a buyer's name (its start), e-mail or phone, a ticket
 * folio, or a ticket holder's name (its start) or e-mail; the filters narrow it; newest first, `limit` ≤ 100 rows a page, the
 * next page from the previous answer's `next_cursor`. `from` and `to` bound the purchase's creation time (ISO, `to` exclusive).
 * Numbers come as the query string's digits.
 */
export interface AdminOrderSearchQuery {
  q?: string;
  event?: string;
  status?: AdminOrderStatus;
  method?: string;
  /** A ticket type's id in the event file. */
  ticket_type?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: string;
}

/** One purchase found: its reference, event, buyer, status, how it was paid, its total (pesos), when, and its tickets bought. */
export interface AdminOrderRow {
  purchase_id: string;
  event: { url: string; name: string };
  buyer: { name: string | null; email: string | null; phone: string | null };
  status: AdminOrderStatus;
  /** The paying payment's provider, else the newest attempt's; null before any. */
  method: string | null;
  total: number;
  created_at: string;
  paid_at: string | null;
  tickets: number;
}

/** `GET /api/admin/orders`. */
export interface AdminOrderSearchResponse {
  orders: AdminOrderRow[];
  /** The cursor of the next page; null on the last one. */
  next_cursor: string | null;
}

/** A payment attempt as an operator sees it: the provider's ids and statuses, and what was given back. */
export interface AdminPaymentFact {
  id: string;
  provider: string;
  mode: string;
  status: string;
  status_detail: string | null;
  provider_reference: string | null;
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  deadline: string | null;
  refund_status: string | null;
  refund_reason: string | null;
  refund_reference: string | null;
  /** What the provider reports given back of it (pesos). */
  refunded: number;
  created_at: string;
  updated_at: string;
}

/** A cancellation of some tickets (by the buyer, or by the organiser without calling off the whole order at once). */
export interface AdminCancellationFact {
  id: string;
  ticket_ids: string[];
  paid: number;
  fee: number;
  refund: number;
  method: 'provider' | 'payout' | 'none';
  refund_status: string | null;
  refund_reference: string | null;
  created_at: string;
}

/** A refund owed to a CLABE, paid by hand. */
export interface AdminPayoutFact {
  id: string;
  cancellation_id: string;
  amount: number;
  clabe: string;
  bank: string;
  status: 'queued' | 'paid';
  created_at: string;
  confirmed_by: string | null;
  confirmed_at: string | null;
}

/** What an order's timeline entry is about. */
export type TimelineKind =
  | 'hold_created'
  | 'payment_attempt'
  | 'payment_status'
  | 'webhook'
  | 'mail'
  | 'status_change'
  | 'order_event'
  | 'cancellation'
  | 'ticket_revoked'
  | 'checkin_entry'
  | 'checkin_exit'
  | 'checkin_conflict'
  | 'payout_confirmed';

/** One thing that happened to an order, at `at`: what (`kind`), who (`actor`, when known) and its facts (`details`). */
export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  actor: string | null;
  details: Record<string, string | number | boolean | null>;
}

/** `GET /api/admin/orders/{id}`: the order as its buyer's page shows it, the operator's facts, and its timeline (oldest first). */
export interface AdminOrderResponse {
  order: OrderViewResponse;
  payments: AdminPaymentFact[];
  cancellations: AdminCancellationFact[];
  payouts: AdminPayoutFact[];
  timeline: TimelineEntry[];
}

/** `POST /api/admin/orders/{id}/resend`: the tickets e-mail queued again to the buyer's address. */
export interface AdminResendResponse {
  purchase_id: string;
  recipient: string;
}

/**
 * `POST /api/admin/orders/{id}/cancel`: the organiser cancels some (`tickets`) or all live tickets of a paid or partly
 * cancelled order; `refund` gives back what they cost (`full`; when no live ticket is left, the rest of the payment too),
 * nothing (`none`), or `{ amount }` pesos through the payment's provider. `reason` is kept with the change.
 */
export interface AdminCancelOrderRequest {
  tickets?: string[];
  refund: 'full' | 'none' | { amount: number };
  reason?: string;
}

/** The order after the cancellation: its status, the tickets cancelled, the refund (pesos) and whether the provider made it. */
export interface AdminCancelOrderResponse {
  purchase_id: string;
  status: 'partially_cancelled' | 'cancelled' | 'refunded';
  ticket_ids: string[];
  refund: number;
  refund_status: 'none' | 'owed' | 'done';
}
