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
 * nothing new, and then asks the request thread to copy the last few frames itself (one short
 * checkpoint, as the only writer of this process, between two requests); the next write rewinds
 * the WAL and reuses the file's blocks. Not needed for correctness: without the worker the WAL is
 * checkpointed by the commit that crosses the fallback.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 5000');
parentPort.postMessage('ready');
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
// While the request thread runs its short checkpoint, no pass here: it would make that one busy.
let handedOverAt = 0;
// The WAL's length at the last hand-over: with no write since, it is all copied and the next
// write rewinds it, so an idle WAL is handed over once, not at every tick.
let handedOverLog = -1;
const timer = setInterval(() => {
  if (Date.now() - handedOverAt < 1000) return;
  try {
    // "log": frames in the WAL when the pass began; every one of them is copied when it returns.
    let pass = passive();
    if (pass.log < workerData.restartAboveFrames) return;
    for (let i = 0; i < 20; i++) {
      const before = pass.log;
      pass = passive();
      if (pass.log - before <= workerData.finishBelowFrames) {
        if (pass.log === handedOverLog) return;
        handedOverLog = pass.log;
        handedOverAt = Date.now();
        return parentPort.postMessage('finish');
      }
    }
  } catch (error) { parentPort.postMessage(String(error && error.message)); }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'resume') return void (handedOverAt = 0);
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** WAL pages after which the request connection checkpoints by itself (80 MB of 4 KiB pages): only if the worker is not keeping up. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

export interface CheckpointOptions {
  everyMs?: number;
  /**
   * WAL frames (≈ 4 KiB each) past which the WAL is brought to a fresh start: ≈ 72 MB, about 1.7 s
   * of writes at 600 purchases a second, just under the fallback. Each start costs the request
   * thread one fsync, 20–90 ms on the dev VM's disk under load: at 12,000 frames the busiest run
   * lost ≈ 7 % of its throughput to them (docs/decisions/012-on-sale-holds.md).
   */
  restartAboveFrames?: number;
  /** New frames per pass below which the worker hands the rest to the request thread: a few pages, copied and fsynced in a millisecond or two. */
  finishBelowFrames?: number;
}

export interface BackgroundCheckpoint {
  /** Resolves once the worker has its connection (tests wait for it; the server need not). */
  ready: Promise<void>;
  /** How many times the request thread has copied the worker's last frames (each one lets the WAL rewind). */
  handOvers: () => number;
}

/** Starts the worker on `filename` (the file `sqlite` has open) and sets the request connection's fallback. */
export function checkpointInBackground(sqlite: SQLite.Database, filename: string, options: CheckpointOptions = {}): BackgroundCheckpoint {
  const { everyMs = 200, restartAboveFrames = 18_000, finishBelowFrames = 64 } = options;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // execArgv: [] — the worker is plain JavaScript; it must not load the process's `--import` hooks
  // (tsx in development), whose start-up in a second thread can block the main thread's loading.
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { filename, driver, everyMs, restartAboveFrames, finishBelowFrames } });
  worker.unref();
  let warned = false;
  let handOvers = 0;
  let started: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  worker.on('message', (message: string) => {
    if (message === 'ready') return started();
    if (message === 'finish') {
      if (finishCheckpoint(sqlite)) handOvers++;
      return worker.postMessage('resume');
    }
    if (!warned) console.warn(`Checkpoint de SQLite en segundo plano falló: ${message}`);
    warned = true;
  });
  worker.on('error', (error) => console.warn(`Checkpoint de SQLite en segundo plano detenido: ${error.message}`));
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // Closing the database (Kysely's destroy, the shutdown) stops the worker first.
  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => {
    worker.postMessage('stop');
    return close();
  };
  return { ready, handOvers: () => handOvers };
}

/** The request thread's short checkpoint of the worker's last few frames (see above). */
function finishCheckpoint(sqlite: SQLite.Database): boolean {
  // A transaction open on this connection just now (Kysely's are asynchronous) refuses the
  // checkpoint; the worker asks again after its next passes. A closed database has nothing to do.
  if (!sqlite.open || sqlite.inTransaction) return false;
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
    return true;
  } catch {
    // Busy with another process's checkpoint: the same, next time.
    return false;
  }
}
