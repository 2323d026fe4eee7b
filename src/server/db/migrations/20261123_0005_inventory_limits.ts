import type { Kysely, Migration } from 'kysely';

/**
 * Inventory hardening: the per-event hold limits an operator sets in the event file, the
 * access code that unlocks a hidden ticket type, and on each purchase who holds it (the
 * client key the per-client cap counts by, the buyer's e-mail the voucher cap counts by).
 */
export function inventoryLimitsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('hold_limits_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('ticket_types').addColumn('access_code', 'text').execute();
  await db.schema.alterTable('purchases').addColumn('client_key', 'text').execute();
  await db.schema.alterTable('purchases').addColumn('buyer_email', 'text').execute();
  await db.schema.createIndex('purchases_client_hold').on('purchases').columns(['event_id', 'client_key', 'stock_until']).execute();
  await db.schema.createIndex('purchases_buyer_email').on('purchases').columns(['event_id', 'buyer_email', 'stock_until']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('purchases_buyer_email').execute();
  await db.schema.dropIndex('purchases_client_hold').execute();
  await db.schema.alterTable('purchases').dropColumn('buyer_email').execute();
  await db.schema.alterTable('purchases').dropColumn('client_key').execute();
  await db.schema.alterTable('ticket_types').dropColumn('access_code').execute();
  await db.schema.alterTable('events').dropColumn('hold_limits_json').execute();
}
