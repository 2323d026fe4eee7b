import type { Kysely } from 'kysely';
import type { Db } from './connection';
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
 * How each database does it is its dialect's (`dialect.ts`).
 */
export async function withStockLock<T>(db: Db, eventId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.dialect.writeTransaction(async (trx) => {
    await db.dialect.lockEvent(trx, eventId);
    return work(trx);
  });
}

/**
 * A transaction that, on SQLite, takes the write lock up front (`BEGIN IMMEDIATE`) and shares its
 * commit with the other write transactions of the same turn of the event loop, each in its own
 * savepoint (`group-commit.ts`); a plain one on PostgreSQL.
 */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.dialect.writeTransaction(work);
}
