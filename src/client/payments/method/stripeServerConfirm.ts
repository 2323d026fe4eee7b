import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { InstallmentPlan } from '../../../shared/api/installments';
import type { PaymentApi } from '../../api/PaymentApi';
import type { PaymentHandover } from './PaymentActions';
import type { CardPaymentForm } from './StripeCheckout';

/**
 * Stripe's card path when the event offers instalments (create-order answered `installments`):
 * Stripe.js makes a PaymentMethod of the card element, our server attaches it to the purchase's
 * intent and answers its plans, and after the buyer's choice our server confirms the intent with
 * that plan (checked against Stripe's list and the event's rules). Stripe.js never confirms here.
 */

/** The card entered, made a PaymentMethod and attached to the intent: its plans (none: one payment). Rejects with Stripe's or our server's error. */
export async function stripeCardPlans(stripe: Stripe, elements: StripeElements, api: PaymentApi, purchaseId: string, billing: CardPaymentForm): Promise<InstallmentPlan[]> {
  const submitted = await elements.submit();
  if (submitted.error) throw submitted.error;
  const created = await stripe.createPaymentMethod({
    elements,
    params: { billing_details: { name: billing.name.trim(), email: billing.email.trim(), phone: billing.phone.trim() } },
  });
  if (created.error) throw created.error;
  return (await api.stripeInstallments({ purchase_id: purchaseId, payment_method_id: created.paymentMethod.id })).plans;
}

/** Our server confirms with `months` (1: one payment); then 3-D Secure (the issuer's page) or the loader, as Stripe.js's return would. */
export async function confirmOnServer(api: PaymentApi, handover: PaymentHandover, purchaseId: string, eventUrl: string, months: number): Promise<void> {
  const answer = await api.stripeConfirm({ purchase_id: purchaseId, installments: months });
  if (answer.redirect_url) handover.assign(answer.redirect_url);
  else handover.navigate(`/${eventUrl}/stripe/loader?${new URLSearchParams({ payment_intent: answer.payment_intent }).toString()}`);
}
