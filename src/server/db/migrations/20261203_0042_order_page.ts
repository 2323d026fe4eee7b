import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The buyer's order page:
 * - `events.changes_until`: the event file's deadline for buyers' corrections (null: 24 h before
 *   `starts_at`, or always while the event has no date).
 * - `order_events`: what happened to an order that is not a change of its status (a buyer's
 *   corrected answers of one ticket), shown in the order's history beside `order_status_changes`.
 */
export function orderPageMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('events').addColumn('changes_until', 'text').execute();
  const table = db.schema.createTable('order_events');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('ticket_id', 'text', (c) => c.references('tickets.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_purchase').on('order_events').columns(['purchase_id', 'id']).execute();
  // The door's sync asks for the event's tickets changed since its last sync.
  await db.schema.createIndex('order_events_event_time').on('order_events').columns(['event_id', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_events').execute();
  await db.schema.alterTable('events').dropColumn('changes_until').execute();
}
