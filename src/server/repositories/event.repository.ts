import type { Kysely, Selectable } from 'kysely';
import type { Database, DiscountCodeTable, EventTable, ProductTable, TicketTypeTable } from '../db/schema';

export type EventRow = Selectable<EventTable>;
export type TicketTypeRow = Selectable<TicketTypeTable>;
export type ProductRow = Selectable<ProductTable>;
export type DiscountCodeRow = Selectable<DiscountCodeTable>;

/** The event stored under `url`, or undefined. */
export async function findEventByUrl(db: Kysely<Database>, url: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('url', '=', url).executeTakeFirst();
}

/** The event with this internal id, or undefined. */
export async function findEventById(db: Kysely<Database>, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ticket types of an event in the operator's order (inactive ones only when asked). */
export async function listTicketTypes(db: Kysely<Database>, eventId: number, includeInactive = false): Promise<TicketTypeRow[]> {
  let query = db.selectFrom('ticket_types').selectAll().where('event_id', '=', eventId);
  if (!includeInactive) query = query.where('active', '=', 1);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** Products of an event in the operator's order (inactive ones only when asked). */
export async function listProducts(db: Kysely<Database>, eventId: number, includeInactive = false): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll().where('event_id', '=', eventId);
  if (!includeInactive) query = query.where('active', '=', 1);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** Discount codes are stored upper-case, so buyers may type them in any case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The active discount code of an event matching `code` (any case), or undefined. */
export async function findDiscountCode(db: Kysely<Database>, eventId: number, code: string): Promise<DiscountCodeRow | undefined> {
  return db
    .selectFrom('discount_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', '=', normaliseCode(code))
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** A discount code by internal id (active or not: a held purchase keeps the code it got). */
export async function findDiscountCodeById(db: Kysely<Database>, id: number): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Count of events, to know whether the database is still empty. */
export async function countEvents(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
