import { setImmediate } from 'node:timers';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Most transactions one commit carries: a burst waits at most this many members' work for its answer. */
export const MAX_GROUP = 64;

interface Member {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * SQLite group commit. A SQLite commit costs a write of every page the transaction touched
 * (a purchase touches about eighteen: a leaf of each table and index it writes, the stock row,
 * the file's header), and that write was most of a purchase's database time, more than all its
 * statements together (docs/decisions/012-on-sale-holds.md, eighth pass). Write transactions
 * that start in the same turn of the event loop therefore share one `BEGIN IMMEDIATE … COMMIT`:
 * the pages they share are written once.
 *
 * What each caller sees does not change:
 * - its work runs alone on the connection, after the work of the members before it, inside its own
 *   savepoint: when it throws, only its own writes are undone and only it gets the error;
 * - its promise settles only after the commit, so nothing is answered that is not stored (a
 *   failed commit, or an error that ends the whole transaction, fails every member still waiting);
 * - no other query runs while the group holds the connection, so nothing reads uncommitted rows.
 *
 * A group starts on the next turn's check phase (`setImmediate`), so every request the server
 * reads in one turn joins it; a lone transaction waits no more than that turn.
 */
export class GroupCommit {
  #open: Member[] | undefined;

  /** `inTransaction`: whether the connection is still inside the group's transaction (better-sqlite3's `inTransaction`). */
  constructor(private readonly kysely: Kysely<Database>, private readonly inTransaction: () => boolean) {}

  run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let members = this.#open;
      if (!members || members.length >= MAX_GROUP) {
        const group: Member[] = [];
        members = this.#open = group;
        setImmediate(() => void this.#commit(group));
      }
      members.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  async #commit(members: Member[]): Promise<void> {
    const stored: { member: Member; value: unknown }[] = [];
    try {
      await this.kysely.connection().execute(async (conn) => {
        try {
          await conn.executeQuery(BEGIN_IMMEDIATE);
          // `members` may grow while this runs: a refused member's caller that tries again joins.
          for (const member of members) {
            await conn.executeQuery(SAVEPOINT);
            let value: unknown;
            try {
              value = await member.work(conn);
            } catch (error) {
              // An error that ended the whole transaction (a full disk, an I/O error) took the
              // members before this one with it: it fails them all, below.
              if (!this.inTransaction()) throw error;
              await conn.executeQuery(ROLLBACK_TO);
              await conn.executeQuery(RELEASE);
              member.reject(error);
              continue;
            }
            await conn.executeQuery(RELEASE);
            stored.push({ member, value });
          }
          // No member joins from here on: a later transaction starts a group of its own.
          this.#close(members);
          await conn.executeQuery(COMMIT);
        } catch (error) {
          this.#close(members);
          if (this.inTransaction()) await conn.executeQuery(ROLLBACK);
          throw error;
        }
      });
    } catch (error) {
      // BEGIN, a savepoint or COMMIT failed: no member's writes are stored. A member refused
      // already keeps its own error (a settled promise ignores a second reject).
      for (const member of members) member.reject(error);
      return;
    }
    for (const { member, value } of stored) member.resolve(value);
  }

  #close(members: Member[]): void {
    if (this.#open === members) this.#open = undefined;
  }
}

// Compiled once: every write transaction runs them.
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint member');
const RELEASE = CompiledQuery.raw('release member');
const ROLLBACK_TO = CompiledQuery.raw('rollback to member');
