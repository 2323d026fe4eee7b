import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Which database the current Vitest project runs the API suite on. */
export const testDialect = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/** True when this run should be skipped: the PostgreSQL project without a PostgreSQL server (laptop only). */
export const skipDatabase = testDialect === 'postgres' && !inject('pgAdminUrl');

/** A fresh, empty database for one test file: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (testDialect === 'sqlite') {
    const file = join(tmpdir(), `checkout-${name}.sqlite`);
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      },
    };
  }
  const adminUrl = inject('pgAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
