/**
 * The card plans of MercadoPago's Mexican test cards, issuer by issuer, in the shape of
 * `GET /v1/payment_methods/installments` (`payer_costs`): what the storefront offers and what a
 * card payment's `installments` must be one of. Debit cards pay in one payment only.
 */

/** Months with the issuer's interest added to the total (percent of the amount); every other plan is interest-free. */
interface IssuerPlans {
  interestFree: number[];
  withInterest: Record<number, number>;
}

/** By BIN: the Visa credit 3/6/12 meses sin intereses (18 with interest), the Mastercard 3/6/9 (12 with interest), the Amex 3/6/9/12. */
const PLANS_BY_BIN: Record<string, IssuerPlans> = {
  '407559': { interestFree: [3, 6, 12], withInterest: { 18: 24.5 } },
  '400000': { interestFree: [3, 6, 12], withInterest: { 18: 24.5 } },
  '547492': { interestFree: [3, 6, 9], withInterest: { 12: 17.9 } },
  '371180': { interestFree: [3, 6, 9, 12], withInterest: {} },
};

/** The least amount (pesos) for any plan of more than one payment, as issuers set it. */
const MIN_PLAN_AMOUNT = 300;
const MAX_AMOUNT = 300000;

const round2 = (value: number) => Math.round(value * 100) / 100;
const pesos = (value: number) => `$ ${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One `payer_costs` entry for `months` at `rate` percent over `amount`. */
function payerCost(months: number, rate: number, amount: number) {
  const total = round2(amount * (1 + rate / 100));
  const monthly = round2(total / months);
  const free = rate === 0;
  const wording = months === 1 ? '1 pago' : free ? `${months} meses sin intereses` : `${months} meses`;
  return {
    installments: months,
    installment_rate: rate,
    discount_rate: 0,
    reimbursement_rate: null,
    labels: [`CFT_${rate.toFixed(2).replace('.', ',')}%|TEA_${rate.toFixed(2).replace('.', ',')}%`],
    installment_rate_collector: ['MERCADOPAGO'],
    min_allowed_amount: months === 1 ? 5 : MIN_PLAN_AMOUNT,
    max_allowed_amount: MAX_AMOUNT,
    recommended_message: `${wording} de ${pesos(monthly)} (${pesos(total)})`,
    installment_amount: monthly,
    total_amount: total,
    payment_method_option_id: `sandbox-${months}-${rate}`,
  };
}

/** The payer costs of a card (its first six digits and payment type) for `amount` pesos: one payment, then its issuer's plans that fit the amount. */
export function payerCostsFor(bin: string, paymentTypeId: string, amount: number) {
  const costs = [payerCost(1, 0, amount)];
  const plans = paymentTypeId === 'credit_card' ? PLANS_BY_BIN[bin] : undefined;
  if (!plans || amount < MIN_PLAN_AMOUNT) return costs;
  const months = [...plans.interestFree.map((m) => [m, 0] as const), ...Object.entries(plans.withInterest).map(([m, rate]) => [Number(m), rate] as const)];
  return [...costs, ...months.sort((a, b) => a[0] - b[0]).map(([m, rate]) => payerCost(m, rate, amount))];
}
