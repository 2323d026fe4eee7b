import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Driver } from 'kysely';
import { findEventVersionByUrl } from '../repositories/event.repository';
import { insertHeldPurchase } from '../repositories/purchase.repository';
import { lockStockRows } from '../repositories/stock.repository';
import type { Db } from './connection';
import type { Dialect } from './dialect';
import { GroupCommit } from './group-commit';
import type { Database } from './schema';
import { checkpointInBackground, type CheckpointOptions } from './sqlite-checkpointer';

/**
 * Opens a SQLite file (or `:memory:`). `checkpointOptions`: the file's WAL checkpoints run on a
 * worker thread (`sqlite-checkpointer.ts`).
 */
export function openSqlite(path: string, checkpointOptions?: CheckpointOptions): Db {
  const filename = path === ':memory:' ? path : resolve(path);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  // WAL lets readers proceed while one writer holds the lock; busy_timeout makes a second
  // process wait for the write lock instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // In WAL mode NORMAL still never corrupts the database; it only skips an fsync per commit.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Each write transaction runs in a savepoint (group-commit.ts), and a savepoint keeps the old
  // content of every page it changes in a sub-journal, which SQLite writes to a temporary file
  // once past 64 KiB: a purchase changes about 72 KiB. In memory it is a copy, not a file.
  sqlite.pragma('temp_store = MEMORY');
  cachePreparedStatements(sqlite);
  const dialect = new PausableSqliteDialect({ database: sqlite });
  const checkpoint = checkpointOptions && filename !== ':memory:'
    ? checkpointInBackground(sqlite, filename, { ...checkpointOptions, pauseQueries: () => dialect.pauseQueries() })
    : undefined;
  const kysely = new Kysely<Database>({ dialect });
  return { kysely, dialect: sqliteDialect(kysely, new GroupCommit(kysely, () => sqlite.inTransaction)), describe: `sqlite:${filename}`, checkpoint };
}

/**
 * SQLite locks the whole database: every write transaction begins with the write lock
 * (`BEGIN IMMEDIATE`, in `groupCommit`), so the event, purchase and client locks have nothing
 * left to lock, and a row is read as it is. Nothing to save in round trips either: a hold is
 * written statement by statement.
 */
function sqliteDialect(kysely: Kysely<Database>, groupCommit: GroupCommit): Dialect {
  return {
    name: 'sqlite',
    writeTransaction: (work) => groupCommit.run(work),
    readSnapshot: (work) => kysely.connection().execute((connection) => work(connection)),
    lockEvent: async () => {},
    lockEventByUrl: (trx, url) => findEventVersionByUrl(trx, url, false),
    lockPurchase: async () => {},
    lockStockRows: (trx, kind, ids) => lockStockRows(trx, kind, ids, false),
    lockClientHolds: async () => {},
    insertHeldPurchase: (trx, purchase, lines, key) => insertHeldPurchase(trx, purchase, lines, key, false),
  };
}

/**
 * Kysely's SQLite driver has one connection and queues whoever wants it; `pauseQueries` joins that
 * queue like a query, so a transaction in progress ends first, and keeps the connection until
 * told: the checkpointer's way of stopping this process's writes while the WAL starts over.
 */
class PausableSqliteDialect extends SqliteDialect {
  #driver?: Driver;

  override createDriver(): Driver {
    this.#driver = super.createDriver();
    return this.#driver;
  }

  async pauseQueries(): Promise<() => void> {
    const driver = this.#driver;
    if (!driver) return () => {};
    const connection = await driver.acquireConnection();
    return () => void driver.releaseConnection(connection);
  }
}

/**
 * Kysely prepares every query anew, and preparing was a tenth of a purchase's CPU in the profile
 * (docs/decisions/012-on-sale-holds.md); the hot path repeats a few dozen SQL texts, so their
 * compiled statements are kept. Bounded, because queries with IN lists of varying length make new
 * texts. Safe because better-sqlite3 runs each statement to completion before the next (nothing
 * here iterates a statement lazily).
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, ReturnType<typeof prepare>>();
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= 500) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
