import type { FastifyInstance } from 'fastify';
import type { Db } from './db/connection';
import { closePdfPool } from './fulfilment/outbox';

/**
 * SIGTERM (a deploy, a scale-down) or SIGINT (Ctrl-C) stops the server without dropping work:
 * `app.close()` stops accepting connections, waits for every request in flight to be answered
 * (a purchase half way through its transaction finishes and its buyer gets the answer), then its
 * onClose hooks stop the retry loop and the data-retention timer (each waiting for a run in
 * progress) and let go of Redis; then the PDF workers stop and the database pool closes. A second
 * signal, or `graceSeconds` without finishing, ends the process at once with exit code 1.
 */
export function closeOnSignals(app: FastifyInstance, db: Db, graceSeconds: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`\n  ${signal} again: exiting now without waiting for the requests in flight.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n  ${signal}: no longer accepting connections; finishing the requests in flight…`);
    const deadline = setTimeout(() => {
      console.error(`  The requests in flight did not finish within ${graceSeconds} s: forced exit.`);
      process.exit(1);
    }, graceSeconds * 1000);
    deadline.unref();
    try {
      await app.close();
      await closePdfPool();
      await db.kysely.destroy();
      console.log('  Server stopped: requests answered and database closed.');
      process.exit(0);
    } catch (error) {
      console.error(`  Error while stopping the server: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
