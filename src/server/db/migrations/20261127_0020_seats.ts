import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Seated events (docs/decisions/015-seat-maps.md):
 * - `tickets.seat_label`: the place a ticket admits to (null on unseated events).
 * - `purchase_seats`: the seats a purchase holds at the seat provider, with the hold token that
 *   holds them. A token backs at most one live purchase (unique while `held` or `kept`), so two
 *   purchases racing with the same seats and token cannot both win.
 * - `seats_sandbox_*`: the built-in seat provider's state (hold tokens, the per-event row every
 *   status change locks, and the holds and bookings of its objects), shared by every process.
 */
export function seatsMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('purchase_seats')
    .addColumn('purchase_id', 'text', (c) => c.primaryKey().references('purchases.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('hold_token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seats_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The place each ticket admits to, printed on the PDF and shown on the passes.
  await db.schema.alterTable('tickets').addColumn('seat_label', 'text').execute();
  await sql`create unique index purchase_seats_live_token on purchase_seats (hold_token) where status in ('held', 'kept')`.execute(db);

  await db.schema
    .createTable('seats_sandbox_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('workspace_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('seats_sandbox_events')
    .addColumn('event_key', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const holds = db.schema.createTable('seats_sandbox_holds');
  await (dialect === 'postgres'
    ? holds.addColumn('id', 'serial', (c) => c.primaryKey())
    : holds.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('hold_token', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('seats_sandbox_holds_object').on('seats_sandbox_holds').columns(['event_key', 'label']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seats_sandbox_holds').execute();
  await db.schema.dropTable('seats_sandbox_events').execute();
  await db.schema.dropTable('seats_sandbox_tokens').execute();
  await db.schema.dropTable('purchase_seats').execute();
  await db.schema.alterTable('tickets').dropColumn('seat_label').execute();
}
