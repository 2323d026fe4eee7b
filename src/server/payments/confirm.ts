import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BuyerInfo } from '../../shared/api';
import type { Dialect } from '../db/dialect';
import { withStockLock, withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { emitTickets } from '../fulfilment/emit-tickets';
import { deliverMail, queueTicketsMail } from '../fulfilment/outbox';
import { findEmissionOfPurchase, ticketIdsOfPurchase } from '../repositories/emission.repository';
import { afterTicketsRevoked } from '../orders/after-revocation';
import { cancelPaidOrder } from '../orders/cancel-order';
import { moveOrder, AWAITING_PAYMENT } from '../orders/lifecycle';
import { loadOrder, type Order } from '../repositories/order.repository';
import {
  claimPaymentId,
  findAttempt,
  findAttemptByPayment,
  hasOtherLiveVoucher,
  insertAttemptUnlessPaymentKnown,
  moveAttemptStatus,
  recordRefundedCents,
  requireRefund,
  type PaymentAttemptRow,
} from '../repositories/payment-attempt.repository';
import { findPurchase, updatePurchase } from '../repositories/purchase.repository';
import { bookPurchaseSeats, keepSeatsForVoucher, seatLabelsByTicket } from '../seats/purchase-seats';
import { discountUses, expiredCounted, remaining } from '../repositories/stock.repository';
import { statusesBefore } from './payment-state';
import type { ObservedPayment } from './provider';
import { settleRefund } from './refund';
import { invoiceAfterPayment } from '../invoicing/checkout-request';
import type { PaymentsRuntime } from './runtime';

/**
 * The one confirm path. Loader calls and webhooks both end here with what the provider
 * said about a payment (re-read from the provider, never taken from the caller). Attempt
 * statuses only move forward; tickets are emitted once per purchase under the event's stock
 * lock (and the unique emission per purchase backs that up); e-mails and refunds that follow
 * are claimed by exactly one caller.
 */
export async function applyObservation(rt: PaymentsRuntime, found: PaymentAttemptRow, observed: ObservedPayment): Promise<PaymentAttemptRow> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now().toISOString();
  const attempt = observed.paymentId ? await attemptForPayment(db, found, observed.paymentId, now) : found;

  const expectedMoney = observed.amountCents === null || (observed.amountCents === attempt.amount_cents && (observed.currency ?? attempt.currency) === attempt.currency);
  const detail = observed.detail?.slice(0, 200) ?? null;

  switch (observed.state) {
    case 'created':
      break;
    case 'pending':
      if (!expectedMoney) {
        rt.log.warn({ attempt: attempt.id, amountCents: observed.amountCents, currency: observed.currency }, 'pending payment with an unexpected amount; not holding stock for it');
        break;
      }
      await moveAttemptStatus(db, attempt.id, statusesBefore('pending'), { status: 'pending', status_detail: detail, deadline: observed.deadline, updated_at: now });
      if (observed.deadline) {
        await holdUntilVoucherDeadline(rt, attempt, observed.deadline);
        await keepSeatsForVoucher(rt.ctx, attempt.purchase_id);
      }
      break;
    case 'rejected':
    case 'cancelled':
      if (await moveAttemptStatus(db, attempt.id, statusesBefore(observed.state), { status: observed.state, status_detail: detail, updated_at: now })) {
        await releaseVoucherHold(rt, attempt);
      }
      break;
    case 'approved':
      await moveAttemptStatus(db, attempt.id, statusesBefore('approved'), { status: 'approved', status_detail: detail, card_funding: observed.cardFunding ?? null, updated_at: now });
      if (!expectedMoney) {
        rt.log.warn({ attempt: attempt.id, amountCents: observed.amountCents, currency: observed.currency }, 'approved payment with an unexpected amount; refunding it');
        await requireRefund(db, attempt.id, 'amount_mismatch', now);
      } else {
        await settleApproved(rt, attempt, observed);
        // After the stock lock is let go (the seat provider is called over HTTP): a paid purchase's places are booked.
        await bookPurchaseSeats(rt.ctx, attempt.purchase_id);
      }
      break;
    case 'refunded':
      await moveAttemptStatus(db, attempt.id, statusesBefore('refunded'), { status: 'refunded', status_detail: detail, card_funding: observed.cardFunding ?? null, updated_at: now });
      await recordRefundedCents(db, attempt.id, observed.refundedCents ?? attempt.amount_cents, now);
      // The whole payment went back at the provider: if it is the one that paid for the tickets, the order is called off.
      if (await cancelPaidOrder(rt.ctx, attempt.purchase_id, attempt.id, observed.refundKind ?? 'refunded')) {
        rt.log.info({ purchase: attempt.purchase_id, attempt: attempt.id, reason: observed.refundKind ?? 'refunded' }, 'paid order cancelled: its payment went back at the provider');
        // Committed: the phones holding its passes are told (they show them void); booked places go back on sale.
        await afterTicketsRevoked(rt, attempt.purchase_id, await ticketIdsOfPurchase(db, attempt.purchase_id));
      }
      break;
  }
  // Part of an approved payment given back leaves the order as it is: only recorded.
  if (observed.state === 'approved' && observed.refundedCents) await recordRefundedCents(db, attempt.id, observed.refundedCents, now);
  await followUp(rt, attempt.id);
  return (await findAttempt(db, attempt.id))!;
}

