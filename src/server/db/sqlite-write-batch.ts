import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Most works one SQLite transaction takes in, and the longest it keeps taking new ones. */
const MAX_WORKS = 64;
const MAX_OPEN_MS = 20;

interface Pending {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite's one writer. A commit is the dearest step of a short write transaction
 * (it writes every page the transaction touched to the WAL: a hold touches a dozen), so works that
 * arrive while a transaction is open run inside it, each in its own savepoint, and one commit
 * makes them all durable:
 * - a work that fails is rolled back to its savepoint alone, and its caller gets its error;
 * - nobody is answered before the commit; a failed commit fails every work of the transaction;
 * - an error after which SQLite has already rolled the whole transaction back (a full disk, a
 *   lost lock) fails the works done so far in it too, since their writes are gone with it.
 * Works run one after another, as they did each in their own transaction: nothing a work reads can
 * change under it. One per database connection (the SQLite connection of a Kysely instance).
 */
class SqliteWriteBatch {
  private readonly queue: Pending[] = [];
  private running = false;

  constructor(private readonly kysely: Kysely<Database>) {}

  run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) await this.kysely.connection().execute((conn) => this.oneTransaction(conn));
    } catch (error) {
      // The connection itself failed (closed database): nobody waiting can be served.
      for (const pending of this.queue.splice(0)) pending.reject(error);
    } finally {
      this.running = false;
    }
  }

  private async oneTransaction(conn: Kysely<Database>): Promise<void> {
    try {
      await conn.executeQuery(BEGIN_IMMEDIATE);
    } catch (error) {
      // No write lock (another process kept it past busy_timeout): the works waiting now all fail.
      for (const pending of this.queue.splice(0)) pending.reject(error);
      return;
    }
    const settled: (() => void)[] = [];
    const done: Pending[] = [];
    const opened = Date.now();
    while (this.queue.length > 0 && done.length < MAX_WORKS && Date.now() - opened < MAX_OPEN_MS) {
      const pending = this.queue.shift()!;
      done.push(pending);
      try {
        await conn.executeQuery(SAVEPOINT);
        const value = await pending.work(conn);
        await conn.executeQuery(RELEASE);
        settled.push(() => pending.resolve(value));
      } catch (error) {
        try {
          await conn.executeQuery(ROLLBACK_TO);
          await conn.executeQuery(RELEASE);
        } catch {
          // The savepoint is gone: SQLite rolled back the whole transaction on this error.
          await conn.executeQuery(ROLLBACK).catch(() => undefined);
          for (const earlier of done) earlier.reject(error);
          return;
        }
        settled.push(() => pending.reject(error));
      }
    }
    try {
      await conn.executeQuery(COMMIT);
    } catch (error) {
      await conn.executeQuery(ROLLBACK).catch(() => undefined);
      for (const pending of done) pending.reject(error);
      return;
    }
    for (const settle of settled) settle();
  }
}

// Compiled once: every write runs them.
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint work');
const RELEASE = CompiledQuery.raw('release work');
const ROLLBACK_TO = CompiledQuery.raw('rollback to work');

const batches = new WeakMap<Kysely<Database>, SqliteWriteBatch>();

/** The group-commit queue of this SQLite database (one per Kysely instance, which has one connection). */
export function writeBatchOf(kysely: Kysely<Database>): SqliteWriteBatch {
  let batch = batches.get(kysely);
  if (!batch) {
    batch = new SqliteWriteBatch(kysely);
    batches.set(kysely, batch);
  }
  return batch;
}
