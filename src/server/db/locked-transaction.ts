import type { Kysely, Transaction } from 'kysely';
import type { Db } from './connection';
import { findEventVersionByUrl, lockEventRow } from '../repositories/event.repository';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction that serialises with every other writer of stock for
 * the same event, in this process and in others sharing the database.
 *
 * - SQLite: `BEGIN IMMEDIATE` takes the database write lock up front, so two
 *   processes cannot both read the same availability and then both insert holds.
 * - PostgreSQL: `SELECT … FOR UPDATE` on the event row; every import, payment
 *   confirmation and order with a usage-limited code of that event queues behind it.
 *   Plain holds do not take it: they take their units with conditional updates of the
 *   item rows (see services/stock.service.ts).
 *
 * This is the one place that chooses by dialect; the row lock itself is a repository query,
 * and SQLite's transaction control (`group-commit.ts`) is not a query.
 */
export async function withStockLock<T>(db: Db, eventId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withWriteTransaction(db, async (trx) => {
    if (db.dialect === 'postgres') await lockEventRow(trx, eventId);
    return work(trx);
  });
}

/**
 * The event row with this url, locked like `withStockLock` locks it (call inside
 * `withWriteTransaction`): PostgreSQL `FOR UPDATE` waits for every other writer of the
 * event; SQLite already holds the database write lock.
 */
export async function lockEventByUrl(db: Db, trx: Kysely<Database>, url: string): Promise<{ id: number; version: number } | undefined> {
  return findEventVersionByUrl(trx, url, db.dialect === 'postgres');
}

/**
 * A transaction that, on SQLite, takes the write lock up front (`BEGIN IMMEDIATE`) and shares its
 * commit with the other write transactions of the same turn of the event loop, each in its own
 * savepoint (`group-commit.ts`); a plain one on PostgreSQL.
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.groupCommit) return db.groupCommit.run(work);
  return db.kysely.transaction().execute((trx: Transaction<Database>) => work(trx));
}
