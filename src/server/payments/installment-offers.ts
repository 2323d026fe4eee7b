import type { InstallmentPlan } from '../../shared/api/installments';
import { openOrder } from '../services/purchase.service';
import { allowedPlans, installmentRules } from './installments';
import { ProviderError } from './provider';
import type { PaymentsRuntime } from './runtime';
import { payableTotal } from './start';
import { errors } from '../http/app-error';

/**
 * The plans the storefront shows for a MercadoPago card: the issuer's offer for the held purchase's
 * total (asked by BIN and payment method with the server's access token), narrowed by the event's
 * rules. Nothing is asked of MercadoPago when the event offers no plan for this total.
 */
export async function mercadoPagoPlans(rt: PaymentsRuntime, input: { purchaseId: string; bin: string; paymentMethodId: string }): Promise<InstallmentPlan[]> {
  const order = await openOrder(rt.ctx.db.kysely, input.purchaseId, rt.ctx.now().toISOString());
  const total = payableTotal(order, 'card');
  const rules = installmentRules(order.event);
  if (allowedPlans(rules, total, [{ months: 2, monthly_cents: 0, total_cents: 0, interest_free: true }]).length === 0) return [];
  try {
    const offered = await rt.providers.mercadopago.cards.installmentPlans({ bin: input.bin.slice(0, 6), paymentMethodId: input.paymentMethodId, amountCents: total });
    return allowedPlans(rules, total, offered);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    rt.log.error({ err: error, purchase: input.purchaseId }, 'mercadopago: could not read the card plans');
    throw errors.paymentProviderFailed();
  }
}
