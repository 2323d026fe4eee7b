import type { Kysely, Migration } from 'kysely';

/**
 * `event_versions`: the event file of every import, one row per event version, written in the import's
 * transaction — the file as checked and stored (pretty-printed JSON, `file_text`), its size in bytes, when and
 * by whom (`cli`, `token`, `operator:{id}`, `demo`). Events imported before this table have no row for the
 * versions they had: the rows that rebuild a file (access codes made up, HTML sanitised, codes normalised)
 * do not hold it as written, so their first stored file is the one of their next import.
 */
export function eventVersionsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_versions')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_text', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_versions_pk', ['event_id', 'version'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_versions').execute();
}
