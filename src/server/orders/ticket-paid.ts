import type { PurchaseRow } from '../repositories/purchase.repository';

/**
 * What a ticket of the purchase cost its buyer: its unit price less its share of the order's ticket discount, rounded
 * down to the centavo (the service commission and products are not part of it). What a cancellation of that ticket
 * gives back before any fee (`cancel-by-buyer.ts`, `cancel-by-organiser.ts`).
 */
export function paidForTicket(purchase: PurchaseRow, unitPriceCents: number): number {
  if (purchase.tickets_cents <= 0) return 0;
  return Math.floor((unitPriceCents * (purchase.tickets_cents - purchase.tickets_discount_cents)) / purchase.tickets_cents);
}
