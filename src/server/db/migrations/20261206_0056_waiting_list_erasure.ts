import type { Kysely, Migration } from 'kysely';

/**
 * `waiting_list_entries.erased_at`: when the data-retention timer erased the entry's address and client key
 * (`WAITING_LIST_RETENTION_DAYS` after the entry was over); null while they are kept. The row, its status, quantity
 * and times stay for the operator's figures.
 */
export function waitingListErasureMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waiting_list_entries').addColumn('erased_at', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waiting_list_entries').dropColumn('erased_at').execute();
}
