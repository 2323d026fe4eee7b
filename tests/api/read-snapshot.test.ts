import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { createMigratedTestDatabase, skipDatabase } from '../support/test-database';

/**
 * `dialect.readSnapshot`: several queries read one state of the database, so figures read apart agree (the
 * dashboard's conversion once counted a payment whose tickets its sales had not counted yet).
 */
describe.skipIf(skipDatabase)('readSnapshot', () => {
  let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = openDatabase(database.url);
    await sql`create table snapshot_probe (n integer not null)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.kysely.destroy();
    await database.drop();
  });

  const count = async (k: Db['kysely']) => Number((await sql<{ n: number }>`select count(*) as n from snapshot_probe`.execute(k)).rows[0].n);

  it('does not see a write committed between its queries; the write is there after', async () => {
    let write: Promise<void> | undefined;
    const [before, during] = await db.dialect.readSnapshot(async (k) => {
      const first = await count(k);
      write = db.dialect.writeTransaction(async (trx) => { await sql`insert into snapshot_probe (n) values (1)`.execute(trx); });
      // PostgreSQL commits the write beside the snapshot; SQLite's write waits for the connection the snapshot keeps.
      if (db.dialect.name === 'postgres') await write;
      else for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      return [first, await count(k)];
    });
    await write;
    expect(during).toBe(before);
    expect(await count(db.kysely)).toBe(before + 1);
  });
});
