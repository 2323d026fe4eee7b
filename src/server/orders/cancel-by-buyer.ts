import { randomUUID } from 'node:crypto';
import type { CancelOrderRequest, CancelOrderResponse } from '../../shared/api';
import { cancellationRefund } from '../../shared/cancellation-refund';
import { checkClabe } from '../../shared/clabe';
import { centsToPesos } from '../../shared/money';
import { withStockLock } from '../db/locked-transaction';
import { deliverMail, queueBuyerCancellationMail } from '../fulfilment/outbox';
import { errors } from '../http/app-error';
import type { PaymentsRuntime } from '../payments/runtime';
import { STALE_REFUND_MS } from '../payments/refund';
import { findEmissionOfPurchase } from '../repositories/emission.repository';
import { findEventById } from '../repositories/event.repository';
import {
  claimCancellationRefund, findCancellation, finishCancellationRefund, insertCancellation, insertPayout, liveTicketsOf, revokeTickets,
} from '../repositories/order-changes.repository';
import { findAttempt } from '../repositories/payment-attempt.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { releaseCancelledSeats } from '../seats/purchase-seats';
import { moveOrder } from './lifecycle';
import { before, refundMethod, refundPolicy } from './order-policy';
import { TICKETS_LIVE, ticketsLive } from './statuses';
import { afterTicketsRevoked } from './after-revocation';
import { paidForTicket } from './ticket-paid';

/** The CLABE a payout goes to, checked; each problem its own 400. */
function payoutAccount(clabe: string | undefined): { clabe: string; bank: string } {
  if (!clabe) throw errors.clabeRequired();
  const checked = checkClabe(clabe);
  if (checked.ok) return { clabe: checked.clabe, bank: checked.bank };
  if (!('code' in checked)) throw checked.problem === 'length' ? errors.clabeLength() : errors.clabeControlDigit();
  throw checked.problem === 'bank' ? errors.clabeUnknownBank(checked.code) : errors.clabeUnknownCity(checked.code);
}

/**
 * The buyer cancels some (`ticket_ids`) or all of their live tickets (not those transferred to someone else, nor
 * one already admitted) while the event's `refund_policy` allows, in one transaction under the event's stock lock:
 * the tickets revoked (once each: of two cancellations at once, the second finds them revoked → 409), the order
 * moved through `moveOrder` (`partially_cancelled` while live tickets remain, else `cancelled`; units back on sale),
 * the cancellation recorded with its amounts (refund = paid − fee_percent, the fee rounded half up), a payout queued
 * to the CLABE for a cash-voucher or bank-transfer payment, the e-mail queued. After the commit a card or wallet
 * payment is refunded through its provider for that amount, once (the cancellation's refund, claimed by compare-and-set),
 * and the cancelled tickets' places of a seated order are released at the seat provider.
 */
