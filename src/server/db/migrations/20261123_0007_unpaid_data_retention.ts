import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Erasing the personal data of purchases that never paid: `data_purged_at` records when
 * (the row and its amounts stay, for accounting and stock history), and a partial index
 * keeps the periodic purge to the rows that still hold such data, however long the history.
 */
export function unpaidDataRetentionMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchases').addColumn('data_purged_at', 'text').execute();
  await db.schema
    .createIndex('purchases_personal_data')
    .on('purchases')
    .column('updated_at')
    .where(sql<boolean>`buyer_info_json is not null or form_json is not null`)
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('purchases_personal_data').execute();
  await db.schema.alterTable('purchases').dropColumn('data_purged_at').execute();
}
