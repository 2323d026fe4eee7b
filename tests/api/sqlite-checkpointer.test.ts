import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { checkpointInBackground } from '../../src/server/db/sqlite-checkpointer';
import { testDialect } from '../support/test-database';
import { eventually } from './payments/helpers';

/**
 * The background checkpointer (src/server/db/sqlite-checkpointer.ts) must bring the WAL back to
 * its start while writes keep coming: passive checkpoints alone never do, and the WAL then grew
 * to the request connection's fallback checkpoint, which stalled requests on its fsync.
 */
describe.skipIf(testDialect !== 'sqlite')('SQLite background checkpoints', () => {
  let dir: string;
  let sqlite: SQLite.Database | undefined;
  let server: Db | undefined;
  afterEach(async () => {
    sqlite?.close();
    sqlite = undefined;
    await server?.kysely.destroy();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * 2,000 commits of one ≈ 3 KB row each (two pages each: the row's and its parent's), a few at
   * a time between pauses, like requests. The WAL file starts empty, so its size at the end is
   * the most the WAL held.
   */
  async function writeSteadily(db: SQLite.Database, writes: WriteGate): Promise<void> {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 2_000; i++) {
      await writes.open();
      insert.run('x'.repeat(3_000));
      if (i % 10 === 9) await sleep(2);
    }
  }

  /**
   * What the server's `pauseQueries` does for its Kysely connection, for a writer of its own: the
   * pause holds the writes back until the worker has copied the last frames and written. Without
   * it a write could come between the two, and the WAL would go on instead of starting over (the
   * hand-over counted, the rewind lost): on a loaded CI machine that let it reach 2,294 frames.
   */
  interface WriteGate {
    pauseQueries: () => Promise<() => void>;
    open: () => Promise<void>;
  }
  function writeGate(): WriteGate {
    let closed: Promise<void> | undefined;
    return {
      async pauseQueries() {
        let resume!: () => void;
        closed = new Promise((resolve) => (resume = resolve));
        return () => {
          closed = undefined;
          resume();
        };
      },
      async open() {
        while (closed) await closed;
      },
    };
  }

  /** A database file's path in a fresh directory (removed after the test). */
  function newFile(): string {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    return join(dir, 'db.sqlite');
  }

  /** A WAL database with an empty table `t` and the checkpointer running on it, a pass every 10 ms. */
  async function openWithCheckpointer(restartAboveFrames: number, pauseQueries?: WriteGate['pauseQueries']) {
    const file = newFile();
    const db = new SQLite(file);
    sqlite = db;
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table t (id integer primary key, body text not null)');
    const checkpointer = checkpointInBackground(db, file, { everyMs: 10, restartAboveFrames, pauseQueries });
    await checkpointer.ready;
    return { db, file, checkpointer };
  }

  it('keeps the WAL small under steady writes, with every row intact', async () => {
    const writes = writeGate();
    const { db, file } = await openWithCheckpointer(200, writes.pauseQueries);
    await writeSteadily(db, writes);
    // ≈ 4,000 pages written; rewound past 200 frames, the WAL never held three quarters of them
    // (never rewound, it holds them all). On a quiet machine it stays near 450 pages; with the
    // machine's two cores shared by several test runs the worker got less time and it reached 2,044.
    expect(statSync(`${file}-wal`).size / 4_096).toBeLessThan(3_000);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 2_000 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  /** One commit of `rows` ≈ 3 KB rows: a page each, so a WAL frame each (and a few for the tree above them). */
  function commitRows(db: SQLite.Database, rows: number): void {
    const insert = db.prepare('insert into t (body) values (?)');
    db.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run('x'.repeat(3_000));
    })();
  }

  /** Frames in the WAL now (a passive checkpoint reports them; it copies what is left). */
  const walFrames = (db: SQLite.Database) => (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0].log;

  // The steady-writes case above cannot show which side rewound: on a busy machine a slow writer
  // leaves pauses in which the worker's passes copy everything and the WAL rewinds by itself.
  // These two make the hand-over itself visible: with no writes after the commit, every pass
  // sees the same WAL, so whether the worker hands over depends only on the threshold.
  it('past the threshold, the worker copies the last frames and starts the WAL over', async () => {
    const { db, checkpointer } = await openWithCheckpointer(200);
    commitRows(db, 300);
    await eventually(() => checkpointer.handOvers() > 0);
    // Once, not at every pass: with nothing written since, the WAL is all copied.
    await sleep(100);
    expect(checkpointer.handOvers()).toBe(1);
    // The worker's own write began the WAL anew, so the next commit lands at its start.
    expect(walFrames(db)).toBeLessThan(5);
    commitRows(db, 1);
    expect(walFrames(db)).toBeLessThan(10);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 301 });
  });

  it("pauses the server's queries for the hand-over only once the transaction in progress has ended", async () => {
    server = openDatabase(`sqlite:${newFile()}`, { backgroundCheckpoint: { everyMs: 10, restartAboveFrames: 200 } });
    const { kysely, checkpoint } = server;
    await checkpoint!.ready;
    const row = 'x'.repeat(3_000);
    await sql`create table t (id integer primary key, body text not null)`.execute(kysely);
    await kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++) await sql`insert into t (body) values (${row})`.execute(trx);
    });
    // Twenty ticks of the worker while a transaction that has only read so far is open: the
    // worker asks for the pause, which waits. (Without it, the worker's write would come between
    // this read and write, and the write would fail on a stale snapshot.)
    let handOversInside = -1;
    await kysely.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      await sleep(200);
      handOversInside = checkpoint!.handOvers();
      await sql`insert into t (body) values (${row})`.execute(trx);
      await sql`insert into t (body) values (${row})`.execute(trx);
    });
    expect(handOversInside).toBe(0);
    await eventually(() => checkpoint!.handOvers() === 1);
    // Queries go on after the pause, and the WAL started over.
    const frames = await sql<{ log: number }>`pragma wal_checkpoint(PASSIVE)`.execute(kysely);
    expect(frames.rows[0].log).toBeLessThan(5);
    const count = await sql<{ n: number }>`select count(*) as n from t`.execute(kysely);
    expect(count.rows[0].n).toBe(302);
    expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(kysely)).rows[0].integrity_check).toBe('ok');
  });

  /** This process's read-only descriptors of `file` (Linux's /proc): SQLite opens it read-write, the checkpointer's own read-only. */
  function readOnlyDescriptorsOf(file: string): string[] {
    return readdirSync('/proc/self/fd').filter((fd) => {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) !== file) return false;
        const flags = /^flags:\s*(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
        return flags !== undefined && (parseInt(flags, 8) & 3) === 0;
      } catch {
        return false; // closed meanwhile
      }
    });
  }

  // Its descriptor, kept for flushing the file before a pause, must not be closed while a
  // connection of this process still has the file: closing it would drop SQLite's locks.
  it.skipIf(process.platform !== 'linux')('closes its own descriptor of the file once both connections are closed, and not before', async () => {
    const { db, file, checkpointer } = await openWithCheckpointer(200);
    commitRows(db, 300);
    await eventually(() => checkpointer.handOvers() > 0);
    expect(readOnlyDescriptorsOf(file)).toHaveLength(1);
    db.close();
    sqlite = undefined;
    // The worker's connection closes on its own thread after this: the descriptor stays until then.
    expect(readOnlyDescriptorsOf(file)).toHaveLength(1);
    await eventually(() => readOnlyDescriptorsOf(file).length === 0);
  });

  it('below the threshold the worker never hands over', async () => {
    const { db, checkpointer } = await openWithCheckpointer(1_000);
    commitRows(db, 300);
    // Twenty ticks of the worker, each seeing the same ≈ 300 frames.
    await sleep(200);
    expect(checkpointer.handOvers()).toBe(0);
  });
});
