import type { BuyerInfo, OpenpayBuyerForm, PaymentLanguage } from '../../shared/api';
import { createFormValidators } from '../../shared/forms/create-form-validators';
import { errors } from '../http/app-error';
import { findAttempt, findAttemptByIdempotencyKey, findAttemptByPayment, moveAttemptStatus, updateAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { updatePurchase } from '../repositories/purchase.repository';
import { normaliseBuyerEmail } from '../services/hold-limits.service';
import { eventConfig } from '../services/order-pricing';
import { openOrder } from '../services/purchase.service';
import { loadOrder } from '../repositories/order.repository';
import { assertAllowedBin, assertNoPaymentInFlight, insertTokenAttempt, tokenAttemptKey } from './card-checks';
import { applyObservation } from './confirm';
import { ProviderError, type ObservedPayment } from './provider';
import type { OpenpayErrorBody } from './providers/openpay.provider';
import type { PaymentsRuntime } from './runtime';
import { newAttempt, payableTotal } from './start';

export interface OpenpayPaymentInput {
  purchaseId: string;
  token: string;
  deviceSessionId: string;
  buyer: OpenpayBuyerForm;
  lang?: PaymentLanguage;
  origin: string;
}

const formValidators = createFormValidators();

/**
 * Openpay's declines (402) in the reasons our card errors already name; any other code is a
 * plain decline. 3003 is insufficient funds, 3002 an expired card, 3001/3004/3005… declined.
 */
const DECLINE_REASONS: Record<number, string> = { 3003: 'insufficient_amount', 3002: 'bad_filled_date', 2006: 'bad_filled_security_code', 3012: 'call_for_authorize' };

/**
 * The buyer of an Openpay card payment: the cardholder and the e-mail (with its confirmation),
 * judged with the second-card form's own schema (the same validator and i18n keys the browser
 * uses); the phone is kept from the purchase when an earlier panel stored one.
 */
function openpayBuyer(input: OpenpayBuyerForm, lang: PaymentLanguage | undefined, stored: BuyerInfo | null): BuyerInfo {
  const email = typeof input.email === 'string' ? input.email : '';
  const data = { cardHolderName: input.name, email, emailConfirm: input.emailConfirm ?? email };
  const problems = formValidators.secondCard(data);
  const pointer: Record<string, string> = { '/cardHolderName': '/name', '/email': '/email', '/emailConfirm': '/emailConfirm' };
  if (problems.length > 0) throw errors.formInvalid(problems.map((p) => ({ path: `/buyer_info${pointer[p.pointer] ?? p.pointer}`, message: p.message })));
  return { name: data.cardHolderName.trim(), email: email.trim().toLowerCase(), phone: stored?.phone ?? '', lang: (lang ?? input.lang) === 'en' ? 'en' : 'es' };
}

/**
 * Pays a held purchase with an Openpay card token: the checks every payment makes, the
 * allowed BINs read from the token before anything is charged, an attempt whose id is the
 * charge's `order_id` (Openpay refuses a second charge with it, so a retried request answers
 * the first charge), the charge for the purchase's own amount with the device session id,
 * then the one confirm path. A charge waiting for 3-D Secure answers the bank's page; a
 * declined card answers 402.
 */
export async function payByOpenpay(rt: PaymentsRuntime, input: OpenpayPaymentInput): Promise<{ paymentId: string; redirectUrl: string | null }> {
  const db = rt.ctx.db.kysely;
  const key = tokenAttemptKey('openpay', input.purchaseId, input.token);
  // A repeat of a request already under way (or done) charges the same order_id again, which
  // Openpay answers with the first charge: the purchase may already be paid by it.
  let attempt = await findAttemptByIdempotencyKey(db, key);
  if (!attempt) attempt = await openAttempt(rt, input, key);
  else if (attempt.status === 'rejected' && !attempt.provider_payment_id) throw errors.cardTokenInvalid();
  const order = (await loadOrder(db, attempt.purchase_id))!;
  const buyer = order.purchase.buyer;

  let observed: ObservedPayment;
  let redirectUrl: string | null;
  try {
    ({ observed, redirectUrl } = await rt.providers.openpay.cards.charge({
      attemptId: attempt.id,
      token: input.token,
      deviceSessionId: input.deviceSessionId,
      amountCents: attempt.amount_cents,
      currency: attempt.currency,
      description: 'Boletos',
      customer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
      redirectUrl: `${input.origin}/${order.event.url}/open-pay/loader?payment_id=${encodeURIComponent(attempt.id)}`,
    }));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const body = (error.body ?? {}) as OpenpayErrorBody;
    if (error.status === 402) {
      // Declined by the issuer: Openpay keeps no charge to read back, its error is the outcome.
      await moveAttemptStatus(db, attempt.id, ['created'], { status: 'rejected', status_detail: String(body.error_code ?? 'declined'), updated_at: rt.ctx.now().toISOString() });
      throw errors.cardPaymentRejected(DECLINE_REASONS[body.error_code ?? 0] ?? null);
    }
    rt.log.error({ err: error, attempt: attempt.id }, 'openpay: card charge failed');
    // The order_id is taken by a charge another request of this attempt is still making: that
    // request settles it (a 503 asks this one to look again), the attempt stays open.
    if (error.status === 409) throw errors.paymentProviderUnavailable();
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      await moveAttemptStatus(db, attempt.id, ['created'], { status: 'rejected', status_detail: 'card token refused', updated_at: rt.ctx.now().toISOString() });
      throw errors.cardTokenInvalid();
    }
    throw errors.paymentProviderFailed();
  }
  if (!observed.paymentId) throw errors.paymentProviderFailed();
  // The charge is the reference the loader and the webhook find the attempt by.
  if (!attempt.provider_reference) await updateAttempt(db, attempt.id, { provider_reference: observed.paymentId, updated_at: rt.ctx.now().toISOString() });
  const applied = await applyObservation(rt, { ...attempt, provider_reference: observed.paymentId }, observed);
  if (applied.status === 'rejected' || applied.status === 'cancelled') throw errors.cardPaymentRejected(null);
  return { paymentId: observed.paymentId, redirectUrl };
}

