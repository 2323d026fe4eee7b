import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { openPostgres } from './postgres';
import type { Database } from './schema';
import { openSqlite } from './sqlite';
import type { BackgroundCheckpoint, CheckpointOptions } from './sqlite-checkpointer';

/** A Kysely instance plus the dialect behind it: what the two databases do differently (`dialect.ts`). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Human-readable location, for the start-up log (never includes a password). */
  describe: string;
  /** A SQLite file's background checkpointer, when asked for. */
  checkpoint?: BackgroundCheckpoint;
}

export const DEFAULT_SQLITE_PATH = 'data/checkout.sqlite';

const isPostgresUrl = (url: string) => url.startsWith('postgres://') || url.startsWith('postgresql://');

/**
 * Chooses the dialect once from DATABASE_URL: none → SQLite default file, `sqlite:PATH`, or `postgres://…`.
 * `backgroundCheckpoint` (the server): a SQLite file's WAL checkpoints run on a worker thread
 * (`sqlite-checkpointer.ts`); `true` for the defaults, or the checkpointer's options (tests).
 */
export function openDatabase(databaseUrl: string | undefined, options: { backgroundCheckpoint?: boolean | CheckpointOptions; maxConnections?: number } = {}): Db {
  const url = databaseUrl?.trim() || `sqlite:${DEFAULT_SQLITE_PATH}`;
  if (isPostgresUrl(url)) return openPostgres(url, options.maxConnections);
  if (url.startsWith('sqlite:')) {
    return openSqlite(url.slice('sqlite:'.length), options.backgroundCheckpoint === true ? {} : options.backgroundCheckpoint || undefined);
  }
  throw new Error(`DATABASE_URL not recognised: use sqlite:PATH or postgres://… (got "${url.split(':')[0]}:…")`);
}

/** The file of a SQLite DATABASE_URL (the default file when unset); undefined for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string | undefined): string | undefined {
  const url = databaseUrl?.trim() || `sqlite:${DEFAULT_SQLITE_PATH}`;
  return url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
}

/**
 * Whether this DATABASE_URL is a database several server replicas may share (PostgreSQL; a SQLite
 * file serves the processes of one machine): then what each process counts only in its own memory
 * is counted N times over.
 */
export function sharedByReplicas(databaseUrl: string | undefined): boolean {
  return isPostgresUrl(databaseUrl?.trim() ?? '');
}
