import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';

/** Prefix of the workers' migrated template databases (test-database.ts). */
export const TEMPLATE_PREFIX = 't_tpl_';

/** The workers' templates outlive them on a server the run does not throw away. */
async function dropTemplates(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
  for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.end();
}

/**
 * Gives the api-postgres project a real PostgreSQL server: TEST_DATABASE_URL when set
 * (an admin URL; each test file creates its own database there), otherwise a throwaway
 * cluster started from the installed PostgreSQL binaries and removed afterwards.
 * On CI a missing PostgreSQL is an error; on a laptop the PostgreSQL run is skipped with a note.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return () => dropTemplates(process.env.TEST_DATABASE_URL!);
  }
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error('PostgreSQL is required on CI: install the Debian package "postgresql" or set TEST_DATABASE_URL.');
    console.warn('\n[api-postgres] PostgreSQL not found (initdb); skipping the PostgreSQL run. Install "postgresql" or set TEST_DATABASE_URL.\n');
    project.provide('pgAdminUrl', '');
    return;
  }
  const cluster = await startPostgresCluster(bin);
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.remove();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
