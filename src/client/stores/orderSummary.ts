import { pesosToCents } from '../../shared/money';
import { normaliseServiceCharge, priceOrder } from '../../shared/pricing';
import type { SelectedProduct, SelectedTicket } from './orderLines';

export interface SummaryTicketLine {
  ticketId: number;
  name: string;
  quantity: number;
  grossCents: number;
  volumeDiscountCents: number;
}

export interface SummaryProductLine {
  productId: number;
  name: string;
  quantity: number;
  cents: number;
}

/** Everything the order summary shows, in centavos. */
export interface OrderSummary {
  tickets: SummaryTicketLine[];
  products: SummaryProductLine[];
  code: string | null;
  discountCodeCents: number;
  volumeDiscountCents: number;
  /** The 'Cargo por servicio' line shows only with tickets and a rate above 0. */
  showServiceCharge: boolean;
  serviceChargeCents: number;
  totalCents: number;
  /** True when the amounts are the server's (it priced exactly this selection). */
  fromServer: boolean;
}

export interface ServerAmounts {
  amount: number | null;
  amountProductos: number | null;
  amountDiscount: number | null;
  amountOutDiscount: number | null;
  comission: number | null;
}

export interface OrderSummaryInput {
  tickets: SelectedTicket[];
  products: SelectedProduct[];
  serviceChargeConfig: { comission_percentage?: unknown; absorb?: unknown };
  server: ServerAmounts;
  code: string | null;
}

function cents(pesos: number | null): number {
  return pesos === null || !Number.isFinite(pesos) ? 0 : pesosToCents(pesos);
}

/**
 * Prices the order with the shared pricing module, as the server does. The code's
 * reduction is only known from the server (the browser never sees the rule), and
 * the server's amount/comission/total win whenever it priced the same products.
 */
export function buildOrderSummary(input: OrderSummaryInput): OrderSummary {
  const serviceCharge = normaliseServiceCharge(input.serviceChargeConfig);
  const discountCodeCents = input.code ? cents(input.server.amountDiscount) : 0;
  const priced = priceOrder({
    tickets: input.tickets.map((line) => ({
      ticketId: line.ticketId,
      quantity: line.quantity,
      unitPriceCents: pesosToCents(line.price),
      volumeDiscount: line.volumeDiscount,
    })),
    products: input.products.map((line) => ({ productId: line.productId, quantity: line.quantity, unitPriceCents: pesosToCents(line.price) })),
    discount: input.code ? { code: input.code, amountCents: discountCodeCents } : null,
    serviceCharge,
  });

  const serverProductsCents = cents(input.server.amountProductos);
  const fromServer = input.server.amount !== null && serverProductsCents === priced.productsCents;
  const hasTickets = input.tickets.length > 0;

  return {
    tickets: input.tickets.map((line, index) => ({
      ticketId: line.ticketId,
      name: line.name,
      quantity: line.quantity,
      grossCents: priced.lines[index].grossCents,
      volumeDiscountCents: priced.lines[index].volumeDiscountCents,
    })),
    products: input.products.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      cents: pesosToCents(line.price) * line.quantity,
    })),
    code: input.code,
    discountCodeCents: fromServer ? cents(input.server.amountDiscount) : priced.discountCodeCents,
    volumeDiscountCents: priced.volumeDiscountCents,
    showServiceCharge: hasTickets && serviceCharge.rate > 0,
    serviceChargeCents: fromServer ? cents(input.server.comission) : priced.comissionCents,
    totalCents: fromServer ? cents(input.server.amount) + serverProductsCents : priced.totalCents,
    fromServer,
  };
}
