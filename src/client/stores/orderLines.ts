import type { PurchaseProductLine, PurchaseTicketLine, TicketType } from '../api/types';

/** A selected ticket line as the order state keeps it (pesos): the same shape the purchase reload sends. */
export type SelectedTicket = PurchaseTicketLine;

/** A selected product line (pesos); `opciones` maps option id to the chosen value. */
export interface SelectedProduct {
  id: number;
  cantidad: number;
  precio: number;
  nombre: string;
  opciones: Record<string, string>;
}

/** The order line for `quantity` units of `ticket`, carrying its volume-discount rule when it has one. */
export function ticketLine(ticket: TicketType, quantity: number): SelectedTicket {
  const line: SelectedTicket = { ticket_id: ticket.id, cantidad: quantity, price: Number(ticket.price), name: ticket.name };
  if (ticket.md && ticket.md_minimum != null && ticket.md_quantity != null) {
    line.md_quantity = Number(ticket.md_quantity);
    line.md_ispercentage = ticket.md_ispercentage;
    line.md_minimum = Number(ticket.md_minimum);
  }
  return line;
}

/** A ticket line restored from `GET /payments/purchase/{id}`. */
export function ticketLineFromPurchase(line: PurchaseTicketLine): SelectedTicket {
  return { ...line, cantidad: Number(line.cantidad), price: Number(line.price) };
}

/** A product line restored from the server. */
export function productLineFromPurchase(line: PurchaseProductLine): SelectedProduct {
  return { id: line.id, cantidad: Number(line.cantidad), precio: Number(line.precio), nombre: line.nombre, opciones: { ...(line.opciones ?? {}) } };
}

/** Replaces the line with the same key, removes it for quantity 0, or appends it. */
export function upsertLine<T extends { cantidad: number }>(lines: T[], line: T, sameKey: (existing: T) => boolean): T[] {
  const index = lines.findIndex(sameKey);
  if (line.cantidad <= 0) return index === -1 ? lines : lines.filter((_, i) => i !== index);
  if (index === -1) return [...lines, line];
  return lines.map((existing, i) => (i === index ? line : existing));
}

/** An API amount as a number (amounts may arrive as numeric strings); null stays null. */
export function toAmount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
