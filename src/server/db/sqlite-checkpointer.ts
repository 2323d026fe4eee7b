import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Moves SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL's pages into the
 * database file and fsyncs both; run by SQLite's automatic checkpoint it happens inside whichever
 * commit crossed the threshold, on the one thread that serves every request, and in the profile it
 * was the most expensive moment of a purchase (docs/decisions/012-on-sale-holds.md). Here a worker
 * thread with its own connection runs `wal_checkpoint(PASSIVE)` every `everyMs` (passive: it never
 * waits for or blocks a writer), and the request connection's automatic checkpoint is raised to a
 * fallback that only a stalled worker would reach. Not needed for correctness: without it the WAL
 * is checkpointed by the commit that crosses the fallback.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message)); }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** WAL pages after which the request connection checkpoints by itself (80 MB of 4 KiB pages): only if the worker is not keeping up. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

export function checkpointInBackground(sqlite: SQLite.Database, filename: string, everyMs = 200): void {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // execArgv: [] — the worker is plain JavaScript; it must not load the process's `--import` hooks
  // (tsx in development), whose start-up in a second thread can block the main thread's loading.
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { filename, driver, everyMs } });
  worker.unref();
  let warned = false;
  worker.on('message', (message: string) => {
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
}
