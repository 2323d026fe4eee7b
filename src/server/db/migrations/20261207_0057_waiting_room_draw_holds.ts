import type { Kysely, Migration } from 'kysely';

/**
 * `waiting_room_draw_holds`: a server process that still has arrivals of before a room's opening in line (their
 * join not stored yet) keeps a row here, renewed while they wait and deleted once they are stored; the room's
 * lottery is not drawn while a row of it lives (`expires_at` after now), so a replica's backlog at the opening is
 * drawn with the rest rather than placed after it. A process that dies holds the draw back until its row expires.
 */
export function waitingRoomDrawHoldsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waiting_room_draw_holds')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('waiting_room_draw_holds_pk', ['event_id', 'holder'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waiting_room_draw_holds').execute();
}
