import type { Insertable, Kysely } from 'kysely';
import type { HoldCall, HoldRefusal } from '../repositories/hold-call.repository';
import type { NewPurchase, NewPurchaseLine } from '../repositories/purchase.repository';
import type { StockKind, StockRow } from '../repositories/stock.repository';
import type { Database, PurchaseAccessKeyTable } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The few things SQLite and PostgreSQL do differently, one object per open database
 * (`sqlite.ts`, `postgres.ts`; chosen once by `openDatabase`). Code outside `db/` asks
 * `db.dialect` and never chooses by database itself. An operation one database does not need
 * (a row lock where the whole database is locked already) is a no-op there, so a caller calls
 * it unconditionally.
 */
export interface Dialect {
  readonly name: DialectName;
  /**
   * Runs `work` in a write transaction: on SQLite it takes the write lock up front (`BEGIN
   * IMMEDIATE`) and shares its commit with the other write transactions of the same turn of the
   * event loop, each in its own savepoint (`group-commit.ts`); a plain transaction on PostgreSQL.
   */
  writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Runs `work`'s reads against one state of the database, so figures read by several queries agree with each
   * other: a read-only REPEATABLE READ transaction on PostgreSQL; on SQLite the one connection, kept for `work`
   * (no write transaction commits between its queries).
   */
  readSnapshot<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Inside a write transaction: waits for, then keeps out, every other writer of the event's stock
   * (PostgreSQL `SELECT … FOR UPDATE` on the event row; SQLite already holds the database's write lock).
   */
  lockEvent(trx: Kysely<Database>, eventId: number): Promise<void>;
  /** The id and version of the event with this url, its row locked like `lockEvent` locks it. */
  lockEventByUrl(trx: Kysely<Database>, url: string): Promise<{ id: number; version: number } | undefined>;
  /** A purchase's row locked until the transaction ends, taken before any item row (stock writers lock in one order). */
  lockPurchase(trx: Kysely<Database>, purchaseId: string): Promise<void>;
  /** The counters of these items, in id order, their rows locked until the transaction ends where the database locks rows. */
  lockStockRows(trx: Kysely<Database>, kind: StockKind, ids: number[]): Promise<Map<number, StockRow>>;
  /** Serialises the holds of one client in one event (PostgreSQL: a transaction-scoped advisory lock; SQLite: the write lock does). */
  lockClientHolds(trx: Kysely<Database>, eventId: number, clientKey: string): Promise<void>;
  /** Stores a new held purchase with its lines and its access key (PostgreSQL: an order of one line in one statement). */
  insertHeldPurchase(trx: Kysely<Database>, purchase: NewPurchase, lines: NewPurchaseLine[], key: Insertable<PurchaseAccessKeyTable>): Promise<void>;
  /**
   * PostgreSQL's whole hold in one call of `checkout_hold_at_version`, which checks the event's
   * catalogue version itself; absent on SQLite, whose holds run as a transaction.
   */
  readonly holdInOneCall?: (kysely: Kysely<Database>, call: HoldCall) => Promise<HoldRefusal | undefined>;
}
