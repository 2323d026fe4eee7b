import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listProducts, listTicketTypes } from '../repositories/event.repository';
import { recountHeld, recountSold, type StockKind } from '../repositories/stock.repository';

/** One item's counters beside what its purchase rows say. */
export interface StockCheckLine {
  kind: StockKind;
  id: number;
  name: string;
  held: number;
  heldRecount: number;
  sold: number;
  soldRecount: number;
  /** capacity (or stock) − sold − held by the counters. */
  left: number;
}

/**
 * The held and sold counters of every ticket type and product of an event beside a recount from
 * the purchase rows: held = lines of purchases still counted, sold = lines of paid purchases.
 * A difference means a transaction moved one without the other.
 */
export async function checkStock(db: Kysely<Database>, eventId: number): Promise<StockCheckLine[]> {
  const [tickets, products, heldT, heldP, soldT, soldP] = await Promise.all([
    listTicketTypes(db, eventId, true),
    listProducts(db, eventId, true),
    recountHeld(db, eventId, 'ticket'),
    recountHeld(db, eventId, 'product'),
    recountSold(db, eventId, 'ticket'),
    recountSold(db, eventId, 'product'),
  ]);
  return [
    ...tickets.map((t) => ({ kind: 'ticket' as const, id: t.external_id, name: t.name, held: t.held, heldRecount: heldT.get(t.id) ?? 0, sold: t.sold, soldRecount: soldT.get(t.id) ?? 0, left: t.capacity - t.sold - t.held })),
    ...products.map((p) => ({ kind: 'product' as const, id: p.external_id, name: p.name, held: p.held, heldRecount: heldP.get(p.id) ?? 0, sold: p.sold, soldRecount: soldP.get(p.id) ?? 0, left: p.stock - p.sold - p.held })),
  ];
}

export const stockLineDiffers = (line: StockCheckLine) => line.held !== line.heldRecount || line.sold !== line.soldRecount;
