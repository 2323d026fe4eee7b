import type { InstallmentPlan } from '../../shared/api/installments';
import { eventConfig } from '../services/order-pricing';
import { openOrder } from '../services/purchase.service';
import { allowedPlans, installmentRules } from './installments';
import { ProviderError } from './provider';
import type { PaymentsRuntime } from './runtime';
import { offersPaidMethod, type PaidMethodId } from '../../shared/payment-methods';
import { payableTotal } from './start';
import { errors } from '../http/app-error';

/** A MercadoPago card as its plans are asked for: its first six digits and payment method (`visa`, `debvisa`…). */
export interface MercadoPagoCardOfPlans {
  bin: string;
  paymentMethodId: string;
}

/**
 * MercadoPago's offer for a card and amount (`GET /v1/payment_methods/installments`), before the
 * event's rules; none for a method without a card (account money: `card` null).
 */
export function mercadoPagoOffer(rt: PaymentsRuntime, card: MercadoPagoCardOfPlans | null | undefined, amountCents: number): Promise<InstallmentPlan[]> {
  if (!card) return Promise.resolve([]);
  return rt.providers.mercadopago.cards.installmentPlans({ bin: card.bin.slice(0, 6), paymentMethodId: card.paymentMethodId, amountCents });
}

/**
 * The plans the storefront shows for a MercadoPago card: the issuer's offer for the held purchase's
 * total, narrowed by the event's rules. `cardOf` names the card: a new card by the BIN its number
 * gives, a saved one (an account's method behind a fast-payment token) as the server reads it from
 * MercadoPago. `methods` are the ones that would pay with it (a saved card: the card panel's or the
 * super token's), one of which the event must offer. Nothing is asked of MercadoPago when the event
 * offers no plan for this total.
 */
export async function mercadoPagoPlans(
  rt: PaymentsRuntime,
  purchaseId: string,
  methods: readonly [PaidMethodId, ...PaidMethodId[]],
  cardOf: () => Promise<MercadoPagoCardOfPlans | null>,
): Promise<InstallmentPlan[]> {
  const order = await openOrder(rt.ctx.db.kysely, purchaseId, rt.ctx.now().toISOString());
  const total = payableTotal(order, methods.find((method) => offersPaidMethod(eventConfig(order.event), method)) ?? methods[0]);
  const rules = installmentRules(order.event);
  if (allowedPlans(rules, total, [{ months: 2, monthly_cents: 0, total_cents: 0, interest_free: true }]).length === 0) return [];
  try {
    return allowedPlans(rules, total, await mercadoPagoOffer(rt, await cardOf(), total));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    rt.log.error({ err: error, purchase: purchaseId }, 'mercadopago: could not read the card plans');
    throw errors.paymentProviderFailed();
  }
}
