import type { InstallmentPlan } from '../../shared/api/installments';
import type { InstallmentsFile } from '../../shared/event-file/event-file.types';
import { pesosToCents } from '../../shared/money';
import { errors } from '../http/app-error';
import { ProviderError } from './provider';

/**
 * Card instalments: the plans a provider offers for a card and total (MercadoPago's `payer_costs`,
 * Stripe's `available_plans`), narrowed by the event file's `installments` rules. The browser only
 * ever shows these; before charging, the server asks the provider again and checks the chosen
 * months against this same list (`planOffered`), so a plan made up in the browser charges nothing.
 */

/** The event's rules, or null when it offers one payment only (absent or not enabled). */
export function installmentRules(event: { installments: InstallmentsFile | null }): InstallmentsFile | null {
  return event.installments?.enabled === true ? event.installments : null;
}

/**
 * The plans offered for an order's total: none when the event has no rules or the total is under
 * `min_amount`; else the provider's plans of 2 months or more, up to `max_months`, interest-free
 * only unless `interest_free_only` is false. Sorted by months.
 */
export function allowedPlans(rules: InstallmentsFile | null, totalCents: number, offered: InstallmentPlan[]): InstallmentPlan[] {
  if (!rules) return [];
  if (totalCents < pesosToCents(rules.min_amount ?? 0)) return [];
  const interestFreeOnly = rules.interest_free_only !== false;
  return offered
    .filter((plan) => plan.months >= 2 && (rules.max_months === undefined || plan.months <= rules.max_months) && (plan.interest_free || !interestFreeOnly))
    .sort((a, b) => a.months - b.months);
}

/** The plan of `months` among the allowed ones; a plan not there (tampered, gone, left out by the rules) → 422 before any charge. */
export function planOffered(allowed: InstallmentPlan[], months: number): InstallmentPlan {
  const plan = allowed.find((p) => p.months === months);
  if (!plan) throw errors.installmentsNotOffered();
  return plan;
}

/**
 * The plan a buyer chose, checked before anything is charged: null for one payment (`months` 1);
 * otherwise the event must offer instalments for this total and `offeredOf` (the provider, asked
 * now, never the browser's word) must list the months. A provider that cannot answer → 502.
 */
export async function checkedPlan(
  rules: InstallmentsFile | null,
  totalCents: number,
  months: number,
  offeredOf: () => Promise<InstallmentPlan[]>,
): Promise<InstallmentPlan | null> {
  if (months === 1) return null;
  if (!rules || allowedPlans(rules, totalCents, [{ months, monthly_cents: 0, total_cents: 0, interest_free: true }]).length === 0) throw errors.installmentsNotOffered();
  let offered: InstallmentPlan[];
  try {
    offered = await offeredOf();
  } catch (error) {
    // A card token the provider does not know is the buyer's invalid token; anything else is the provider's failure.
    if (error instanceof ProviderError && error.status === 404) throw errors.cardTokenInvalid();
    if (error instanceof ProviderError) throw errors.paymentProviderFailed();
    throw error;
  }
  return planOffered(allowedPlans(rules, totalCents, offered), months);
}

/** The attempt's columns of a checked plan (both null for one payment). */
export function planColumns(plan: InstallmentPlan | null): { installments: number | null; installments_total_cents: number | null } {
  return { installments: plan?.months ?? null, installments_total_cents: plan?.total_cents ?? null };
}
