import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The retention timer's reads, kept small as the tables grow (partial indexes, on SQLite and PostgreSQL alike):
 * - `purchases_client_key_kept`: purchases that still keep a client key, by `updated_at` (the client-key purge reads
 *   the oldest first);
 * - `waiting_list_entries_unerased`: waiting-list entries not erased yet, by `created_at` (the erasure reads them
 *   oldest first; erased rows, the most of an old list, are left out).
 */
export function retentionIndexesMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('purchases_client_key_kept').on('purchases').column('updated_at').where(sql.ref('client_key'), 'is not', null).execute();
  await db.schema.createIndex('waiting_list_entries_unerased').on('waiting_list_entries').column('created_at').where(sql.ref('erased_at'), 'is', null).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('waiting_list_entries_unerased').execute();
  await db.schema.dropIndex('purchases_client_key_kept').execute();
}
