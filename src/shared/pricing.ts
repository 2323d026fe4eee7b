/**
 * The one pricing module, shared by the storefront's order summary and the server.
 * Pure: no I/O, no clock. Inputs are trusted catalogue data (prices from the
 * database), already in centavos; the server's result is the truth and a price
 * sent by a client is never fed in here.
 *
 * Percentages are on a 0–100 scale (10 = 10 %) except the service-charge `rate`,
 * which the event config writes as a fraction (0.1 = 10 %).
 */
import type { OrderAmounts } from './api/amounts';
import { pesosToCents, percentOf, roundCents, centsToPesos } from './money';

export interface PricedTicketLine {
  ticketId: number;
  quantity: number;
  unitPriceCents: number;
  /** `value` is a percentage when `isPercentage`, otherwise a fixed amount in PESOS (as the event file writes it). */
  volumeDiscount?: { minimumQuantity: number; value: number; isPercentage: boolean } | null;
}

/** A ticket type's volume-discount fields as the event file and the API spell them (`md*`). */
export interface VolumeDiscountFields {
  /** The switch; a source without it (an order line, which carries the fields only when on) counts as on. */
  md?: boolean | number | null;
  md_minimum?: number | null;
  md_quantity?: number | null;
  md_ispercentage?: boolean | number | null;
}

/**
 * The pricing rule of a ticket type's volume discount, or null when it has none: switched
 * off (`md` false or 0), or missing its minimum or its value.
 */
export function volumeDiscountRule(fields: VolumeDiscountFields): PricedTicketLine['volumeDiscount'] {
  if (fields.md !== undefined && !fields.md) return null;
  if (fields.md_minimum == null || fields.md_quantity == null) return null;
  return { minimumQuantity: fields.md_minimum, value: fields.md_quantity, isPercentage: Boolean(fields.md_ispercentage) };
}

export interface PricedProductLine {
  productId: number;
  quantity: number;
  unitPriceCents: number;
}

export interface DiscountCodeRule {
  code: string;
  /** 0–100 scale. Wins over `amountCents` when both are set. */
  percent?: number | null;
  amountCents?: number | null;
  /** Ticket ids the code is limited to; empty or null means every ticket. */
  ticketIds?: number[] | null;
}

/** From the event config: `rate` is a fraction; only `absorb === 'customer'` makes the buyer pay it. */
export interface ServiceCharge {
  rate: number;
  absorb: string | undefined;
}

export interface OrderTotals {
  ticketsGrossCents: number;
  volumeDiscountCents: number;
  ticketsCents: number;
  discountCodeCents: number;
  ticketsAfterCodeCents: number;
  productsCents: number;
  comissionCents: number;
  amountCents: number;
  amountOutDiscountCents: number;
  amountProductosCents: number;
  totalCents: number;
  lines: { ticketId: number; grossCents: number; volumeDiscountCents: number; netCents: number }[];
}

export interface PriceOrderInput {
  tickets: PricedTicketLine[];
  products?: PricedProductLine[];
  discount?: DiscountCodeRule | null;
  serviceCharge: ServiceCharge;
}

/** The API contract's five amount fields (pesos), plus the order's total. */
export interface ApiOrderAmounts extends OrderAmounts {
  total: number;
}

const DEFAULT_SERVICE_RATE = 0.1;
const DEFAULT_ABSORB = 'customer';

function parseRate(raw: unknown): number | undefined {
  // Event configs are hand-written JSON; "0.15" as a string is a plausible typo of 0.15.
  if (typeof raw === 'string' && raw.trim() !== '') raw = Number(raw);
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 1) return undefined;
  return raw;
}

/** Reads the event config's service charge, applying the defaults (rate 0.1 when missing or invalid, absorb 'customer'). */
export function normaliseServiceCharge(
  config: { comission_percentage?: unknown; absorb?: unknown } | undefined,
): ServiceCharge {
  const rate = parseRate(config?.comission_percentage) ?? DEFAULT_SERVICE_RATE;
  const rawAbsorb = config?.absorb;
  let absorb: string;
  if (rawAbsorb === undefined || rawAbsorb === null || (typeof rawAbsorb === 'string' && rawAbsorb.trim() === '')) {
    absorb = DEFAULT_ABSORB;
  } else {
    // Any other value means someone else (the organiser) absorbs the fee; keep it
    // verbatim so logs show what the operator wrote.
    absorb = String(rawAbsorb);
  }
  return { rate, absorb };
}

