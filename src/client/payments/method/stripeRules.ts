import type { OrderSummary } from '../../stores/orderSummary';

/** One line of a wallet sheet: a name and its amount in minor units (centavos). */
export interface ExpressLineItem {
  name: string;
  amount: number;
}

/**
 * What the express wallet sheets list: each ticket line, each product line and a 'Cargo por
 * servicio' line, amounts in minor units. With a discount (code or volume) the lines would not
 * add up to what is charged, so none are sent and the sheet shows the total alone.
 */
export function expressLineItems(summary: OrderSummary): ExpressLineItem[] {
  if (summary.discountCodeCents > 0 || summary.volumeDiscountCents > 0) return [];
  const items: ExpressLineItem[] = [
    ...summary.tickets.map((line) => ({ name: line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name, amount: line.grossCents })),
    ...summary.products.map((line) => ({ name: line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name, amount: line.cents })),
  ];
  if (summary.showServiceCharge && summary.serviceChargeCents > 0) items.push({ name: 'Cargo por servicio', amount: summary.serviceChargeCents });
  return items;
}

/** The sentence key (errors namespace) or provider message a failed confirmation shows. */
export type StripeFailure = { key: string } | { message: string };

/**
 * A failure of Stripe.js as the buyer reads it: anything about the card → check the card;
 * a network or connection failure → check the connection; otherwise Stripe's own message, or
 * a generic sentence when there is none.
 */
export function stripeFailure(error: { message?: string | null } | null | undefined): StripeFailure {
  const message = error?.message ?? '';
  const lower = message.toLowerCase();
  if (lower.includes('card')) return { key: 'errors:stripe.card' };
  if (lower.includes('network') || lower.includes('connection')) return { key: 'errors:stripe.network' };
  return message ? { message } : { key: 'errors:stripe.generic' };
}
