import { normaliseServiceCharge, priceOrder, volumeDiscountRule, type DiscountCodeRule, type OrderTotals, type PricedProductLine, type PricedTicketLine } from '../../shared/pricing';
import type { DiscountCodeRow, EventRow, TicketTypeRow } from '../repositories/event.repository';

/** A catalogue ticket type and a quantity, as pricing wants it (prices from the database only). */
export function ticketLineFor(ticket: TicketTypeRow, quantity: number): PricedTicketLine {
  return {
    ticketId: ticket.external_id,
    quantity,
    unitPriceCents: ticket.price_cents,
    // The rule reads the event file's spelling (md*); the columns are English.
    volumeDiscount: volumeDiscountRule({
      md: ticket.volume_discount,
      md_minimum: ticket.volume_discount_minimum,
      md_quantity: ticket.volume_discount_value,
      md_ispercentage: ticket.volume_discount_is_percentage,
    }),
  };
}

/** A stored discount code as the pricing rule it stands for. */
export function discountRuleFor(code: DiscountCodeRow): DiscountCodeRule {
  return {
    code: code.code,
    percent: code.percent,
    amountCents: code.amount_cents,
    ticketIds: code.ticket_ids,
  };
}

/** The event's config as the operator wrote it (decoded by the event repository). */
export function eventConfig(event: EventRow): Record<string, unknown> {
  return event.config;
}

/** Prices an order of this event with the shared pricing module. */
export function priceForEvent(
  event: EventRow,
  tickets: PricedTicketLine[],
  products: PricedProductLine[],
  discount: DiscountCodeRow | undefined | null,
): OrderTotals {
  return priceOrder({
    tickets,
    products,
    discount: discount ? discountRuleFor(discount) : null,
    serviceCharge: normaliseServiceCharge(eventConfig(event) as { comission_percentage?: unknown; absorb?: unknown }),
  });
}
