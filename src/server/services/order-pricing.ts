import { normaliseServiceCharge, priceOrder, volumeDiscountRule, type DiscountCodeRule, type OrderTotals, type PricedProductLine, type PricedTicketLine } from '../../shared/pricing';
import type { DiscountCodeRow, EventRow, TicketTypeRow } from '../repositories/event.repository';

/** A catalogue ticket type and a quantity, as pricing wants it (prices from the database only). */
export function ticketLineFor(ticket: TicketTypeRow, quantity: number): PricedTicketLine {
  return {
    ticketId: ticket.external_id,
    quantity,
    unitPriceCents: ticket.price_cents,
    volumeDiscount: volumeDiscountRule(ticket),
  };
}

/** A stored discount code as the pricing rule it stands for. */
export function discountRuleFor(code: DiscountCodeRow): DiscountCodeRule {
  return {
    code: code.code,
    percent: code.percent,
    amountCents: code.amount_cents,
    ticketIds: code.ticket_ids_json ? (JSON.parse(code.ticket_ids_json) as number[]) : null,
  };
}

/** The event's config as stored (parsed once per call site; it is small). */
export function eventConfig(event: EventRow): Record<string, unknown> {
  return JSON.parse(event.config_json) as Record<string, unknown>;
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
