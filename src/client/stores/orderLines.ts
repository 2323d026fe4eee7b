import type { PricedTicketLine } from '../../shared/pricing';
import type { ProductImage, ProductOption } from '../api/types';

/** A ticket type's volume discount as the pricing module reads it (`value` percent or pesos per line). */
export type VolumeDiscount = NonNullable<PricedTicketLine['volumeDiscount']>;

/** A selected ticket line as the order state keeps it (pesos). */
export interface SelectedTicket {
  ticketId: number;
  name: string;
  quantity: number;
  price: number;
  volumeDiscount: VolumeDiscount | null;
  /** Seated events: the labels of the places of this line (an area's label once per place). */
  seats?: string[];
}

/** A selected product line (pesos); `options` maps option id to the chosen value. */
export interface SelectedProduct {
  productId: number;
  name: string;
  quantity: number;
  price: number;
  options: Record<string, string>;
}

/** A product of the event's catalogue (pesos); `maximum` is capped by what is left (0: sold out). */
export interface CatalogueProduct {
  id: number;
  name: string;
  price: number;
  minimum: number;
  maximum: number;
  images: ProductImage[];
  /** Operator HTML ('' when none). */
  description: string;
  options: ProductOption[];
}

/** Replaces the line with the same key, removes it for quantity 0, or appends it. */
export function upsertLine<T extends { quantity: number }>(lines: T[], line: T, sameKey: (existing: T) => boolean): T[] {
  const index = lines.findIndex(sameKey);
  if (line.quantity <= 0) return index === -1 ? lines : lines.filter((_, i) => i !== index);
  if (index === -1) return [...lines, line];
  return lines.map((existing, i) => (i === index ? line : existing));
}

/** An API amount as a number (amounts may arrive as numeric strings); null stays null. */
export function toAmount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
