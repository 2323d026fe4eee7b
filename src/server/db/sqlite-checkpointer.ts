import { closeSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Moves SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL's pages into the
 * database file and fsyncs both; run by SQLite's automatic checkpoint it happens inside whichever
 * commit crossed the threshold, on the one thread that serves every request, and in the profile it
 * was the most expensive moment of a purchase (docs/decisions/012-on-sale-holds.md).
 *
 * Here a worker thread with its own connection runs `wal_checkpoint(PASSIVE)` every `everyMs`
 * (passive: it never waits for or blocks a writer). Passive checkpoints alone never let the WAL
 * start over while requests keep writing: SQLite rewinds the WAL only when a write begins with
 * every frame already copied, and frames written during a pass are always left. The WAL then
 * grew to the request connection's automatic checkpoint, which copied the last pass's leftovers
 * and fsynced on the request thread: 40–60 ms stalls every 1.5 s at 600 purchases a second.
 * So once the WAL passes `restartAboveFrames`, the worker repeats passes until one finds almost
 * nothing new, flushes the database file, and repeats passes again. Then this process's queries
 * pause (`pauseQueries`: a transaction in progress ends first), the worker copies the last frames
 * and makes one write of its own, which starts the WAL over and fsyncs its new header, and the
 * queries resume. Queries wait for that copy (2–13 ms in the bench's open loop), but the event loop
 * does not, so everything else the server answers goes on. Not needed for correctness: without the
 * worker the WAL is checkpointed by the commit that crosses the fallback.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { fdatasyncSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
// Its one write (below) must not wait for another process's: that would keep this process's
// queries paused. Busy, it is skipped, and the request connection's next write rewinds the WAL.
db.pragma('busy_timeout = 0');
// A commit here then fsyncs nothing but the new WAL header (FULL would flush the WAL once more).
db.pragma('synchronous = NORMAL');
parentPort.postMessage('ready');
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
// Setting user_version to the value it has changes nothing, but it is a write: the first frame
// written after a complete checkpoint starts the WAL over (and fsyncs its header) here, not on
// the request thread. In a transaction so that no other writer can come between read and write.
const rewind = db.transaction(() => db.pragma('user_version = ' + db.pragma('user_version', { simple: true })));
// From asking for the pause until its copy is done, no pass from the timer (nor for 1 s if the
// pause never comes).
let handedOverAt = 0;
// The WAL's length at the last hand-over: with no write since, it is all copied and the next
// write rewinds it, so an idle WAL is handed over once, not at every tick.
let handedOverLog = -1;
let canFlush = true;
const timer = setInterval(() => {
  if (Date.now() - handedOverAt < 1000) return;
  try {
    // "log": frames in the WAL when the pass began; every one of them is copied when it returns.
    let pass = passive();
    if (pass.log < workerData.restartAboveFrames) return;
    // A pass that leaves frames behind writes pages into the database file but never fsyncs it:
    // SQLite does that only in the pass that copies the last frame, the one in the pause, which
    // then flushed every page copied since the last rewind (43–50 ms a pause in the bench's open
    // loop). Flushed here first, the pause flushes only what the passes after it copied.
    let flushed = !canFlush;
    for (let i = 0; i < 20; i++) {
      const before = pass.log;
      pass = passive();
      if (pass.log - before > workerData.finishBelowFrames) continue;
      if (pass.log === handedOverLog) return;
      if (!flushed) {
        flushed = true;
        try {
          fdatasyncSync(workerData.databaseFd);
        } catch (error) {
          // A system that will not flush a read-only descriptor: the pause flushes, as it would anyway.
          canFlush = false;
          parentPort.postMessage(String(error && error.message));
        }
        continue;
      }
      handedOverLog = pass.log;
      handedOverAt = Date.now();
      return parentPort.postMessage('pause');
    }
  } catch (error) { parentPort.postMessage(String(error && error.message)); }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'paused') {
    // With this process's queries paused, the pass copies every frame (unless another process
    // wrote meanwhile), and the write rewinds the WAL. Either failing only leaves the WAL longer.
    let copied = false;
    try {
      const pass = passive();
      copied = pass.busy === 0 && pass.checkpointed === pass.log;
      if (copied) rewind.immediate();
    } catch {}
    handedOverAt = 0;
    return parentPort.postMessage(copied ? 'copied' : 'not copied');
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * WAL pages after which the request connection checkpoints by itself (240 MB of 4 KiB pages):
 * only if the worker is not keeping up. Far above `restartAboveFrames`: at 20,000 (2,000 above
 * it, 0.2 s of writes at 600 purchases a second) the commit that crossed it checkpointed on the
 * request thread at least seven times in a bench run that had twelve hand-overs.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 60_000;

export interface CheckpointOptions {
  everyMs?: number;
  /**
   * WAL frames (≈ 4 KiB each) past which the WAL is brought to a fresh start: ≈ 72 MB, about 1.7 s
   * of writes at 600 purchases a second. Each start pauses the queries while the last frames are
   * copied and flushed (2–27 ms in the bench since the file is flushed before; 40–110 ms before
   * that, when at 12,000 frames the busiest run lost ≈ 7 % of its throughput to rewinds:
   * docs/decisions/012-on-sale-holds.md).
   */
  restartAboveFrames?: number;
  /** New frames per pass below which the worker asks for the pause: a few pages, for a short copy. */
  finishBelowFrames?: number;
  /**
   * Waits until no query of this process uses the connection and keeps it so until the returned
   * function is called (the server passes its Kysely driver's). The default holds nothing: enough
   * only while nothing writes during the hand-over. A write that comes between the worker's last
   * copy and its own write makes the WAL go on instead of starting over.
   */
  pauseQueries?: () => Promise<() => void>;
}

export interface BackgroundCheckpoint {
  /** Resolves once the worker has its connection (tests wait for it; the server need not). */
  ready: Promise<void>;
  /** How many times the worker has copied the last frames with the queries paused (each lets the WAL rewind). */
  handOvers: () => number;
}

/** If the worker never answers a pause (it died), the queries go on after this: a long WAL is harmless, paused queries are not. */
const PAUSE_LIMIT_MS = 5_000;

/** Starts the worker on `filename` (the file `sqlite` has open) and sets the request connection's fallback. */
export function checkpointInBackground(sqlite: SQLite.Database, filename: string, options: CheckpointOptions = {}): BackgroundCheckpoint {
  const { everyMs = 200, restartAboveFrames = 18_000, finishBelowFrames = 64, pauseQueries = async () => () => {} } = options;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // The worker's own descriptor of the database file, only for the flush before a pause (SQLite
  // offers no call that fsyncs the file). Closing any descriptor of a file drops every POSIX lock
  // this process holds on it, SQLite's included: another process could then take the file for
  // its own and delete the WAL under us. So it is closed only once both connections are: after
  // the request connection's close, once the worker (which closes its own) has exited.
  const databaseFd = openSync(filename, 'r');
  // execArgv: [] — the worker is plain JavaScript; it must not load the process's `--import` hooks
  // (tsx in development), whose start-up in a second thread can block the main thread's loading.
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { filename, driver, everyMs, restartAboveFrames, finishBelowFrames, databaseFd } });
  worker.unref();
  const workerExited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let warned = false;
  let handOvers = 0;
  let workerGone = false;
  let resumeQueries: (() => void) | undefined;
  let pauseLimit: NodeJS.Timeout | undefined;
  const endPause = () => {
    clearTimeout(pauseLimit);
    resumeQueries?.();
    resumeQueries = undefined;
  };
  let started: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  worker.on('message', (message: string) => {
    if (message === 'ready') return started();
    if (message === 'pause') {
      void pauseQueries().then((resume) => {
        // The worker stopped (closed database, crash) while the pause waited its turn: nothing to hold.
        if (workerGone) return resume();
        resumeQueries = resume;
        pauseLimit = setTimeout(endPause, PAUSE_LIMIT_MS).unref();
        worker.postMessage('paused');
      });
      return;
    }
    if (message === 'copied' || message === 'not copied') {
      if (message === 'copied') handOvers++;
      return endPause();
    }
    if (!warned) console.warn(`SQLite background checkpoint failed: ${message}`);
    warned = true;
  });
  worker.on('error', (error) => console.warn(`SQLite background checkpoint stopped: ${error.message}`));
  worker.on('exit', () => {
    workerGone = true;
    endPause();
  });
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // Closing the database (Kysely's destroy, the shutdown) stops the worker first.
  const close = sqlite.close.bind(sqlite);
  let closing = false;
  sqlite.close = () => {
    workerGone = true;
    endPause();
    worker.postMessage('stop');
    const closed = close();
    if (!closing) void workerExited.then(() => closeSync(databaseFd));
    closing = true;
    return closed;
  };
  return { ready, handOvers: () => handOvers };
}
