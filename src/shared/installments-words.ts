import { centsToPesos, formatMoney } from './money';

/** A card plan as a payment stored it: the months and what the buyer pays over them. */
export interface StoredPlan {
  months: number;
  totalCents: number;
  /** The order's amount: a total above it carries the issuer's interest. */
  amountCents: number;
  currency: string;
}

/**
 * The plan in the buyer's words, the same on the thank-you page, the order page and the e-mail:
 * "6 meses sin intereses de $110.00 (total $660.00)"; interest-bearing plans say so.
 */
export function planSentence(lang: 'es' | 'en', plan: StoredPlan): string {
  const locale = lang === 'en' ? 'en-US' : 'es-MX';
  const monthly = formatMoney(Math.round(plan.totalCents / plan.months), plan.currency, locale);
  const total = formatMoney(plan.totalCents, plan.currency, locale);
  const interestFree = plan.totalCents <= plan.amountCents;
  if (lang === 'en') return interestFree ? `${plan.months} interest-free monthly payments of ${monthly} (total ${total})` : `${plan.months} monthly payments of ${monthly} with interest (total ${total})`;
  return interestFree ? `${plan.months} meses sin intereses de ${monthly} (total ${total})` : `${plan.months} meses de ${monthly} con intereses (total ${total})`;
}

/** The stored plan of a payment row, or null for one payment. */
export function storedPlanOf(attempt: { installments: number | null; installments_total_cents: number | null; amount_cents: number; currency: string } | null | undefined): StoredPlan | null {
  if (!attempt?.installments || attempt.installments < 2 || attempt.installments_total_cents === null) return null;
  return { months: attempt.installments, totalCents: attempt.installments_total_cents, amountCents: attempt.amount_cents, currency: attempt.currency };
}

/** A stored plan on the wire (the order page's `pagos[].meses`, the purchase reload's `meses`): pesos, and whether it is interest-free. */
export function planResponse(plan: StoredPlan): { meses: number; total: number; sin_intereses: boolean } {
  return { meses: plan.months, total: centsToPesos(plan.totalCents), sin_intereses: plan.totalCents <= plan.amountCents };
}
