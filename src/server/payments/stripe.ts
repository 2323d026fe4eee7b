import type { PaymentLanguage, StripeCreateOrderResponse } from '../../shared/api';
import { errors } from '../http/app-error';
import { findAttemptByIdempotencyKey, insertAttemptOnce, updateAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { openOrder } from '../services/purchase.service';
import { applyObservation } from './confirm';
import { ProviderError } from './provider';
import type { PaymentsRuntime } from './runtime';
import { newAttempt, payableTotal } from './start';
import { installmentRules } from './installments';

/** How many cancelled intents in a row create-order steps over before giving up (each cancellation is the provider's or an operator's). */
const MAX_GENERATIONS = 5;

/**
 * `POST /api/payments/stripe/create-order`: the PaymentIntent the storefront's payment and
 * express-checkout elements confirm. One intent per purchase and total: the attempt's key is
 * derived from both, so a repeated or concurrent call (a remount, a reload) answers the same
 * intent (Stripe's Idempotency-Key is that same key), and a declined confirmation is retried on
 * it, as Stripe intends. A changed total (products added) gets a new attempt and intent; a
 * cancelled intent is followed by a fresh one.
 */
export async function startStripeIntent(rt: PaymentsRuntime, input: { purchaseId: string; lang?: PaymentLanguage; origin: string }): Promise<StripeCreateOrderResponse> {
  const db = rt.ctx.db.kysely;
  const provider = rt.providers.stripe;
  for (let generation = 0, key = ''; generation < MAX_GENERATIONS; generation += 1) {
    const now = rt.ctx.now().toISOString();
    const order = await openOrder(db, input.purchaseId, now);
    const total = payableTotal(order, 'stripe');
    // An intent with instalments is confirmed by the server with the chosen plan (stripe-installments.ts): the storefront is told.
    const installments = installmentRules(order.event) !== null;
    const answer = (clientSecret: string): StripeCreateOrderResponse => (installments ? { clientSecret, installments: true } : { clientSecret });
    key ||= `stripe:${order.purchase.id}:${total}`;
    let attempt: PaymentAttemptRow | undefined = await findAttemptByIdempotencyKey(db, key);
    if (attempt?.status === 'cancelled') {
      key = `${key}:after:${attempt.id}`;
      continue;
    }
    attempt ??= await insertAttemptOnce(
      db,
      newAttempt(order, { provider: 'stripe', mode: provider.mode, amount_cents: total, idempotency_key: key, lang: input.lang ?? order.purchase.buyer?.lang ?? null }, now),
    );
    try {
      if (attempt.provider_reference) {
        const { clientSecret, observed } = await provider.intentSecret(attempt.provider_reference);
        if (observed.state !== 'cancelled') return answer(clientSecret);
        await applyObservation(rt, attempt, observed);
        key = `${key}:after:${attempt.id}`;
        continue;
      }
      const result = await provider.start({
        attemptId: attempt.id,
        purchaseId: order.purchase.id,
        amountCents: total,
        currency: attempt.currency,
        title: `Boletos · ${order.event.name}`,
        buyer: order.purchase.buyer,
        lang: attempt.lang === 'en' ? 'en' : 'es',
        returnUrl: `${input.origin}/${order.event.url}/stripe/loader`,
        cancelUrl: `${input.origin}/${order.event.url}/stripe/loader`,
        notificationUrl: `${input.origin}/api/webhooks/stripe`,
        holdExpiresAt: order.purchase.expires_at,
        voucherDeadline: order.purchase.expires_at,
        idempotencyKey: attempt.idempotency_key,
        cardInstallments: installments,
      });
      // Concurrent calls write the same intent id: the idempotency key made them one intent.
      await updateAttempt(db, attempt.id, { provider_reference: result.reference, updated_at: rt.ctx.now().toISOString() });
      return answer(result.sessionToken!);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Nothing is marked failed: the next call repeats the create with the same key and gets the same intent.
      rt.log.error({ err: error, attempt: attempt.id }, 'stripe: could not create or read the payment intent');
      throw errors.paymentProviderFailed();
    }
  }
  throw errors.paymentProviderFailed();
}