/** Sends what is owed after a status change: this attempt's refund, the invoice asked for at the payment step, the purchase's queued e-mails. */
export async function followUp(rt: PaymentsRuntime, attemptId: string): Promise<void> {
  const attempt = (await findAttempt(rt.ctx.db.kysely, attemptId))!;
  if (attempt.refund_status === 'required') await settleRefund(rt, attempt);
  // Paid with "Quiero factura" ticked at the payment step: the invoice is requested now, its e-mail sent below.
  if (attempt.status === 'approved' && attempt.refund_status === null) await invoiceAfterPayment(rt.ctx, attempt.purchase_id, rt.log);
  await deliverMail(rt, attempt.purchase_id);
}

/**
 * The attempt a provider payment belongs to. Usually the attempt itself (first payment
 * seen is recorded on it); a second payment for the same preference gets its own attempt,
 * so each payment moves and is refunded on its own.
 */
async function attemptForPayment(db: Kysely<Database>, attempt: PaymentAttemptRow, paymentId: string, now: string): Promise<PaymentAttemptRow> {
  if (attempt.provider_payment_id === paymentId) return attempt;
  if (await claimPaymentId(db, attempt.id, paymentId, now)) return { ...attempt, provider_payment_id: paymentId };
  const existing = await findAttemptByPayment(db, attempt.provider, paymentId);
  if (existing) return existing;
  await insertAttemptUnlessPaymentKnown(db, {
      ...attempt,
      id: randomUUID(),
      provider_reference: null,
      provider_payment_id: paymentId,
      status: 'created',
      status_detail: null,
      idempotency_key: randomUUID(),
      refund_status: null,
      refund_reason: null,
      refund_reference: null,
      refunded_cents: null,
      created_at: now,
      updated_at: now,
    });
  return (await findAttemptByPayment(db, attempt.provider, paymentId))!;
}

/** A cash voucher was issued: the purchase keeps its stock until the voucher's deadline (re-checked when the hold already ran out). */
async function holdUntilVoucherDeadline(rt: PaymentsRuntime, attempt: PaymentAttemptRow, deadline: string): Promise<void> {
  const purchase = await findPurchase(rt.ctx.db.kysely, attempt.purchase_id);
  if (!purchase) return;
  const { dialect } = rt.ctx.db;
  await withStockLock(rt.ctx.db, purchase.event_id, async (trx) => {
    await dialect.lockPurchase(trx, attempt.purchase_id);
    const now = rt.ctx.now().toISOString();
    const order = (await loadOrder(trx, attempt.purchase_id))!;
    const current = order.purchase;
    if (current.status !== 'held' && current.status !== 'pending') return;
    if (deadline <= now || current.amount_cents + current.products_cents !== attempt.amount_cents) return;
    const live = current.stock_until !== null && current.stock_until > now;
    if (!(await discountUseRemains(trx, order, now, live))) return;
    // Its own hold ran out: it competes for the stock again like a new hold (the move counts its units again).
    if (!live && !(await stockRemains(dialect, trx, order, now))) return;
    const until = current.stock_until && current.stock_until > deadline ? current.stock_until : deadline;
    // The same voucher read again (every loader call and webhook re-reads it): nothing moves.
    if (current.status === 'pending' && until === current.stock_until) return;
    await moveOrder(trx, current.id, { from: AWAITING_PAYMENT, to: 'pending', actor: 'provider', reason: 'voucher_issued', attemptId: attempt.id, holdUntil: until, now });
  });
}

/** A voucher was cancelled or expired: the purchase goes back to its own hold (likely over by now). */
async function releaseVoucherHold(rt: PaymentsRuntime, attempt: PaymentAttemptRow): Promise<void> {
  const db = rt.ctx.db.kysely;
  const purchase = await findPurchase(db, attempt.purchase_id);
  if (!purchase || purchase.status !== 'pending') return;
  const now = rt.ctx.now().toISOString();
  if (await hasOtherLiveVoucher(db, purchase.id, attempt.id, now)) return;
  await withWriteTransaction(rt.ctx.db, async (trx) => {
    await rt.ctx.db.dialect.lockPurchase(trx, purchase.id);
    // Paid or called off meanwhile: it stays.
    if ((await findPurchase(trx, purchase.id))?.status !== 'pending') return;
    await moveOrder(trx, purchase.id, { from: ['pending'], to: 'held', actor: 'provider', reason: 'voucher_ended', attemptId: attempt.id, now });
  });
}

/**
 * Whether every line of an order whose hold ran out still fits in what is left. The items' rows
 * are read (locked on PostgreSQL, so no hold commits between the check and the move that follows)
 * with the run-out holds still counted given back, its own among them: nothing is written here.
 */
