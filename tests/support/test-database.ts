import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { TEMPLATE_PREFIX } from './postgres.global-setup';

/** Which database the current Vitest project runs the API suite on. */
export const testDialect = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/** True when this run should be skipped: the PostgreSQL project without a PostgreSQL server (laptop only). */
export const skipDatabase = testDialect === 'postgres' && !inject('pgAdminUrl');

/**
 * A fresh, empty database for one test file: a temp SQLite file, or a new PostgreSQL database
 * (a copy of `templateName` when given).
 */
export async function createTestDatabase(prefix = 't_', templateName?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  if (testDialect === 'sqlite') {
    const file = join(tmpdir(), `checkout-${name}.sqlite`);
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        // The demo sandbox keeps its own file beside it (src/server/cli/demo-sandbox.ts).
        for (const base of [file, file.replace(/\.sqlite$/, '.sandbox.sqlite')]) for (const suffix of ['', '-wal', '-shm']) rmSync(base + suffix, { force: true });
      },
    };
  }
  const adminUrl = inject('pgAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(templateName ? `create database ${name} template ${templateName}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * One migrated database per worker process, copied for every test app instead of migrating
 * each file's database from empty (0.5–1 s a file on SQLite, more on PostgreSQL). The API
 * projects share one module graph per worker (`isolate: false`), so this is built once per
 * worker and per dialect; workers never share one.
 */
let template: Promise<{ url: string; name: string }> | undefined;

function migratedTemplate(): Promise<{ url: string; name: string }> {
  template ??= (async () => {
    const database = await createTestDatabase(TEMPLATE_PREFIX);
    const db = openDatabase(database.url);
    await migrateToLatest(db);
    // Closed before any copy: PostgreSQL copies a template nobody is connected to; SQLite's WAL is folded back.
    await db.kysely.destroy();
    if (testDialect === 'sqlite') process.once('exit', () => void database.drop());
    return { url: database.url, name: new URL(database.url).pathname.slice(1) };
  })();
  return template;
}

/** A fresh database with every migration applied (a copy of the worker's migrated template). */
export async function createMigratedTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = await migratedTemplate();
  if (testDialect === 'sqlite') {
    const database = await createTestDatabase();
    copyFileSync(source.url.slice('sqlite:'.length), database.url.slice('sqlite:'.length));
    return database;
  }
  return createTestDatabase('t_', source.name);
}
