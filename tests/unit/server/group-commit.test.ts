import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/connection';
import { GroupCommit, MAX_GROUP } from '../../../src/server/db/group-commit';
import { withWriteTransaction } from '../../../src/server/db/locked-transaction';
import type { Database } from '../../../src/server/db/schema';

/**
 * SQLite write transactions of one turn of the event loop share one commit
 * (src/server/db/group-commit.ts); each must still behave as if it ran alone.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let db: Db;
  let reader: SQLite.Database;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(dir, 'test.sqlite');
    db = openDatabase(`sqlite:${file}`);
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db.kysely);
    // A second connection, like another process: it sees only what is committed.
    reader = new SQLite(file, { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await db.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (trx: Kysely<Database>, v: string) => sql`insert into t (v) values (${v})`.execute(trx);
  const committed = () => (reader.prepare('select v from t order by id').all() as { v: string }[]).map((r) => r.v);

  /** Every member got `message`, none of their writes is stored, and the connection is usable afterwards, out of any transaction. */
  async function expectAllFailedAndNothingStored(outcomes: PromiseSettledResult<unknown>[], message: string): Promise<void> {
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(outcomes.map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(Array(3).fill(message));
    expect(committed()).toEqual([]);
    await withWriteTransaction(db, (trx) => insert(trx, 'after'));
    expect(committed()).toEqual(['after']);
  }

  it('answers each transaction only once its writes are committed, in the order they started', async () => {
    const seenAtAnswer: string[][] = [];
    await Promise.all(['a', 'b', 'c'].map((v) => withWriteTransaction(db, async (trx) => {
      await insert(trx, v);
      return v;
    }).then((value) => {
      expect(value).toBe(v);
      seenAtAnswer.push(committed());
    })));
    expect(seenAtAnswer).toEqual([['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b', 'c']]);
  });

  it('undoes only the writes of a transaction that throws, and gives the error to it alone', async () => {
    const outcomes = await Promise.allSettled([
      withWriteTransaction(db, (trx) => insert(trx, 'a')),
      withWriteTransaction(db, async (trx) => {
        await insert(trx, 'b');
        throw new Error('sold out');
      }),
      // A constraint error from SQLite itself: the duplicate of 'a', which the member before committed to the group.
      withWriteTransaction(db, async (trx) => {
        await insert(trx, 'd');
        await insert(trx, 'a');
      }),
      withWriteTransaction(db, (trx) => insert(trx, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('sold out');
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE constraint failed/);
    expect(committed()).toEqual(['a', 'c']);
  });

  it('lets a refused transaction\'s caller try again in the same group', async () => {
    let retried = false;
    const attempt = (v: string) => withWriteTransaction(db, async (trx) => {
      await insert(trx, v);
      if (v === 'first try') throw new Error('refused');
      return v;
    });
    const answer = await attempt('first try').catch(() => {
      retried = true;
      return attempt('second try');
    });
    expect(retried).toBe(true);
    expect(answer).toBe('second try');
    expect(committed()).toEqual(['second try']);
  });

  it('keeps every other query off the connection until the group has committed', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const write = withWriteTransaction(db, async (trx) => {
      await insert(trx, 'a');
      await gate;
    });
    // Let the group start and write before the read is asked for.
    await new Promise((resolve) => setImmediate(resolve));
    let read: string[] | undefined;
    const reading = sql<{ v: string }>`select v from t`.execute(db.kysely).then((r) => (read = r.rows.map((row) => row.v)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBeUndefined();
    open();
    await Promise.all([write, reading]);
    expect(read).toEqual(['a']);
  });

  it('fails every member when the commit fails, and stores none of them', async () => {
    // A deferred foreign key is checked at COMMIT: the group's commit fails with it.
    await sql`create table parent (id integer primary key)`.execute(db.kysely);
    await sql`create table child (id integer primary key, parent_id integer references parent (id) deferrable initially deferred)`.execute(db.kysely);
    const outcomes = await Promise.allSettled([
      withWriteTransaction(db, (trx) => insert(trx, 'a')),
      withWriteTransaction(db, (trx) => sql`insert into child (parent_id) values (42)`.execute(trx)),
      withWriteTransaction(db, (trx) => insert(trx, 'c')),
    ]);
    await expectAllFailedAndNothingStored(outcomes, 'FOREIGN KEY constraint failed');
  });

  it('fails every member when one error ends the whole transaction', async () => {
    const outcomes = await Promise.allSettled([
      withWriteTransaction(db, (trx) => insert(trx, 'a')),
      withWriteTransaction(db, async (trx) => {
        // What SQLite does on a full disk or an I/O error: the transaction is rolled back whole.
        await sql`rollback`.execute(trx);
        throw new Error('disk I/O error');
      }),
      withWriteTransaction(db, (trx) => insert(trx, 'c')),
    ]);
    await expectAllFailedAndNothingStored(outcomes, 'disk I/O error');
  });
});

describe('SQLite group commit: how many commits', () => {
  let sqlite: SQLite.Database;
  let kysely: Kysely<Database>;
  let statements: string[];
  beforeEach(async () => {
    sqlite = new SQLite(':memory:');
    statements = [];
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void statements.push(event.query.sql) });
    await sql`create table t (id integer primary key, v text)`.execute(kysely);
    statements = [];
  });
  afterEach(async () => kysely.destroy());

  const insert = (trx: Kysely<Database>, v: string) => sql`insert into t (v) values (${v})`.execute(trx);
  const count = (text: string) => statements.filter((s) => s === text).length;

  it('commits the transactions of one turn together, at most MAX_GROUP at a time', async () => {
    const groups = new GroupCommit(kysely, () => sqlite.inTransaction);
    await Promise.all(Array.from({ length: MAX_GROUP + 1 }, (_, i) => groups.run((trx) => insert(trx, `v${i}`))));
    expect(count('begin immediate')).toBe(2);
    expect(count('commit')).toBe(2);
    expect(count('savepoint member')).toBe(MAX_GROUP + 1);
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: MAX_GROUP + 1 });
  });

  it('commits a transaction of a later turn in a group of its own', async () => {
    const groups = new GroupCommit(kysely, () => sqlite.inTransaction);
    await groups.run((trx) => insert(trx, 'one'));
    await groups.run((trx) => insert(trx, 'two'));
    expect(count('commit')).toBe(2);
  });
});
