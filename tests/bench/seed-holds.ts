import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connection';

/**
 * Puts `count` live holds into an event the fast way: multi-row INSERTs of purchases and
 * their ticket lines straight through Kysely (no HTTP, no bot token), each from its own
 * client, holding `quantity` units of one ticket type for `minutes`. Returns what it did,
 * printed by the bench so a reader knows how the crowd was made. The holds are counted, and the
 * ticket type's `held` counter raised by what they hold, as the holding transactions would.
 */
export async function seedLiveHolds(db: Db, eventUrl: string, externalTicketId: number, count: number, quantity = 2, minutes = 15): Promise<string> {
  if (count === 0) return 'no seeded holds';
  const started = Date.now();
  const event = await db.kysely.selectFrom('events').select('id').where('url', '=', eventUrl).executeTakeFirstOrThrow();
  const ticket = await db.kysely.selectFrom('ticket_types').select(['id', 'price_cents'])
    .where('event_id', '=', event.id).where('external_id', '=', externalTicketId).executeTakeFirstOrThrow();
  const now = new Date();
  const until = new Date(now.getTime() + minutes * 60_000).toISOString();
  const chunk = 500;
  for (let done = 0; done < count; done += chunk) {
    const ids = Array.from({ length: Math.min(chunk, count - done) }, () => randomUUID());
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('purchases').values(ids.map((id, i) => ({
        id, event_id: event.id, status: 'held' as const, referrer: null, discount_code_id: null,
        tickets_cents: ticket.price_cents * quantity, tickets_discount_cents: 0, products_cents: 0, comission_cents: 0,
        amount_cents: ticket.price_cents * quantity, amount_out_discount_cents: ticket.price_cents * quantity,
        expires_at: until, stock_until: until, buyer_info_json: null, form_json: null, form_completed: 0, emission_id: null,
        client_key: `seed-${done + i}`, buyer_email: null, stock_counted: 1, created_at: now.toISOString(), updated_at: now.toISOString(),
      }))).execute();
      await trx.insertInto('purchase_lines').values(ids.map((id) => ({
        purchase_id: id, kind: 'ticket' as const, item_id: ticket.id, quantity, unit_price_cents: ticket.price_cents, options_json: null,
      }))).execute();
      await trx.updateTable('ticket_types').set((eb) => ({ held: eb('held', '+', ids.length * quantity) })).where('id', '=', ticket.id).execute();
    });
  }
  // PostgreSQL's autovacuum analyses a table soon after this many inserts; done here at once, so
  // the measured run does not share the machine with it (and plans see the tables as they are).
  if (db.dialect.name === 'postgres') await sql`analyze purchases, purchase_lines`.execute(db.kysely);
  const analysed = db.dialect.name === 'postgres' ? ', then ANALYZE of purchases and purchase_lines' : '';
  return `${count} holds of ${quantity} units (${count * quantity} units), each its own client, expiring in ${minutes} min: multi-row INSERTs of ${chunk} purchases + ${chunk} lines (and the held counter raised) per transaction straight into the database${analysed}, ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** Purchases of the event holding stock right now (held or pending, `stock_until` ahead). */
export async function countLiveHolds(db: Db, eventUrl: string): Promise<number> {
  const row = await db.kysely.selectFrom('purchases as p').innerJoin('events as e', 'e.id', 'p.event_id')
    .where('e.url', '=', eventUrl).where('p.status', 'in', ['held', 'pending']).where('p.stock_until', '>', new Date().toISOString())
    .select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