/** The checks every payment start makes, no other payment in flight, the buyer stored, the BIN rule, then the attempt (one per purchase and token). */
async function openAttempt(rt: PaymentsRuntime, input: OpenpayPaymentInput, key: string): Promise<PaymentAttemptRow> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now().toISOString();
  const order = await openOrder(db, input.purchaseId, now);
  const { purchase } = order;
  const total = payableTotal(order, 'openpay');
  const buyer = openpayBuyer(input.buyer, input.lang, purchase.buyer);
  await assertNoPaymentInFlight(db, purchase.id, key);

  await assertAllowedBin(eventConfig(order.event), async () => (await rt.providers.openpay.cards.readToken(input.token)).card?.card_number?.slice(0, 6));

  await updatePurchase(db, purchase.id, { buyer, buyer_email: normaliseBuyerEmail(buyer.email), updated_at: now });
  return insertTokenAttempt(db, newAttempt(order, { provider: 'openpay', mode: rt.providers.openpay.mode, amount_cents: total, idempotency_key: key, lang: buyer.lang }, now));
}

/** The attempt a loader names: our attempt id (the 3-D Secure return) or the charge id (process-payment's answer). */
export async function openpayAttemptOf(rt: PaymentsRuntime, paymentId: string): Promise<PaymentAttemptRow> {
  const db = rt.ctx.db.kysely;
  const attempt = (await findAttemptByPayment(db, 'openpay', paymentId)) ?? (await findAttempt(db, paymentId));
  if (!attempt || attempt.provider !== 'openpay' || !attempt.provider_reference) throw errors.paymentNotFound();
  return attempt;
}
