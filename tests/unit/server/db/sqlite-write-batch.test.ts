import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../src/server/db/connection';
import { withWriteTransaction } from '../../../../src/server/db/locked-transaction';

/** Group commit on SQLite: works arriving together share one transaction, each keeps its own outcome. */
describe('SQLite write transactions (group commit)', () => {
  const file = join(tmpdir(), `write-batch-${process.pid}.sqlite`);
  let db: Db;
  let observer: SQLite.Database;
  const rowsSeenByAnotherConnection = () => (observer.prepare('select count(*) as n from t').get() as { n: number }).n;
  const commitsSeen = () => observer.pragma('data_version', { simple: true }) as number;

  beforeEach(async () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    db = openDatabase(`sqlite:${file}`);
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db.kysely);
    observer = new SQLite(file);
  });
  afterEach(async () => {
    observer.close();
    await db.kysely.destroy();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  });

  const insert = (trx: Kysely<any>, v: string) => sql`insert into t (v) values (${v})`.execute(trx);

  it('answers each work after a commit another connection sees, in fewer commits than works', async () => {
    const before = commitsSeen();
    const seenAtAnswer: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) =>
      withWriteTransaction(db, async (trx) => {
        await insert(trx, `row-${i}`);
        return i;
      }).then(() => seenAtAnswer.push(rowsSeenByAnotherConnection()))));
    expect(rowsSeenByAnotherConnection()).toBe(30);
    // Every answer came after its row was committed: the observer saw at least as many rows as answers so far.
    seenAtAnswer.forEach((seen, k) => expect(seen).toBeGreaterThanOrEqual(k + 1));
    const commits = commitsSeen() - before;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(30);
  });

  it('rolls back a failing work alone: its caller gets its error, the others commit', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) =>
      withWriteTransaction(db, async (trx) => {
        await insert(trx, `row-${i}`);
        if (i === 3) throw new Error('refused');
        // A constraint error in one work (a duplicate) is that work's alone too.
        if (i === 6) await insert(trx, 'row-0');
        return i;
      })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason.message).toBe('refused');
    expect((results[6] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE/);
    const values = (observer.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);
    expect(values).toEqual(['row-0', 'row-1', 'row-2', 'row-4', 'row-5', 'row-7', 'row-8', 'row-9']);
  });

  it('runs works one after another: each sees the writes of those before it in the same transaction', async () => {
    const counts = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      withWriteTransaction(db, async (trx) => {
        await insert(trx, `row-${i}`);
        const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        return rows[0].n;
      })));
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });
});
