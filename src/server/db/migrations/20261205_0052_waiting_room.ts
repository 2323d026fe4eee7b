import type { Kysely, Migration } from 'kysely';

/**
 * The waiting room (`waiting-room/`):
 * - `waiting_rooms`: one row per event whose file has a `waiting_room` — its settings (the rate changes
 *   live) and the queue's two counters: `next_seq` (the last place handed out) and `admitted_up_to`
 *   (every place up to it is let in), `admitted_clock` (the moment admissions are counted up to) and
 *   `drawn` (1 once the lottery of the arrivals before `opens_at` has given them places; 1 from the
 *   start in a mode without a lottery);
 * - `waiting_room_entries`: one place per event and browser: its client (the cap per address), a
 *   random `lottery_key` for an arrival before opening, its place `seq` (null until the draw; unique
 *   per event), when its admission began.
 * An admission pass is spent by a row in `used_tokens`.
 */
export function waitingRoomMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waiting_rooms')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'text')
    .addColumn('admit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('session_minutes', 'integer', (c) => c.notNull())
    .addColumn('auto_held_units', 'integer')
    .addColumn('next_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admitted_up_to', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admitted_clock', 'text', (c) => c.notNull())
    .addColumn('drawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('waiting_room_entries')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('browser_id', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('lottery_key', 'text')
    .addColumn('seq', 'integer')
    .addColumn('admitted_at', 'text')
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('waiting_room_entries_pk', ['event_id', 'browser_id'])
    .execute();
  await db.schema.createIndex('waiting_room_entries_seq').on('waiting_room_entries').columns(['event_id', 'seq']).unique().execute();
  await db.schema.createIndex('waiting_room_entries_client').on('waiting_room_entries').columns(['event_id', 'client_key']).execute();
  await db.schema.createIndex('waiting_room_entries_lottery').on('waiting_room_entries').columns(['event_id', 'lottery_key']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waiting_room_entries').execute();
  await db.schema.dropTable('waiting_rooms').execute();
}
