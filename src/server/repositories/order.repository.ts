import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  findDiscountCodeById,
  findEventById,
  listProducts,
  listTicketTypes,
  type DiscountCodeRow,
  type EventRow,
  type ProductRow,
  type TicketTypeRow,
} from './event.repository';
import { findPurchase, listLines, type PurchaseRow } from './purchase.repository';

/** A ticket line of an order with its ticket type (read now: `sold` is current), at the price it was held at. */
export interface OrderTicketLine {
  ticket: TicketTypeRow;
  quantity: number;
  unitPriceCents: number;
}

/** A product line of an order with its product and the options the buyer chose. */
export interface OrderProductLine {
  product: ProductRow;
  quantity: number;
  unitPriceCents: number;
  options: Record<string, string>;
}

/**
 * The one read model of an order: the purchase (buyer and attendee answers decoded), its event,
 * its lines matched with their catalogue items (inactive ones too: a purchase keeps what it
 * bought) and the discount code it got. Services, payments and fulfilment read orders only
 * through it; inside a transaction it reads what that transaction sees.
 */
export interface Order {
  purchase: PurchaseRow;
  event: EventRow;
  tickets: OrderTicketLine[];
  products: OrderProductLine[];
  discount: DiscountCodeRow | undefined;
}

/** The order of a purchase, or undefined for an unknown purchase. */
export async function loadOrder(db: Kysely<Database>, purchaseId: string): Promise<Order | undefined> {
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) return undefined;
  const event = (await findEventById(db, purchase.event_id))!;
  const lines = await listLines(db, purchase.id);
  const ticketTypes = new Map((await listTicketTypes(db, event.id, true)).map((t) => [t.id, t]));
  const hasProducts = lines.some((l) => l.kind === 'product');
  const products = new Map(hasProducts ? (await listProducts(db, event.id, true)).map((p) => [p.id, p]) : []);
  const discount = purchase.discount_code_id !== null ? await findDiscountCodeById(db, purchase.discount_code_id) : undefined;
  return {
    purchase,
    event,
    tickets: lines
      .filter((l) => l.kind === 'ticket')
      .map((l) => ({ ticket: ticketTypes.get(l.item_id)!, quantity: l.quantity, unitPriceCents: l.unit_price_cents })),
    products: lines
      .filter((l) => l.kind === 'product')
      .map((l) => ({ product: products.get(l.item_id)!, quantity: l.quantity, unitPriceCents: l.unit_price_cents, options: l.options ?? {} })),
    discount,
  };
}
