import { queueRefundMail } from '../fulfilment/outbox';
import { ORGANISER_REFUND } from '../orders/cancel-order';
import { claimRefund, markRefundDone, releaseRefund, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { moveOrder } from '../orders/lifecycle';
import { findPurchase } from '../repositories/purchase.repository';
import type { PaymentsRuntime } from './runtime';

/** A refund call silent for this long is taken to have died with its process. */
export const STALE_REFUND_MS = 10 * 60_000;

/**
 * Gives an approved payment back through its provider's adapter. Only the caller that
 * claims the refund (required → in_progress) calls the provider, with an idempotency key
 * per attempt; on failure the refund goes back to `required` for the retry loop. Once done
 * the attempt is `refunded`, a purchase cancelled for lack of stock becomes `refunded`, and the buyer is told.
 */
export async function settleRefund(rt: PaymentsRuntime, attempt: PaymentAttemptRow): Promise<void> {
  const db = rt.ctx.db.kysely;
  const now0 = rt.ctx.now();
  if (!(await claimRefund(db, attempt.id, now0.toISOString(), new Date(now0.getTime() - STALE_REFUND_MS).toISOString()))) return;
  const provider = rt.providers[attempt.provider];
  let refundId: string;
  try {
    if (!attempt.provider_payment_id) throw new Error('payment id unknown');
    ({ refundId } = await provider.refund({
      paymentId: attempt.provider_payment_id,
      amountCents: attempt.amount_cents,
      currency: attempt.currency,
      idempotencyKey: `refund-${attempt.id}`,
    }));
  } catch (error) {
    rt.log.error({ err: error, attempt: attempt.id }, 'refund failed; it will be retried');
    await releaseRefund(db, attempt.id, rt.ctx.now().toISOString());
    return;
  }
  const now = rt.ctx.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await markRefundDone(trx, attempt.id, refundId, now);
    // Only a purchase this payment could not have (sold out meanwhile) ends refunded; a paid one keeps its
    // tickets (a duplicate payment) and a held one stays payable (an amount that no longer matched).
    if ((await findPurchase(trx, attempt.purchase_id))!.status === 'cancelled') {
      await moveOrder(trx, attempt.purchase_id, { from: ['cancelled'], to: 'refunded', actor: 'provider', reason: 'refund_done', attemptId: attempt.id, now });
    }
    const purchase = (await findPurchase(trx, attempt.purchase_id))!;
    // A refund the organiser ordered with a cancellation was announced by the cancellation's e-mail: one e-mail, not two.
    if (attempt.refund_reason !== ORGANISER_REFUND) await queueRefundMail(trx, purchase, attempt, now);
  });
  rt.log.info({ attempt: attempt.id, refund: refundId, reason: attempt.refund_reason }, 'payment refunded');
}
