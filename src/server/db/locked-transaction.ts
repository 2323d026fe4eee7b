import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
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
 * and the transaction control below (`begin immediate`/`commit`/`rollback`) is not a query.
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

/** A transaction that, on SQLite, takes the write lock up front (`BEGIN IMMEDIATE`); a plain one on PostgreSQL. */
export async function withWriteTransaction<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return db.kysely.transaction().execute((trx: Transaction<Database>) => work(trx));
  return db.kysely.connection().execute(async (conn) => {
    await conn.executeQuery(BEGIN_IMMEDIATE);
    try {
      const result = await work(conn);
      await conn.executeQuery(COMMIT);
      return result;
    } catch (error) {
      await conn.executeQuery(ROLLBACK);
      throw error;
    }
  });
}

// Compiled once: every purchase runs them.
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
