import type { Kysely, Migration } from 'kysely';

/**
 * The event's date, venue and wallet-pass colours (the event file's `starts_at`, `ends_at`,
 * `venue`, `pass_colors`): the tickets, the e-mail and the phone-wallet passes show them.
 * All nullable: events imported before keep working and show none of them.
 */
export function eventPassDetailsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('starts_at', 'text').execute();
  await db.schema.alterTable('events').addColumn('ends_at', 'text').execute();
  await db.schema.alterTable('events').addColumn('venue_json', 'text').execute();
  await db.schema.alterTable('events').addColumn('pass_colors_json', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pass_colors_json', 'venue_json', 'ends_at', 'starts_at']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
}
