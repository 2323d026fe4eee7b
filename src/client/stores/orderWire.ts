/**
 * The one place the order state meets the wire's spellings (`cantidad`, `precio`, `nombre`,
 * `opciones`, `ticket_id`, `md_*`): answers become the stores' English lines on the way in,
 * lines become request bodies on the way out. Nothing else in the stores reads or writes them.
 */
import { volumeDiscountRule, type VolumeDiscountFields } from '../../shared/pricing';
import type { Product, ProductLineRequest, PurchaseProductLine, PurchaseTicketLine, TicketLineRequest, TicketType } from '../api/types';
import type { CatalogueProduct, SelectedProduct, SelectedTicket, VolumeDiscount } from './orderLines';

// ----- in: answers → order state ---------------------------------------------

/** The volume-discount rule of a ticket type or line (numbers may arrive as numeric strings). */
function volumeDiscountOf(fields: VolumeDiscountFields): VolumeDiscount | null {
  const rule = volumeDiscountRule(fields);
  return rule ? { minimumQuantity: Number(rule.minimumQuantity), value: Number(rule.value), isPercentage: rule.isPercentage } : null;
}

/** The order line for `quantity` units of a ticket type, carrying its volume-discount rule when it has one. */
export function ticketLine(ticket: TicketType, quantity: number): SelectedTicket {
  return { ticketId: ticket.id, name: ticket.name, quantity, price: Number(ticket.price), volumeDiscount: volumeDiscountOf(ticket) };
}

/** A ticket line restored from `GET /payments/purchase/{id}`. */
export function ticketLineFromWire(line: PurchaseTicketLine): SelectedTicket {
  return {
    ticketId: line.ticket_id, name: line.name, quantity: Number(line.cantidad), price: Number(line.price), volumeDiscount: volumeDiscountOf(line),
    ...(line.seats?.length ? { seats: line.seats } : {}),
  };
}

/** A product line as the server priced it (products step, purchase reload). */
export function productLineFromWire(line: PurchaseProductLine): SelectedProduct {
  return { productId: line.id, name: line.nombre, quantity: Number(line.cantidad), price: Number(line.precio), options: { ...(line.opciones ?? {}) } };
}

/** A product of `GET /api/event/{url}`. */
export function catalogueProductFromWire(product: Product): CatalogueProduct {
  return {
    id: product.id,
    name: product.nombre,
    price: Number(product.precio),
    minimum: product.minimo,
    maximum: product.maximo,
    images: product.imagenes ?? [],
    description: product.descripcion ?? '',
    options: product.opciones ?? [],
  };
}

// ----- out: order state → requests ---------------------------------------------

/** The ticket lines of new-purchase and verify-discount: type and quantity only (the server prices). */
export function ticketRequestsOf(lines: SelectedTicket[]): TicketLineRequest[] {
  return lines.map((line) => ({ ticket_id: line.ticketId, cantidad: line.quantity }));
}

/** The product lines of update-productos-purchase: product, quantity and chosen options. */
export function productRequestsOf(lines: SelectedProduct[]): ProductLineRequest[] {
  return lines.map((line) => ({ id: line.productId, cantidad: line.quantity, opciones: line.options }));
}
