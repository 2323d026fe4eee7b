import type { Kysely, Migration } from 'kysely';

/**
 * The event file's `share` (JSON: the preview's title, description and picture, and whether search
 * engines may list the event): the page head of `/{url}`, the sitemap. Nullable: events imported
 * before are listed and previewed from their name, date, venue and logo.
 */
export function eventShareMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('share_json', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('share_json').execute();
}
