import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { findEventVersionByUrl, lockEventRow } from '../repositories/event.repository';
import { holdInOneCall } from '../repositories/hold-call.repository';
import { lockClientHolds } from '../repositories/hold.repository';
import { insertHeldPurchase, lockPurchaseRow } from '../repositories/purchase.repository';
import { lockStockRows } from '../repositories/stock.repository';
import type { Db } from './connection';
import type { Dialect } from './dialect';
import type { Database } from './schema';

/** The connections one server process keeps open at most (PG_POOL_MAX, default 10). */
export function postgresPoolSize(): number {
  return Number(process.env.PG_POOL_MAX ?? 10);
}

/** Opens a pool of at most `maxConnections` on a `postgres://…` url. */
export function openPostgres(url: string, maxConnections = postgresPoolSize()): Db {
  // A connect timeout, so that a database that stops answering (rather than refusing) gives
  // requests a 503 instead of leaving them waiting for ever.
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: 10_000 });
  // An idle client whose connection the server ends (restart, failover, a dropped database)
  // is reported here; without a listener pg would crash the whole process. The pool drops
  // that client and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  // A client checked out by a request emits 'error' too when its connection ends mid-query
  // (57P01 on a restart), and the pool's own listener is off while it is checked out: without
  // this one, that event crashes the process. The query itself fails, and the request gets a
  // 503 from the error handler; the broken client is dropped when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`PostgreSQL closed a connection in use: ${error.message}`));
  });
  const safe = new URL(url);
  safe.password = safe.password ? '***' : '';
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: postgresDialect(kysely), describe: safe.toString() };
}

/**
 * PostgreSQL locks rows: writers of the same event's stock queue on the event row (`FOR UPDATE`),
 * writers of one purchase on its row, holds on the rows of the items they take, and the holds of
 * one client in one event on an advisory lock, so purchases of different types never wait for each other.
 */
function postgresDialect(kysely: Kysely<Database>): Dialect {
  return {
    name: 'postgres',
    writeTransaction: (work) => kysely.transaction().execute((trx: Transaction<Database>) => work(trx)),
    readSnapshot: (work) => kysely.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx: Transaction<Database>) => work(trx)),
    lockEvent: (trx, eventId) => lockEventRow(trx, eventId),
    lockEventByUrl: (trx, url) => findEventVersionByUrl(trx, url, true),
    lockPurchase: (trx, purchaseId) => lockPurchaseRow(trx, purchaseId),
    lockStockRows: (trx, kind, ids) => lockStockRows(trx, kind, ids, true),
    lockClientHolds: (trx, eventId, clientKey) => lockClientHolds(trx, eventId, clientKey),
    // A purchase, its one line and its key in one round trip.
    insertHeldPurchase: (trx, purchase, lines, key) => insertHeldPurchase(trx, purchase, lines, key, true),
    holdInOneCall,
  };
}
