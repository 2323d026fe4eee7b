import type { BuyerInfo, PaymentLanguage } from '../../shared/api';
import { createFormValidators } from '../../shared/forms/create-form-validators';
import { AppError, errors } from '../http/app-error';
import { findAttemptByIdempotencyKey, moveAttemptStatus, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { updatePurchase } from '../repositories/purchase.repository';
import { normaliseBuyerEmail } from '../services/hold-limits.service';
import { eventConfig } from '../services/order-pricing';
import { openOrder } from '../services/purchase.service';
import { assertAllowedBin, assertNoPaymentInFlight, declineReason, insertTokenAttempt, tokenAttemptKey } from './card-checks';
import { applyObservation } from './confirm';
import { mercadoPagoOffer, type MercadoPagoCardOfPlans } from './installment-offers';
import { checkedPlan, installmentRules, planColumns } from './installments';
import { ProviderError, type ObservedPayment } from './provider';
import type { MercadoPagoAccountMethod } from './providers/mercadopago-fast-payments';
import type { PaymentsRuntime } from './runtime';
import { newAttempt, payableTotal } from './start';

export interface SuperTokenPaymentInput {
  purchaseId: string;
  /** The fast-payment token the authenticator gave the browser. */
  token: string;
  /** The account method the buyer chose (its id as `getAccountPaymentMethods` lists it) and its type. */
  methodId: string;
  methodType: string;
  /** The months of the plan the buyer chose (1: one payment); checked against MercadoPago's offer for the method's card before charging. */
  installments: number;
  email: string;
  lang?: PaymentLanguage;
  origin: string;
}

const formValidators = createFormValidators();

/** A provider refusal of the token or method (4xx: nothing charged) as the buyer's error; anything else: the provider failed. */
function refusal(error: unknown): AppError {
  if (!(error instanceof ProviderError)) throw error;
  return error.status !== undefined && error.status >= 400 && error.status < 500 ? errors.superTokenInvalid() : errors.paymentProviderFailed();
}

/**
 * Pays a held purchase with a method saved in the buyer's MercadoPago account (super token):
 * the checks every method makes (held, form completed, `superToken` offered, total above 0),
 * the chosen method read back from MercadoPago and its BIN checked against the event's allowed
 * BINs and the chosen plan checked against MercadoPago's offer for that card (`installments.ts`)
 * before anything is charged, an attempt row, then `POST /v1/payments` for the purchase's own
 * amount and the plan's months. The answer goes through the one confirm path; a rejected payment answers 402
 * with a reason the buyer understands and the payment id.
 */
export async function payBySuperToken(rt: PaymentsRuntime, input: SuperTokenPaymentInput): Promise<{ paymentId: string }> {
  const db = rt.ctx.db.kysely;
  // The storefront's own e-mail rule (schemas/forms/super-token-email: allowed endings), judged again here.
  const problems = formValidators.superTokenEmail({ email: input.email.trim() });
  if (problems.length > 0) throw errors.formInvalid(problems.map((p) => ({ path: p.pointer, message: p.message })));
  const key = tokenAttemptKey('mp-supertoken', input.purchaseId, input.token);
  let attempt = await findAttemptByIdempotencyKey(db, key);
  let method: MercadoPagoAccountMethod;
  if (!attempt) {
    ({ attempt, method } = await openSuperTokenAttempt(rt, input, key));
  } else {
    if (attempt.status === 'rejected' && !attempt.provider_payment_id) throw errors.superTokenInvalid();
    method = await readMethod(rt, input);
  }

  let observed: ObservedPayment;
  try {
    observed = await rt.providers.mercadopago.cards.chargeFastPayment({
      attemptId: attempt.id,
      fastPaymentToken: input.token,
      method,
      amountCents: attempt.amount_cents,
      installments: attempt.installments ?? 1,
      payerEmail: input.email.trim().toLowerCase(),
      description: 'Boletos',
      notificationUrl: `${input.origin}/api/webhooks/mercadopago`,
      idempotencyKey: attempt.idempotency_key,
    });
  } catch (error) {
    const answer = refusal(error);
    rt.log.error({ err: error, attempt: attempt.id }, 'mercadopago: super-token payment failed');
    // Refused outright (used or expired token, another account's method): nothing was charged.
    if (answer.code === 'SUPER_TOKEN_INVALID') {
      await moveAttemptStatus(db, attempt.id, ['created'], { status: 'rejected', status_detail: 'fast payment refused', updated_at: rt.ctx.now().toISOString() });
    }
    // Unreachable or failing: the payment may exist; its webhook settles the attempt.
    throw answer;
  }
  if (!observed.paymentId) throw errors.paymentProviderFailed();
  await applyObservation(rt, attempt, observed);
  if (observed.state === 'rejected' || observed.state === 'cancelled') {
    throw errors.cardPaymentRejected(declineReason(observed.detail), observed.paymentId);
  }
  return { paymentId: observed.paymentId };
}

/**
 * The chosen method, as MercadoPago knows it for this token; its type must be the one the page
 * showed. A token or method MercadoPago refuses (unknown, expired, another account's) → 422.
 */
export async function readMethod(rt: PaymentsRuntime, input: Pick<SuperTokenPaymentInput, 'token' | 'methodId' | 'methodType'>): Promise<MercadoPagoAccountMethod> {
  let method: MercadoPagoAccountMethod;
  try {
    method = await rt.providers.mercadopago.cards.readAccountMethod(input.token, input.methodId);
  } catch (error) {
    throw refusal(error);
  }
  if (method.type !== input.methodType) throw errors.superTokenInvalid();
  return method;
}

/** The card behind an account's method, as its plans are asked for (none for account money). */
export function cardOfMethod(method: MercadoPagoAccountMethod): MercadoPagoCardOfPlans | null {
  return method.first_six_digits ? { bin: method.first_six_digits, paymentMethodId: method.payment_method.id } : null;
}

/** The checks every payment start makes, the method, its BIN and the plan, the buyer's e-mail stored, and the attempt (one per purchase and token). */
async function openSuperTokenAttempt(rt: PaymentsRuntime, input: SuperTokenPaymentInput, key: string): Promise<{ attempt: PaymentAttemptRow; method: MercadoPagoAccountMethod }> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now().toISOString();
  const order = await openOrder(db, input.purchaseId, now);
  const { purchase } = order;
  const total = payableTotal(order, 'superToken');
  await assertNoPaymentInFlight(db, purchase.id, key);
  const method = await readMethod(rt, input);

  // Account money has no card, so an event that takes only some BINs cannot take it either.
  await assertAllowedBin(eventConfig(order.event), async () => method.first_six_digits);
  const plan = await checkedPlan(installmentRules(order.event), total, input.installments, () => mercadoPagoOffer(rt, cardOfMethod(method), total));

  // The super-token panel asks only the e-mail: a name or phone given earlier stays.
  const email = input.email.trim().toLowerCase();
  const lang = input.lang === 'en' ? 'en' : input.lang === 'es' ? 'es' : (purchase.buyer?.lang ?? 'es');
  const buyer: BuyerInfo = { name: purchase.buyer?.name ?? '', email, phone: purchase.buyer?.phone ?? '', lang };
  await updatePurchase(db, purchase.id, { buyer, buyer_email: normaliseBuyerEmail(email), updated_at: now });
  const attempt = await insertTokenAttempt(db, newAttempt(order, { provider: 'mercadopago', mode: rt.providers.mercadopago.mode, amount_cents: total, idempotency_key: key, lang, ...planColumns(plan) }, now));
  return { attempt, method };
}
