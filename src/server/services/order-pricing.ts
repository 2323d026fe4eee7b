import { normaliseServiceCharge, priceOrder, type DiscountCodeRule, type OrderTotals, type PricedProductLine, type PricedTicketLine } from '../../shared/pricing';
import type { DiscountCodeRow, EventRow, TicketTypeRow } from '../repositories/event.repository';

/** A catalogue ticket type and a quantity, as pricing wants it (prices from the database only). */
export function ticketLineFor(ticket: TicketTypeRow, quantity: number): PricedTicketLine {
  return {
    ticketId: ticket.external_id,
    quantity,
    unitPriceCents: ticket.price_cents,
    volumeDiscount:
      ticket.volume_discount && ticket.volume_discount_minimum !== null && ticket.volume_discount_value !== null
        ? { minimumQuantity: ticket.volume_discount_minimum, value: ticket.volume_discount_value, isPercentage: Boolean(ticket.volume_discount_is_percentage) }
        : null,
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