async function stockRemains(dialect: Dialect, trx: Kysely<Database>, order: Order, now: string): Promise<boolean> {
  const { event_id: eventId } = order.purchase;
  const tickets = await dialect.lockStockRows(trx, 'ticket', order.tickets.map((t) => t.ticket.id));
  const products = await dialect.lockStockRows(trx, 'product', order.products.map((p) => p.product.id));
  const expiredTickets = await expiredCounted(trx, eventId, 'ticket', now);
  const expiredProducts = await expiredCounted(trx, eventId, 'product', now);
  return (
    order.tickets.every(({ ticket, quantity }) => remaining(tickets.get(ticket.id)!, ticket.capacity, expiredTickets) >= quantity) &&
    order.products.every(({ product, quantity }) => remaining(products.get(product.id)!, product.stock, expiredProducts) >= quantity)
  );
}

/**
 * Whether a purchase's discount code (if any, with a `max_uses`) still has a use for it. A paid
 * purchase consumes a use and a live hold reserves one: with its own hold live the purchase only
 * competes with paid ones; with its hold run out, others' live holds count against it too.
 * Called under the event's stock lock, so concurrent confirmations never pass the limit.
 */
async function discountUseRemains(trx: Kysely<Database>, order: Order, now: string, holdIsLive: boolean): Promise<boolean> {
  const code = order.discount;
  if (!code || code.max_uses === null) return true;
  return (await discountUses(trx, code.id, now, order.purchase.id, holdIsLive)) < code.max_uses;
}

/**
 * An approved payment, inside the event's stock lock: tickets for the purchase (once), or a
 * refund when the purchase was already paid by another attempt, or when its hold had run out
 * and the stock is gone meanwhile. `sold` rises by exactly the purchase's lines, so paid units
 * never exceed capacity.
 */
async function settleApproved(rt: PaymentsRuntime, attempt: PaymentAttemptRow, observed: ObservedPayment): Promise<void> {
  const purchase = await findPurchase(rt.ctx.db.kysely, attempt.purchase_id);
  if (!purchase) return;
  const { dialect } = rt.ctx.db;
  await withStockLock(rt.ctx.db, purchase.event_id, async (trx) => {
    await dialect.lockPurchase(trx, purchase.id);
    const now = rt.ctx.now().toISOString();
    const order = (await loadOrder(trx, purchase.id))!;
    const current = order.purchase;
    const emission = await findEmissionOfPurchase(trx, current.id);
    if (emission) {
      if (emission.attempt_id !== attempt.id) await requireRefund(trx, attempt.id, 'duplicate', now);
      return;
    }
    const fresh = (await findAttempt(trx, attempt.id))!;
    if (fresh.refund_status !== null || current.status === 'refunded') return;
    // A purchase given up or called off before this payment came is not revived by it: the payment goes back.
    if (current.status === 'cancelled') {
      await requireRefund(trx, attempt.id, 'cancelled', now);
      return;
    }
    // A purchase paid without buyer info (PayPal's create-order has none) takes the payer the provider knows:
    // the tickets, or the news of a refund, go to that address.
    const buyer: BuyerInfo | null =
      current.buyer ?? (observed.payer ? { name: observed.payer.name, email: observed.payer.email.toLowerCase(), phone: observed.payer.phone ?? '', lang: fresh.lang === 'en' ? 'en' : 'es' } : null);
    // The order changed after this payment started (products added or removed): what was paid is not what is held.
    // The purchase itself stays as it is; the buyer may pay its new total.
    if (current.amount_cents + current.products_cents !== attempt.amount_cents) {
      await requireRefund(trx, attempt.id, 'amount_mismatch', now);
      await updatePurchase(trx, current.id, { buyer, updated_at: now });
      return;
    }
    const holdIsLive = (current.status === 'held' || current.status === 'pending') && current.stock_until !== null && current.stock_until > now;
    if (!holdIsLive && !(await stockRemains(dialect, trx, order, now))) {
      await requireRefund(trx, attempt.id, 'sold_out', now);
      await moveOrder(trx, current.id, { from: AWAITING_PAYMENT, to: 'cancelled', actor: 'provider', reason: 'sold_out', attemptId: attempt.id, buyer, now });
      return;
    }
    // The code's uses are counted under the same lock as the stock: one past `max_uses` is refunded like a sold-out one.
    if (!(await discountUseRemains(trx, order, now, holdIsLive))) {
      await requireRefund(trx, attempt.id, 'discount_exhausted', now);
      // Its counted units, live or run out, go back with the move.
      await moveOrder(trx, current.id, { from: AWAITING_PAYMENT, to: 'cancelled', actor: 'provider', reason: 'discount_exhausted', attemptId: attempt.id, buyer, now });
      return;
    }
    const paid = { ...current, buyer };
    const emissionId = await emitTickets(trx, { order: { ...order, purchase: paid }, attemptId: attempt.id, now, signingSecret: rt.ctx.config.signingSecret, seatLabels: await seatLabelsByTicket(trx, order) });
    // Counted units leave `held` and every unit enters `sold` with the move.
    await moveOrder(trx, current.id, { from: AWAITING_PAYMENT, to: 'paid', actor: 'provider', reason: 'paid', attemptId: attempt.id, emissionId, buyer, now });
    await queueTicketsMail(trx, paid, attempt.id, now);
  });
}
