import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
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
  afterEach(() => {
    sqlite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * 2,000 commits of one ≈ 3 KB row each (two pages each: the row's and its parent's), a few at
   * a time between pauses, like requests. The WAL file starts empty, so its size at the end is
   * the most the WAL held.
   */
  async function writeSteadily(db: SQLite.Database): Promise<void> {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 2_000; i++) {
      insert.run('x'.repeat(3_000));
      if (i % 10 === 9) await sleep(2);
    }
  }

  /** A WAL database with an empty table `t` and the checkpointer running on it, a pass every 10 ms. */
  async function openWithCheckpointer(restartAboveFrames: number) {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
    const file = join(dir, 'db.sqlite');
    const db = new SQLite(file);
    sqlite = db;
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table t (id integer primary key, body text not null)');
    const checkpointer = checkpointInBackground(db, file, { everyMs: 10, restartAboveFrames });
    await checkpointer.ready;
    return { db, file, checkpointer };
  }

  it('keeps the WAL small under steady writes, with every row intact', async () => {
    const { db, file } = await openWithCheckpointer(200);
    await writeSteadily(db);
    // ≈ 4,000 pages written; rewound past 200 frames, the WAL never held half of them.
    expect(statSync(`${file}-wal`).size / 4_096).toBeLessThan(2_000);
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
  it('past the threshold, the request thread copies the last frames, and the next write starts the WAL over', async () => {
    const { db, checkpointer } = await openWithCheckpointer(200);
    commitRows(db, 300);
    await eventually(() => checkpointer.handOvers() > 0);
    // Once, not at every pass: with nothing written since, the WAL is all copied.
    await sleep(100);
    expect(checkpointer.handOvers()).toBe(1);
    commitRows(db, 1);
    expect(walFrames(db)).toBeLessThan(10);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 301 });
  });

  it('below the threshold the worker never hands over', async () => {
    const { db, checkpointer } = await openWithCheckpointer(1_000);
    commitRows(db, 300);
    // Twenty ticks of the worker, each seeing the same ≈ 300 frames.
    await sleep(200);
    expect(checkpointer.handOvers()).toBe(0);
  });
});
