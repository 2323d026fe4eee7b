import type { AdminOrderResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { orderFacts } from '../repositories/order-facts.repository';
import { loadOrder, type Order } from '../repositories/order.repository';
import { orderTimeline } from './order-timeline';
import { orderView } from './order-view';

/** The order an operator opens, or 404 `PURCHASE_NOT_FOUND`. */
export async function operatorOrder(ctx: AppContext, purchaseId: string): Promise<Order> {
  const order = await loadOrder(ctx.db.kysely, purchaseId);
  if (!order) throw errors.purchaseNotFound();
  return order;
}

/**
 * `GET /api/admin/orders/{id}`: the order as its buyer's page shows it (`orderView`, the buyer's whole order), and what
 * only operators see: every payment attempt with its provider's ids and statuses and what was given back, the
 * cancellations, the payouts to a CLABE, and the timeline (`order-timeline.ts`).
 */
export async function operatorOrderView(ctx: AppContext, order: Order): Promise<AdminOrderResponse> {
  const [view, facts] = await Promise.all([orderView(ctx, order), orderFacts(ctx.db.kysely, order.purchase.id)]);
  return {
    order: view,
    payments: facts.attempts.map((a) => ({
      id: a.id, provider: a.provider, mode: a.mode, status: a.status, status_detail: a.status_detail, provider_reference: a.provider_reference,
      provider_payment_id: a.provider_payment_id, amount: centsToPesos(a.amount_cents), currency: a.currency, deadline: a.deadline, refund_status: a.refund_status,
      refund_reason: a.refund_reason, refund_reference: a.refund_reference, refunded: centsToPesos(a.refunded_cents ?? 0), created_at: a.created_at, updated_at: a.updated_at,
    })),
    cancellations: facts.cancellations.map((c) => ({
      id: c.id, ticket_ids: JSON.parse(c.ticket_ids_json) as string[], paid: centsToPesos(c.paid_cents), fee: centsToPesos(c.fee_cents), refund: centsToPesos(c.refund_cents),
      method: c.method, refund_status: c.refund_status, refund_reference: c.refund_reference, created_at: c.created_at,
    })),
    payouts: facts.payouts.map((p) => ({
      id: p.id, cancellation_id: p.cancellation_id, amount: centsToPesos(p.amount_cents), clabe: p.clabe, bank: p.bank_name, status: p.status,
      created_at: p.created_at, confirmed_by: p.confirmed_by, confirmed_at: p.confirmed_at,
    })),
    timeline: orderTimeline(order.purchase, facts),
  };
}
