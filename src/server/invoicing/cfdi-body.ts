import { conceptsForGross, type ConceptAmounts, type GrossLine, type TaxTreatment } from '../../shared/invoicing/cfdi-amounts';
import type { SatKeysFile } from '../../shared/event-file/event-file.types';
import type { Order } from '../repositories/order.repository';
import type { Receiver } from './invoice-request';
import { invoicingSettings } from './settings';

/** A concept before its amounts are stated without tax: what it is and what the buyer paid for it. */
interface ConceptLine extends GrossLine {
  description: string;
  keys: SatKeysFile;
  sku: string;
}

/** `total` centavos of discount shared over `weights` in proportion, the centavos left by rounding to the largest remainders. */
function shared(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - parts[index] })).sort((a, b) => b.remainder - a.remainder);
  for (const { index } of order) {
    if (left-- <= 0) break;
    parts[index]++;
  }
  return parts;
}

/**
 * The concepts of an order as it was charged: one per ticket type and product line (their price
 * with IVA included, the order's discounts — volume, code, the products' whole-peso rounding —
 * shared over them as Descuento) and one for the service charge. Their amounts add up to the
 * purchase's total.
 */
export function orderConcepts(order: Order): ConceptLine[] {
  const { purchase, event } = order;
  const settings = invoicingSettings(event);
  const tax = settings.tax;
  const ticketGross = order.tickets.map((l) => l.quantity * l.unitPriceCents);
  const ticketDiscounts = shared(ticketGross.reduce((a, b) => a + b, 0) - (purchase.tickets_cents - purchase.tickets_discount_cents), ticketGross);
  const productGross = order.products.map((l) => l.quantity * l.unitPriceCents);
  const productDiscounts = shared(productGross.reduce((a, b) => a + b, 0) - purchase.products_cents, productGross);
  const lines: ConceptLine[] = [
    ...order.tickets.map((l, i) => ({
      quantity: l.quantity, unitGrossCents: l.unitPriceCents, discountGrossCents: ticketDiscounts[i], tax,
      description: `${l.ticket.name} — ${event.name}`, keys: settings.ticketKeys(l.ticket.external_id), sku: `T${l.ticket.external_id}`,
    })),
    ...order.products.map((l, i) => ({
      quantity: l.quantity, unitGrossCents: l.unitPriceCents, discountGrossCents: productDiscounts[i], tax,
      description: `${l.product.name} — ${event.name}`, keys: settings.productKeys(l.product.external_id), sku: `P${l.product.external_id}`,
    })),
  ];
  if (purchase.comission_cents > 0) {
    lines.push({ quantity: 1, unitGrossCents: purchase.comission_cents, discountGrossCents: 0, tax, description: `Cargo por servicio — ${event.name}`, keys: settings.serviceChargeKeys, sku: 'CARGO' });
  }
  return lines.filter((l) => l.quantity > 0);
}

/** What the purchase charged: the total an ingreso states. */
export function orderTotalCents(order: Order): number {
  return order.purchase.amount_cents + order.purchase.products_cents;
}

/** facturapi's taxes of a concept. */
function taxesOf(tax: TaxTreatment) {
  return tax.kind === 'iva' ? [{ type: 'IVA', rate: tax.rateBasisPoints / 10_000 }] : [{ type: 'IVA', factor: 'Exento' }];
}

/** One item of facturapi's invoice body: the price and discount without tax, to 6 decimals, so facturapi adds the IVA the CFDI states. */
function item(line: Omit<ConceptLine, keyof GrossLine>, amounts: ConceptAmounts) {
  return {
    quantity: amounts.quantity,
    discount: amounts.discountMicro / 1_000_000,
    product: {
      description: line.description, product_key: line.keys.product_key, unit_key: line.keys.unit_key,
      price: amounts.unitValueMicro / 1_000_000, tax_included: false, taxes: taxesOf(amounts.tax), sku: line.sku,
    },
  };
}

/** facturapi's items for concepts whose IVA-included amounts must add up to what was paid. */
export function itemsFor(lines: readonly ConceptLine[]) {
  const amounts = conceptsForGross(lines);
  return lines.map((line, index) => item(line, amounts[index]));
}

/** facturapi's customer of a receiver. */
export function customerOf(receiver: Pick<Receiver, 'rfc' | 'legalName' | 'regime' | 'zip' | 'email'>) {
  return { legal_name: receiver.legalName, tax_id: receiver.rfc, tax_system: receiver.regime, email: receiver.email, address: { zip: receiver.zip, country: 'MEX' } };
}

/**
 * A buyer's ingreso: their data, the order's concepts, the payment's form and, when the card was
 * paid in instalments, the plan's sentence as CondicionesDePago (`conditions`).
 */
export function ingresoBody(order: Order, receiver: Receiver, payment: { form: string; conditions: string | null }, idempotencyKey: string) {
  return {
    type: 'I',
    customer: customerOf(receiver),
    items: itemsFor(orderConcepts(order)),
    use: receiver.use,
    payment_form: payment.form,
    // PUE even for meses sin intereses: the provider pays the organiser the whole amount in one
    // payment; the buyer's months are a credit between the buyer and the card's issuer.
    payment_method: 'PUE',
    ...(payment.conditions ? { conditions: payment.conditions } : {}),
    currency: 'MXN',
    external_id: order.purchase.id,
    idempotency_key: idempotencyKey,
  };
}

/** The receiver of a global invoice: the general public (SAT's generic RFC, régimen 616, uso S01) at the issuer's own postal code. */
export function generalPublic(expeditionZip: string) {
  return { rfc: 'XAXX010101000', legalName: 'PUBLICO EN GENERAL', regime: '616', zip: expeditionZip, email: '' };
}

/** One sale of a global invoice: its total with IVA as one concept (ClaveProdServ 01010101, unit ACT, the sale's reference as NoIdentificacion). */
export function saleLine(purchaseId: string, totalCents: number, tax: TaxTreatment): ConceptLine {
  return { quantity: 1, unitGrossCents: totalCents, discountGrossCents: 0, tax, description: 'Venta', keys: { product_key: '01010101', unit_key: 'ACT' }, sku: purchaseId };
}

/** A credit note (egreso) of `refundCents` given back on an invoiced order, related to its ingreso (TipoRelacion 01). */
export function egresoBody(order: Order, original: { uuid: string; receiver: ReturnType<typeof customerOf> }, refundCents: number, paymentForm: string, idempotencyKey: string) {
  const tax = invoicingSettings(order.event).tax;
  const line: ConceptLine = {
    quantity: 1, unitGrossCents: refundCents, discountGrossCents: 0, tax,
    description: `Devolución parcial — ${order.event.name}`, keys: { product_key: '84111506', unit_key: 'ACT' }, sku: order.purchase.id,
  };
  return {
    type: 'E',
    customer: original.receiver,
    items: itemsFor([line]),
    use: 'G02',
    payment_form: paymentForm,
    payment_method: 'PUE',
    currency: 'MXN',
    related_documents: [{ relationship: '01', documents: [original.uuid] }],
    external_id: `${order.purchase.id}:egreso`,
    idempotency_key: idempotencyKey,
  };
}
