import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Held-stock counters: `held` on each ticket type and product is the sum of the lines of the
 * purchases whose `stock_counted` is 1, kept exact by the transactions that hold, change, pay,
 * cancel or release stock, so availability (capacity − sold − held) is one row read instead of
 * a sum over every live hold. Expired holds stay counted until whoever next touches the event's
 * stock releases them in bounded batches, found through the (event_id, stock_counted, stock_until) index.
 *
 * Every unpaid purchase that still has a `stock_until` starts counted (expired ones included):
 * the first release after the upgrade lets the expired ones go.
 */
export function stockCountersMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ticket_types').addColumn('held', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('held', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('purchases').addColumn('stock_counted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('purchases_counted_expiry').on('purchases').columns(['event_id', 'stock_counted', 'stock_until']).execute();
  await sql`update purchases set stock_counted = 1 where status in ('held', 'pending') and stock_until is not null`.execute(db);
  for (const [table, kind] of [['ticket_types', 'ticket'], ['products', 'product']] as const) {
    await sql`update ${sql.table(table)} set held = (
      select coalesce(sum(l.quantity), 0) from purchase_lines l join purchases p on p.id = l.purchase_id
      where l.kind = ${kind} and l.item_id = ${sql.ref(`${table}.id`)} and p.stock_counted = 1
    )`.execute(db);
  }
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('purchases_counted_expiry').execute();
  await db.schema.alterTable('purchases').dropColumn('stock_counted').execute();
  await db.schema.alterTable('products').dropColumn('held').execute();
  await db.schema.alterTable('ticket_types').dropColumn('held').execute();
}
