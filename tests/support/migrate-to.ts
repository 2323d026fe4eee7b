import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from '../../src/server/db/connection';
import { migrationsFor } from '../../src/server/db/migrate';

/**
 * Applies the migrations up to and including `name`, so a test can write rows the way the code of
 * that time did and then run the rest (`migrateToLatest`). Resolves to what the migrator reports
 * as its error (undefined when every step ran).
 */
export async function migrateUpTo(db: Db, name: string): Promise<MigrationResultSet['error']> {
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor(db) } });
  return (await migrator.migrateTo(name)).error;
}

/** The migration written just before `name`. */
export function migrationBefore(db: Db, name: string): string {
  const names = Object.keys(migrationsFor(db));
  return names[names.indexOf(name) - 1];
}
