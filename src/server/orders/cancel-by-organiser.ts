import { randomUUID } from 'node:crypto';
import type { AdminCancelOrderRequest, AdminCancelOrderResponse, CancelPurchaseRequest, CancelPurchaseResponse } from '../../shared/api';
import { centsToPesos, pesosToCents } from '../../shared/money';
import { withStockLock } from '../db/locked-transaction';
import type { OrderActor } from '../db/schema';
import { deliverMail, queueBuyerCancellationMail } from '../fulfilment/outbox';
import { errors } from '../http/app-error';
import { findEmissionOfPurchase, ticketIdsOfPurchase } from '../repositories/emission.repository';
import { findCancellation, insertCancellation, liveTicketsOf, refundedByCancellations, revokeTickets } from '../repositories/order-changes.repository';
import { findAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { findPurchase, type PurchaseRow } from '../repositories/purchase.repository';
import { settleRefund } from '../payments/refund';
import type { PaymentsRuntime } from '../payments/runtime';
import { releaseCancelledSeats } from '../seats/purchase-seats';
import { afterTicketsRevoked } from './after-revocation';
import { settleCancellationRefund } from './cancel-by-buyer';
import { callOffPaidOrder } from './cancel-order';
import { moveOrder } from './lifecycle';
import { refundMethod } from './order-policy';
import { TICKETS_LIVE, ticketsLive } from './statuses';
import { paidForTicket } from './ticket-paid';

/**
 * The organiser cancels a paid purchase whole (`POST /api/admin/purchases/{id}/cancel`, and the operators' cancel of
 * every ticket of a paid order with a full refund or none): through the one call-off path (`cancel-order.ts`: `paid` →
 * `cancelled`, units back on sale, tickets revoked, the change recorded with the operator's reason and `actor`, one
 * e-mail), and with `refund` its paying payment is given back whole through its provider (the attempt's refund, claimed
 * once; `refunded` once done). A repeat, however often, changes nothing and answers the purchase as it is: one refund,
 * one e-mail.
 */
export async function cancelByOrganiser(rt: PaymentsRuntime, purchaseId: string, request: CancelPurchaseRequest, actor: OrderActor = 'organiser'): Promise<CancelPurchaseResponse> {
  const db = rt.ctx.db.kysely;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const emission = await findEmissionOfPurchase(db, purchaseId);
  if (!emission || !['paid', 'cancelled', 'refunded'].includes(purchase.status)) throw errors.purchaseNotPaid();
  const calledOff = await callOffPaidOrder(rt.ctx, purchaseId, emission.attempt_id, { toStatus: 'cancelled', reason: 'organiser', actor, note: request.reason, refund: request.refund });
  // Committed: the tickets' passes show the cancellation (voided, INACTIVE); booked places go back on sale.
  if (calledOff) await afterTicketsRevoked(rt, purchaseId, await ticketIdsOfPurchase(db, purchaseId));
  const attempt = (await findAttempt(db, emission.attempt_id))!;
  if (attempt.refund_status === 'required') await settleRefund(rt, attempt);
  await deliverMail(rt, purchaseId);
  const [after, settled] = await Promise.all([findPurchase(db, purchaseId), findAttempt(db, emission.attempt_id)]);
  return {
    purchase_id: purchaseId,
    status: after!.status as CancelPurchaseResponse['status'],
    refund: settled!.refund_status === 'done' ? 'done' : settled!.refund_status ? 'owed' : 'none',
  };
}

/**
 * What the organiser gives back for these tickets: `none`; `full`, what they cost (`paidForTicket`) and, when no
 * live ticket is left after them, everything else of the payment not given back yet (commission, products); or an
 * `amount` of the operator's, at most what is left of the payment (400 `REFUND_TOO_LARGE`).
 */
function organiserRefundCents(refund: AdminCancelOrderRequest['refund'], purchase: PurchaseRow, attempt: PaymentAttemptRow, prices: number[], last: boolean, givenBack: number): number {
  const left = Math.max(0, attempt.amount_cents - givenBack);
  if (refund === 'none') return 0;
  if (refund === 'full') return last ? left : Math.min(left, prices.reduce((sum, price) => sum + paidForTicket(purchase, price), 0));
  const cents = pesosToCents(refund.amount);
  if (cents > left) throw errors.refundTooLarge(centsToPesos(left).toFixed(2));
  return cents;
}

/**
 * The organiser cancels some (`tickets`) or all of the live tickets of a paid or partly cancelled order
 * (`POST /api/admin/orders/{id}/cancel`). Every live ticket of a `paid` order with a full refund or none is the whole
 * call-off above. Otherwise, as a buyer's cancellation is made (`cancel-by-buyer.ts`), in one transaction under the
 * event's stock lock: the tickets revoked (once each: a ticket cancelled meanwhile → 409), the order moved
 * (`partially_cancelled` while live tickets remain, else `cancelled`; their units back on sale; the history row names
 * `actor` with the operator's `note`), a cancellation recorded with its refund (no fee) and its e-mail queued; after the
 * commit the refund is made through the payment's provider, once (`settleCancellationRefund`). A payment that goes
 * back only by hand (cash voucher, bank transfer) is refused a refund (409 `REFUND_NOT_THROUGH_PROVIDER`).
 * Unlike the buyer, the organiser may cancel tickets given to someone else and tickets already used at the door.
 */
export async function cancelTicketsByOrganiser(rt: PaymentsRuntime, purchaseId: string, request: AdminCancelOrderRequest, actor: OrderActor): Promise<AdminCancelOrderResponse> {
  const { ctx } = rt;
  const db = ctx.db.kysely;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const emission = await findEmissionOfPurchase(db, purchaseId);
  if (!emission || !ticketsLive(purchase.status)) throw errors.orderNotPaid();
  const attempt = (await findAttempt(db, emission.attempt_id))!;
  const live = await liveTicketsOf(db, purchaseId);
  const chosenIds = request.tickets ?? live.map((t) => t.id);
  const whole = chosenIds.length === live.length && chosenIds.every((id) => live.some((t) => t.id === id));
  if (whole && purchase.status === 'paid' && typeof request.refund === 'string') {
    const answer = await cancelByOrganiser(rt, purchaseId, { refund: request.refund === 'full', reason: request.reason ?? '' }, actor);
    const settled = (await findAttempt(db, attempt.id))!;
    return { purchase_id: purchaseId, status: answer.status, ticket_ids: chosenIds, refund: request.refund === 'full' ? centsToPesos(settled.amount_cents) : 0, refund_status: answer.refund };
  }

  const cancellation = await withStockLock(ctx.db, purchase.event_id, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const current = (await findPurchase(trx, purchaseId))!;
    if (!ticketsLive(current.status)) throw errors.orderNotPaid();
    const liveNow = await liveTicketsOf(trx, purchaseId);
    const chosen = chosenIds.map((id) => liveNow.find((t) => t.id === id));
    if (chosen.length === 0 || chosen.some((t) => t === undefined)) throw errors.ticketNotCancellable();
    const tickets = chosen.map((t) => t!);
    const last = tickets.length === liveNow.length;
    const refundCents = organiserRefundCents(request.refund, current, attempt, tickets.map((t) => t.unit_price_cents), last, await refundedByCancellations(trx, purchaseId));
    const method = refundMethod(attempt, refundCents);
    if (method === 'payout') throw errors.refundNotThroughProvider();
    const now = ctx.now().toISOString();
    if ((await revokeTickets(trx, purchase.event_id, tickets.map((t) => t.id), 'organiser', now)) !== tickets.length) throw errors.ticketNotCancellable();
    const units = new Map<number, number>();
    for (const t of tickets) units.set(t.ticket_type_id, (units.get(t.ticket_type_id) ?? 0) + 1);
    const note = request.reason ?? null;
    await moveOrder(trx, purchaseId, {
      from: TICKETS_LIVE, to: last ? 'cancelled' : 'partially_cancelled', actor, reason: 'organiser', attemptId: attempt.id, note, now, ...(last ? {} : { cancelledUnits: units }),
    });
    const id = randomUUID();
    await insertCancellation(trx, {
      id, purchase_id: purchaseId, attempt_id: attempt.id, ticket_ids: tickets.map((t) => t.id), paid_cents: tickets.reduce((sum, t) => sum + paidForTicket(current, t.unit_price_cents), 0),
      fee_cents: 0, refund_cents: refundCents, method, refund_status: method === 'provider' ? 'required' : null, refund_reference: null, actor, note, created_at: now, updated_at: now,
    });
    await queueBuyerCancellationMail(trx, current, id, attempt.id, now);
    return {
      id, status: last ? ('cancelled' as const) : ('partially_cancelled' as const), refundCents, method, ticketIds: tickets.map((t) => t.id),
      seatLabels: last ? [] : tickets.flatMap((t) => (t.seat_label ? [t.seat_label] : [])),
    };
  });

  if (cancellation.method === 'provider') await settleCancellationRefund(rt, cancellation.id);
  // Committed: the cancelled tickets' passes are told they are void; the last one gives the booked places back, a
  // partial cancellation frees its tickets' places.
  await afterTicketsRevoked(rt, purchaseId, cancellation.ticketIds);
  await releaseCancelledSeats(ctx, purchaseId, cancellation.seatLabels);
  await deliverMail(rt, purchaseId);
  const settled = (await findCancellation(db, cancellation.id))!;
  return {
    purchase_id: purchaseId,
    status: cancellation.status,
    ticket_ids: cancellation.ticketIds,
    refund: centsToPesos(cancellation.refundCents),
    refund_status: cancellation.method === 'none' ? 'none' : settled.refund_status === 'done' ? 'done' : 'owed',
  };
}
