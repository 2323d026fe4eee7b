import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Driver } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { GroupCommit } from './group-commit';
import { checkpointInBackground, type BackgroundCheckpoint, type CheckpointOptions } from './sqlite-checkpointer';

export type DialectName = 'sqlite' | 'postgres';

/** A Kysely instance plus the name of the dialect behind it (for the few places that must know). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location, for the start-up log (never includes a password). */
  describe: string;
  /** A SQLite file's background checkpointer, when asked for. */
  checkpoint?: BackgroundCheckpoint;
  /** SQLite: write transactions of one turn of the event loop share a commit (`group-commit.ts`). */
  groupCommit?: GroupCommit;
}

export const DEFAULT_SQLITE_PATH = 'data/checkout.sqlite';

/**
 * Chooses the dialect once from DATABASE_URL: none → SQLite default file, `sqlite:PATH`, or `postgres://…`.
 * `backgroundCheckpoint` (the server): a SQLite file's WAL checkpoints run on a worker thread
 * (`sqlite-checkpointer.ts`); `true` for the defaults, or the checkpointer's options (tests).
 */
export function openDatabase(databaseUrl: string | undefined, options: { backgroundCheckpoint?: boolean | CheckpointOptions } = {}): Db {
  const url = databaseUrl?.trim() || `sqlite:${DEFAULT_SQLITE_PATH}`;
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // A connect timeout, so that a database that stops answering (rather than refusing) gives
    // requests a 503 instead of leaving them waiting for ever.
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10), connectionTimeoutMillis: 10_000 });
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
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', describe: safe.toString() };
  }
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
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
    const checkpointOptions = options.backgroundCheckpoint === true ? {} : options.backgroundCheckpoint;
    const checkpoint = checkpointOptions && filename !== ':memory:'
      ? checkpointInBackground(sqlite, filename, { ...checkpointOptions, pauseQueries: () => dialect.pauseQueries() })
      : undefined;
    const kysely = new Kysely<Database>({ dialect });
    const groupCommit = new GroupCommit(kysely, () => sqlite.inTransaction);
    return { kysely, dialect: 'sqlite', describe: `sqlite:${filename}`, checkpoint, groupCommit };
  }
  throw new Error(`DATABASE_URL not recognised: use sqlite:PATH or postgres://… (got "${url.split(':')[0]}:…")`);
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
