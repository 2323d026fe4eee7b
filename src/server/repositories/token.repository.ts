import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { affectedRows, precompiled } from './precompiled';

// Every bot-checked request spends a token: compiled once (precompiled.ts).
const insertUsed = precompiled<{ id: string; expiresAt: string }>(['id', 'expiresAt'], (db, p) =>
  db.insertInto('used_tokens').values({ id: p.id, expires_at: p.expiresAt }).onConflict((oc) => oc.column('id').doNothing()));
const deleteExpired = precompiled<{ now: string }>(['now'], (db, p) => db.deleteFrom('used_tokens').where('expires_at', '<', p.now));

/** How often one database's spent tokens are trimmed. */
const TRIM_EVERY_MS = 10_000;
const lastTrim = new WeakMap<Kysely<Database>, number>();

/**
 * Forgets spent tokens that expired (a token past its expiry is refused before this table is
 * read, so its entry is useless). Once per TRIM_EVERY_MS per database keeps the table small;
 * the requests in between skip a write. Outside any transaction (`db`, not a transaction).
 */
export async function trimSpentTokens(db: Kysely<Database>, now: string): Promise<void> {
  const at = Date.parse(now);
  const last = lastTrim.get(db);
  if (last !== undefined && at >= last && at - last < TRIM_EVERY_MS) return;
  lastTrim.set(db, at);
  await deleteExpired(db, { now });
}

/**
 * Records a single-use token as spent. Returns false when it was spent already;
 * the primary key makes that true across processes sharing the database. Inside a
 * transaction the spend stands or falls with it.
 */
export async function spendToken(db: Kysely<Database>, id: string, expiresAt: string): Promise<boolean> {
  return affectedRows(await insertUsed(db, { id, expiresAt })) === 1;
}