export async function cancelByBuyer(rt: PaymentsRuntime, purchaseId: string, request: CancelOrderRequest): Promise<CancelOrderResponse> {
  const { ctx } = rt;
  const db = ctx.db.kysely;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const event = (await findEventById(db, purchase.event_id))!;
  const policy = refundPolicy(event);
  if (!policy) throw errors.cancellationNotAllowed();
  if (!before(policy.until, ctx.now())) throw errors.cancellationDeadlinePassed(policy.until);
  const emission = await findEmissionOfPurchase(db, purchaseId);
  if (!emission || !ticketsLive(purchase.status)) throw errors.orderNotPaid();
  const attempt = (await findAttempt(db, emission.attempt_id))!;
  const account = refundMethod(attempt, 1) === 'payout' && policy.feePercent < 100 ? payoutAccount(request.clabe) : null;

  const cancellation = await withStockLock(ctx.db, purchase.event_id, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const current = (await findPurchase(trx, purchaseId))!;
    if (!ticketsLive(current.status)) throw errors.orderNotPaid();
    const live = await liveTicketsOf(trx, purchaseId);
    const own = live.filter((t) => t.holder_email === null && !t.entered);
    const chosen = request.ticket_ids ? request.ticket_ids.map((id) => own.find((t) => t.id === id)) : own;
    if (chosen.length === 0 || chosen.some((t) => t === undefined)) throw errors.ticketNotCancellable();
    const tickets = chosen.map((t) => t!);
    const now = ctx.now().toISOString();
    if ((await revokeTickets(trx, purchase.event_id, tickets.map((t) => t.id), 'buyer', now)) !== tickets.length) throw errors.ticketNotCancellable();
    const units = new Map<number, number>();
    for (const t of tickets) units.set(t.ticket_type_id, (units.get(t.ticket_type_id) ?? 0) + 1);
    const last = tickets.length === live.length;
    await moveOrder(trx, purchaseId, { from: TICKETS_LIVE, to: last ? 'cancelled' : 'partially_cancelled', actor: 'buyer', reason: 'buyer', attemptId: attempt.id, now, ...(last ? {} : { cancelledUnits: units }) });
    const paid = tickets.reduce((sum, t) => sum + paidForTicket(current, t.unit_price_cents), 0);
    const { feeCents, refundCents } = cancellationRefund(paid, policy.feePercent);
    const method = refundMethod(attempt, refundCents);
    const id = randomUUID();
    await insertCancellation(trx, {
      id, purchase_id: purchaseId, attempt_id: attempt.id, ticket_ids: tickets.map((t) => t.id), paid_cents: paid, fee_cents: feeCents, refund_cents: refundCents,
      method, refund_status: method === 'provider' ? 'required' : null, refund_reference: null, created_at: now, updated_at: now,
    });
    let payoutId: string | null = null;
    if (method === 'payout') {
      payoutId = randomUUID();
      await insertPayout(trx, { id: payoutId, purchase_id: purchaseId, cancellation_id: id, amount_cents: refundCents, clabe: account!.clabe, bank_name: account!.bank, status: 'queued', created_at: now, confirmed_by: null, confirmed_at: null });
    }
    await queueBuyerCancellationMail(trx, current, id, attempt.id, now);
    return { id, status: last ? ('cancelled' as const) : ('partially_cancelled' as const), paid, feeCents, refundCents, method, payoutId, ticketIds: tickets.map((t) => t.id), seatLabels: last ? [] : tickets.flatMap((t) => (t.seat_label ? [t.seat_label] : [])) };
  });

  if (cancellation.method === 'provider') await settleCancellationRefund(rt, cancellation.id);
  // Committed: the cancelled tickets' passes are told they are void; their places go back on sale (the last one's: the whole order's).
  await afterTicketsRevoked(rt, purchaseId, cancellation.ticketIds);
  await releaseCancelledSeats(rt.ctx, purchaseId, cancellation.seatLabels);
  await deliverMail(rt, purchaseId);
  const settled = (await findCancellation(db, cancellation.id))!;
  return {
    purchase_id: purchaseId,
    status: cancellation.status,
    cancellation_id: cancellation.id,
    ticket_ids: cancellation.ticketIds,
    paid: centsToPesos(cancellation.paid),
    fee: centsToPesos(cancellation.feeCents),
    refund: centsToPesos(cancellation.refundCents),
    refund_via: cancellation.method,
    refund_status: cancellation.method === 'payout' ? 'queued' : cancellation.method === 'none' ? 'none' : settled.refund_status === 'done' ? 'done' : 'owed',
    payout_id: cancellation.payoutId,
    bank: account?.bank ?? null,
  };
}

/**
 * Gives a cancellation's refund back through the payment's provider, exactly once: only the caller that claims it
 * (required → in_progress) calls the provider, with the cancellation's idempotency key; a failure leaves it owed
 * for the retry loop (`payments/pending-work.ts`).
 */
export async function settleCancellationRefund(rt: PaymentsRuntime, cancellationId: string): Promise<void> {
  const db = rt.ctx.db.kysely;
  const now0 = rt.ctx.now();
  if (!(await claimCancellationRefund(db, cancellationId, now0.toISOString(), new Date(now0.getTime() - STALE_REFUND_MS).toISOString()))) return;
  const cancellation = (await findCancellation(db, cancellationId))!;
  const attempt = (await findAttempt(db, cancellation.attempt_id))!;
  try {
    if (!attempt.provider_payment_id) throw new Error('payment id unknown');
    const { refundId } = await rt.providers[attempt.provider].refund({
      paymentId: attempt.provider_payment_id, amountCents: cancellation.refund_cents, currency: attempt.currency, idempotencyKey: `cancel-${cancellation.id}`,
    });
    await finishCancellationRefund(db, cancellationId, { reference: refundId }, rt.ctx.now().toISOString());
    rt.log.info({ cancellation: cancellationId, attempt: attempt.id, refund: refundId }, 'cancellation refunded');
  } catch (error) {
    rt.log.error({ err: error, cancellation: cancellationId }, 'cancellation refund failed; it will be retried');
    await finishCancellationRefund(db, cancellationId, 'failed', rt.ctx.now().toISOString());
  }
}
