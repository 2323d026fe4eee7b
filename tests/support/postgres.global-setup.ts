import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';

/**
 * Gives the api-postgres project a real PostgreSQL server: TEST_DATABASE_URL when set
 * (an admin URL; each test file creates its own database there), otherwise a throwaway
 * cluster started from the installed PostgreSQL binaries and removed afterwards.
 * On CI a missing PostgreSQL is an error; on a laptop the PostgreSQL run is skipped with a note.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
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
