import type { BuyerForm, PaymentLanguage } from '../../shared/api';
import { errors } from '../http/app-error';
import { findAttemptByIdempotencyKey, moveAttemptStatus, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { updatePurchase } from '../repositories/purchase.repository';
import { normaliseBuyerEmail } from '../services/hold-limits.service';
import { eventConfig } from '../services/order-pricing';
import { openOrder } from '../services/purchase.service';
import { checkedPlan, installmentRules, planColumns } from './installments';
import { assertAllowedBin, assertNoPaymentInFlight, declineReason, insertTokenAttempt, tokenAttemptKey } from './card-checks';
import { applyObservation } from './confirm';
import { mercadoPagoOffer } from './installment-offers';
import { ProviderError } from './provider';
import type { CardChallenge, CardCharge } from './providers/mercadopago-cards';
import type { PaymentsRuntime } from './runtime';
import { newAttempt, payableTotal, validBuyer } from './start';

export interface CardPaymentInput {
  purchaseId: string;
  token: string;
  paymentMethodId: string;
  /** The months of the plan the buyer chose (1: one payment); checked against MercadoPago's offer before charging. */
  installments: number;
  issuer: string | number | null | undefined;
  email: string;
  buyer: BuyerForm;
  lang?: PaymentLanguage;
  origin: string;
}

/**
 * Pays a held purchase with a MercadoPago card token: the same checks as every other method
 * (held, form completed, method offered, total above 0), the allowed BINs read from the token
 * and the chosen plan checked against MercadoPago's offer for that card (`installments.ts`)
 * before anything is charged, an attempt row, then `POST /v1/payments` for the purchase's own
 * amount. The answer goes through the one confirm path (approved → tickets and e-mail once;
 * pending → the webhook settles it later); a rejected payment answers 402 with a reason the
 * buyer understands and its `payment_id` (the storefront shows that payment's loader).
 */
export async function payByCard(rt: PaymentsRuntime, input: CardPaymentInput): Promise<{ paymentId: string; challenge: CardChallenge | null }> {
  const db = rt.ctx.db.kysely;
  const key = tokenAttemptKey('mp-card', input.purchaseId, input.token);
  // A duplicate of a request already under way (or done) repeats the same charge, which
  // MercadoPago answers with the same payment: the purchase may already be paid by it.
  let attempt = await findAttemptByIdempotencyKey(db, key);
  if (!attempt) attempt = await openCardAttempt(rt, input, key);
  else if (attempt.status === 'rejected' && !attempt.provider_payment_id) throw errors.cardTokenInvalid();

  let observed: CardCharge;
  try {
    observed = await rt.providers.mercadopago.cards.charge({
      attemptId: attempt.id,
      token: input.token,
      amountCents: attempt.amount_cents,
      paymentMethodId: input.paymentMethodId,
      issuerId: input.issuer === null || input.issuer === undefined || input.issuer === '' ? null : String(input.issuer),
      payerEmail: input.email.trim().toLowerCase(),
      description: 'Boletos',
      notificationUrl: `${input.origin}/api/webhooks/mercadopago`,
      idempotencyKey: attempt.idempotency_key,
      installments: attempt.installments ?? 1,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    rt.log.error({ err: error, attempt: attempt.id }, 'mercadopago: card payment failed');
    // MercadoPago refused the request itself (a used, expired or unknown token): nothing was charged.
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      await moveAttemptStatus(db, attempt.id, ['created'], { status: 'rejected', status_detail: 'card token refused', updated_at: rt.ctx.now().toISOString() });
      throw errors.cardTokenInvalid();
    }
    // Unreachable or failing: the payment may exist; its webhook settles the attempt.
    throw errors.paymentProviderFailed();
  }
  if (!observed.paymentId) throw errors.paymentProviderFailed();
  await applyObservation(rt, attempt, observed);
  if (observed.state === 'rejected' || observed.state === 'cancelled') {
    throw errors.cardPaymentRejected(declineReason(observed.detail), observed.paymentId);
  }
  // A 3-D Secure challenge keeps the payment pending until the buyer answers the issuer.
  return { paymentId: observed.paymentId, challenge: observed.challenge };
}

/** The checks every payment start makes, no other payment in flight, the BIN rule, the plan, the buyer stored, and the attempt (one per purchase and token). */
async function openCardAttempt(rt: PaymentsRuntime, input: CardPaymentInput, key: string): Promise<PaymentAttemptRow> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now().toISOString();
  const buyer = validBuyer(input.buyer, input.lang);
  const order = await openOrder(db, input.purchaseId, now);
  const { purchase } = order;
  const config = eventConfig(order.event);
  const total = payableTotal(order, 'card');
  await assertNoPaymentInFlight(db, purchase.id, key);

  // The token is read once, for the BIN rule and the plan's BIN.
  let firstSix: Promise<string | null | undefined> | undefined;
  const firstSixOf = () => (firstSix ??= rt.providers.mercadopago.cards.readToken(input.token).then((token) => token.first_six_digits));
  await assertAllowedBin(config, firstSixOf);
  const plan = await checkedPlan(installmentRules(order.event), total, input.installments, async () => {
    const bin = await firstSixOf();
    return mercadoPagoOffer(rt, bin ? { bin, paymentMethodId: input.paymentMethodId } : null, total);
  });

  await updatePurchase(db, purchase.id, { buyer, buyer_email: normaliseBuyerEmail(buyer.email), updated_at: now });
  return insertTokenAttempt(db, newAttempt(order, { provider: 'mercadopago', mode: rt.providers.mercadopago.mode, amount_cents: total, idempotency_key: key, lang: buyer.lang, ...planColumns(plan) }, now));
}
