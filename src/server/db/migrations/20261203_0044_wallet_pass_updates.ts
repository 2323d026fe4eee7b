import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Passes that follow the order (Apple's pass web service, `wallet/apple-pass-service.ts`):
 * - `wallet_apple_registrations`: a phone's Wallet registered for a pass's updates — device library id,
 *   pass type, serial (our ticket id) and the device's APNs push token; unique per device, type and serial;
 * - `wallet_pass_changes`: one row per change of a ticket's pass (a revocation, a corrected name, a
 *   transfer). Its increasing `id` is the "last updated" tag a device sends back, and a ticket's newest
 *   `changed_at` is its pass's Last-Modified.
 */
export function walletPassUpdatesMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const serial = (table: CreateTableBuilder<string, never>) =>
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable('wallet_apple_registrations')
    .addColumn('device_library_id', 'text', (c) => c.notNull())
    .addColumn('pass_type_id', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('push_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_apple_registrations_pk', ['device_library_id', 'pass_type_id', 'serial_number'])
    .execute();
  await db.schema.createIndex('wallet_apple_registrations_serial').on('wallet_apple_registrations').columns(['serial_number']).execute();
  await serial(db.schema.createTable('wallet_pass_changes'))
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_pass_changes_ticket').on('wallet_pass_changes').columns(['ticket_id', 'id']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_pass_changes').execute();
  await db.schema.dropTable('wallet_apple_registrations').execute();
}
