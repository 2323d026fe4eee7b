import type { InstallmentPlan } from '../../shared/api/installments';
import { errors } from '../http/app-error';
import { latestAttemptFor, updateAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import type { Order } from '../repositories/order.repository';
import { openOrder } from '../services/purchase.service';
import { applyObservation } from './confirm';
import { allowedPlans, checkedPlan, installmentRules, planColumns } from './installments';
import { ProviderError } from './provider';
import type { PaymentsRuntime } from './runtime';
import { payableTotal } from './start';

/**
 * Stripe's meses sin intereses, its direct-API flow: the intent create-order made (installments
 * enabled when the event offers them) gets the card the buyer entered (a PaymentMethod made by
 * Stripe.js), Stripe lists that card's plans (none for debit), the buyer picks one, and the server
 * confirms the intent with it — after reading Stripe's list again and the event's rules, so a plan
 * the browser made up charges nothing.
 */

/** The purchase's open Stripe attempt for its current total (create-order made it), or 404. */
async function openIntent(rt: PaymentsRuntime, purchaseId: string): Promise<{ order: Order; attempt: PaymentAttemptRow & { provider_reference: string } }> {
  const db = rt.ctx.db.kysely;
  const order = await openOrder(db, purchaseId, rt.ctx.now().toISOString());
  const total = payableTotal(order, 'stripe');
  const attempt = await latestAttemptFor(db, order.purchase.id, 'stripe');
  if (!attempt?.provider_reference || attempt.status !== 'created' || attempt.amount_cents !== total) throw errors.paymentNotFound();
  return { order, attempt: attempt as PaymentAttemptRow & { provider_reference: string } };
}

const providerFailed = (rt: PaymentsRuntime, error: unknown, attemptId: string): never => {
  if (!(error instanceof ProviderError)) throw error;
  rt.log.error({ err: error, attempt: attemptId }, 'stripe: instalments call failed');
  // Stripe refused the card or the PaymentMethod (unknown, another customer's): the buyer enters it again.
  if (error.status !== undefined && error.status >= 400 && error.status < 500) throw errors.cardTokenInvalid();
  throw errors.paymentProviderFailed();
};

/** `POST /api/payments/stripe/installments`: the card attached to the purchase's intent, and its plans within the event's rules. */
export async function stripePlans(rt: PaymentsRuntime, input: { purchaseId: string; paymentMethodId: string }): Promise<InstallmentPlan[]> {
  const { order, attempt } = await openIntent(rt, input.purchaseId);
  let offered: InstallmentPlan[];
  try {
    offered = await rt.providers.stripe.attachCard(attempt.provider_reference, input.paymentMethodId);
  } catch (error) {
    return providerFailed(rt, error, attempt.id);
  }
  return allowedPlans(installmentRules(order.event), attempt.amount_cents, offered);
}

/**
 * `POST /api/payments/stripe/confirm`: confirms the purchase's intent with the attached card and the
 * chosen plan (1: one payment), checked first against Stripe's list and the event's rules; the plan
 * is stored on the attempt, the answer goes through the confirm path. A declined card → 402.
 */
export async function confirmStripeWithPlan(
  rt: PaymentsRuntime,
  input: { purchaseId: string; installments: number; origin: string },
): Promise<{ paymentIntent: string; redirectUrl: string | null }> {
  const { order, attempt } = await openIntent(rt, input.purchaseId);
  const intentId = attempt.provider_reference;
  const plan = await checkedPlan(installmentRules(order.event), attempt.amount_cents, input.installments, () => rt.providers.stripe.availablePlans(intentId));
  const columns = planColumns(plan);
  await updateAttempt(rt.ctx.db.kysely, attempt.id, { ...columns, updated_at: rt.ctx.now().toISOString() });
  const stored = { ...attempt, ...columns };
  try {
    const { observed, redirectUrl } = await rt.providers.stripe.confirm(intentId, plan?.months ?? null, `${input.origin}/${order.event.url}/stripe/loader`);
    await applyObservation(rt, stored, observed);
    return { paymentIntent: intentId, redirectUrl };
  } catch (error) {
    if (error instanceof ProviderError && error.status === 402) {
      // Declined: the intent keeps the error; the confirm path records the refusal.
      await applyObservation(rt, stored, await rt.providers.stripe.read({ paymentId: intentId, reference: intentId, attemptId: attempt.id }));
      throw errors.cardPaymentRejected(null, intentId);
    }
    return providerFailed(rt, error, attempt.id);
  }
}
