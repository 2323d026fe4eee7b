import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { affectedRows, precompiled } from './precompiled';

// Every bot-checked request spends a token: compiled once (precompiled.ts).
const insertUsed = precompiled<{ id: string; expiresAt: string }>(['id', 'expiresAt'], (db, p) =>
  db.insertInto('used_tokens').values({ id: p.id, expires_at: p.expiresAt }).onConflict((oc) => oc.column('id').doNothing()));
/** Most spent tokens one trim deletes: a bounded piece of work on the request that runs it. */
const TRIM_BATCH = 200;
// The oldest expired entries first, through the expiry index; a full batch means more may be waiting.
const deleteExpired = precompiled<{ now: string; limit: number }>(['now', 'limit'], (db, p) =>
  db.deleteFrom('used_tokens').where('id', 'in', (qb) => qb.selectFrom('used_tokens').select('id').where('expires_at', '<', p.now).orderBy('expires_at').limit(p.limit)));

/** How often one database's spent tokens are trimmed while the last trim found fewer than a batch. */
const TRIM_EVERY_MS = 10_000;
const lastTrim = new WeakMap<Kysely<Database>, number>();

/**
 * Forgets spent tokens that expired (a token past its expiry is refused before this table is
 * read, so its entry is useless), at most TRIM_BATCH per call: at an on-sale thousands expire every
 * ten seconds, and deleting them in one statement stalled every request behind it for tens of
 * milliseconds (the p99 of the open-loop bench, docs/decisions/012-on-sale-holds.md). A full batch
 * lets the next request trim again; otherwise once per TRIM_EVERY_MS per database. Outside any
 * transaction (`db`, not a transaction).
 */
export async function trimSpentTokens(db: Kysely<Database>, now: string): Promise<void> {
  const at = Date.parse(now);
  const last = lastTrim.get(db);
  if (last !== undefined && at >= last && at - last < TRIM_EVERY_MS) return;
  lastTrim.set(db, at);
  if (affectedRows(await deleteExpired(db, { now, limit: TRIM_BATCH })) >= TRIM_BATCH) lastTrim.delete(db);
}

/**
 * Records a single-use token as spent. Returns false when it was spent already;
 * the primary key makes that true across processes sharing the database. Inside a
 * transaction the spend stands or falls with it.
 */
export async function spendToken(db: Kysely<Database>, id: string, expiresAt: string): Promise<boolean> {
  return affectedRows(await insertUsed(db, { id, expiresAt })) === 1;
}