function assertCount(value: number, what: string): void {
  // These come from our own database; a bad one is a bug we want to hear about,
  // not a silently wrong charge.
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${String(value)}`);
  }
}

function lineGrossCents(line: { quantity: number; unitPriceCents: number }): number {
  assertCount(line.quantity, 'quantity');
  assertCount(line.unitPriceCents, 'unitPriceCents');
  return line.quantity * line.unitPriceCents;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** The volume (multi-buy) discount of one ticket line in centavos, between 0 and the line total. */
export function volumeDiscountCents(line: PricedTicketLine): number {
  const gross = lineGrossCents(line);
  const rule = line.volumeDiscount;
  if (!rule || gross === 0 || !Number.isFinite(rule.value)) return 0;
  if (!(line.quantity >= rule.minimumQuantity)) return 0;
  // Fixed amounts are per line, not per unit: "a fixed amount md_quantity".
  const discount = rule.isPercentage ? percentOf(gross, rule.value) : pesosToCents(rule.value);
  return clamp(discount, 0, gross);
}

/** The reduction a discount code gives on the eligible ticket lines (after volume discounts), in centavos. */
export function discountCodeCents(lines: PricedTicketLine[], rule: DiscountCodeRule): number {
  const limitedTo = rule.ticketIds && rule.ticketIds.length > 0 ? new Set(rule.ticketIds) : null;
  let eligibleCents = 0;
  for (const line of lines) {
    if (limitedTo && !limitedTo.has(line.ticketId)) continue;
    eligibleCents += lineGrossCents(line) - volumeDiscountCents(line);
  }
  if (eligibleCents === 0) return 0;

  let discount = 0;
  if (typeof rule.percent === 'number' && Number.isFinite(rule.percent) && rule.percent > 0) {
    // One rounding on the eligible sum, not per line, so the buyer sees the same
    // number a calculator gives for "10 % of my tickets".
    discount = percentOf(eligibleCents, rule.percent);
  } else if (typeof rule.amountCents === 'number' && Number.isFinite(rule.amountCents)) {
    discount = roundCents(rule.amountCents);
  }
  return clamp(discount, 0, eligibleCents);
}

/** The service charge in centavos: rate × tickets plus rate × products, each rounded, when the buyer pays it. */
export function serviceChargeCents(
  ticketsAfterCodeCents: number,
  productsCents: number,
  charge: ServiceCharge,
  hasTickets: boolean,
): number {
  if (!hasTickets || !(charge.rate > 0) || charge.absorb !== DEFAULT_ABSORB) return 0;
  // Two roundings, not one on the sum: the charge is rate × tickets plus rate × products,
  // each rounded to the centavo (docs/product-rules.md, *Money and pricing*), on both sides.
  return roundCents(charge.rate * ticketsAfterCodeCents) + roundCents(charge.rate * productsCents);
}

/** The products total in centavos, truncated to whole pesos (2 × $99.99 → $199; docs/product-rules.md, *Money and pricing*). */
export function productsTotalCents(lines: PricedProductLine[]): number {
  let sum = 0;
  for (const line of lines) sum += lineGrossCents(line);
  // Truncating whole pesos on the exact integer sum avoids float noise that
  // Math.trunc(199.98) style code on peso floats could hit.
  return sum - (sum % 100);
}

/** Prices a whole order: tickets, volume discounts, a discount code, products and the service charge. */
export function priceOrder(input: PriceOrderInput): OrderTotals {
  const { tickets, serviceCharge } = input;
  const lines = tickets.map((line) => {
    const grossCents = lineGrossCents(line);
    const volume = volumeDiscountCents(line);
    return { ticketId: line.ticketId, grossCents, volumeDiscountCents: volume, netCents: grossCents - volume };
  });

  const ticketsGrossCents = lines.reduce((sum, line) => sum + line.grossCents, 0);
  const volumeTotalCents = lines.reduce((sum, line) => sum + line.volumeDiscountCents, 0);
  const ticketsCents = ticketsGrossCents - volumeTotalCents;
  const codeCents = input.discount ? discountCodeCents(tickets, input.discount) : 0;
  const ticketsAfterCodeCents = ticketsCents - codeCents;
  const productsCents = productsTotalCents(input.products ?? []);
  const hasTickets = tickets.some((line) => line.quantity > 0);

  const comissionCents = serviceChargeCents(ticketsAfterCodeCents, productsCents, serviceCharge, hasTickets);
  const amountCents = ticketsAfterCodeCents + comissionCents;
  // The same order priced as if no code had been typed: the storefront shows the saving.
  const amountOutDiscountCents =
    ticketsCents + serviceChargeCents(ticketsCents, productsCents, serviceCharge, hasTickets);

  return {
    ticketsGrossCents,
    volumeDiscountCents: volumeTotalCents,
    ticketsCents,
    discountCodeCents: codeCents,
    ticketsAfterCodeCents,
    productsCents,
    comissionCents,
    amountCents,
    amountOutDiscountCents,
    amountProductosCents: productsCents,
    totalCents: amountCents + productsCents,
    lines,
  };
}

/** What the API's amount fields are made from: totals `priceOrder` returned, or a purchase's stored amounts. */
export type ApiAmountSource = Pick<OrderTotals, 'amountCents' | 'comissionCents' | 'amountOutDiscountCents' | 'discountCodeCents' | 'amountProductosCents' | 'totalCents'>;

/** Converts order totals to the pesos fields the API sends; `amountDiscount` is the code's reduction. */
export function orderTotalsToApi(t: ApiAmountSource): ApiOrderAmounts {
  return {
    amount: centsToPesos(t.amountCents),
    comission: centsToPesos(t.comissionCents),
    amountOutDiscount: centsToPesos(t.amountOutDiscountCents),
    amountDiscount: centsToPesos(t.discountCodeCents),
    amountProductos: centsToPesos(t.amountProductosCents),
    total: centsToPesos(t.totalCents),
  };
}
