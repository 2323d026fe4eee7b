import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Door check-in:
 * - `checkin_keys`: each event's Ed25519 key pairs (`key_id` 1, 2, … per event; the newest signs, every
 *   one stays published to scanners), the private key encrypted at rest (`checkin/event-keys.ts`);
 * - `ticket_revocations`: one row per revoked ticket (unique), with why; what scanners sync;
 * - `checkin_devices`: a scanner paired to one check-in list, its token stored as a SHA-256 hash;
 * - `checkin_scans`: every scan a device sent, unique per device and nonce (a re-sent scan answers the same);
 * - `checkin_entries`: admissions, unique per list, ticket and entry number, so two devices admitting one
 *   ticket at once cannot both write entry 1 (the loser gets `already_used`);
 * - `events.checkin_lists_json`: the event file's `checkin_lists`;
 * - `order_status_changes.note`: the operator's words when an order is cancelled by hand.
 */
export function checkinMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const serial = (table: CreateTableBuilder<string, never>) =>
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable('checkin_keys')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('key_id', 'integer', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkin_keys_pk', ['event_id', 'key_id'])
    .execute();
  await serial(db.schema.createTable('ticket_revocations'))
    .addColumn('ticket_id', 'text', (c) => c.notNull().unique().references('tickets.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_revocations_event').on('ticket_revocations').columns(['event_id', 'created_at']).execute();
  await db.schema
    .createTable('checkin_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_sync_at', 'text')
    .execute();
  await db.schema
    .createTable('checkin_scans')
    .addColumn('device_id', 'text', (c) => c.notNull().references('checkin_devices.id'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkin_scans_pk', ['device_id', 'nonce'])
    .execute();
  await serial(db.schema.createTable('checkin_entries'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('entry_number', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull().references('checkin_devices.id'))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('exited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('checkin_entries_once', ['list_id', 'event_id', 'ticket_id', 'entry_number'])
    .execute();
  await db.schema.createIndex('checkin_entries_event').on('checkin_entries').columns(['event_id', 'created_at']).execute();
  // A second entry of a ticket a device admitted offline after another device had (the operator sees it).
  await serial(db.schema.createTable('checkin_conflicts'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('checkin_devices.id'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('checkin_conflicts_once', ['device_id', 'nonce'])
    .execute();
  await db.schema.alterTable('events').addColumn('checkin_lists_json', 'text').execute();
  await db.schema.alterTable('order_status_changes').addColumn('note', 'text').execute();
  await sql`create index tickets_event_created on tickets (event_id, created_at)`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tickets_event_created`.execute(db);
  await db.schema.alterTable('order_status_changes').dropColumn('note').execute();
  await db.schema.alterTable('events').dropColumn('checkin_lists_json').execute();
  for (const table of ['checkin_conflicts', 'checkin_entries', 'checkin_scans', 'checkin_devices', 'ticket_revocations', 'checkin_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
