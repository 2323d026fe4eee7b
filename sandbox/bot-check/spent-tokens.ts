import type { Kysely } from 'kysely';
import type { SandboxStore } from '../store';

const TABLE = 'sandbox_recaptcha_spent_tokens';
/** Most spent tokens one trim deletes: a bounded piece of work on the request that runs it. */
const TRIM_BATCH = 200;
/** How often one database's spent tokens are trimmed while the last trim found fewer than a batch. */
const TRIM_EVERY_MS = 10_000;
const lastTrim = new WeakMap<Kysely<any>, number>();

/**
 * Forgets spent tokens that expired (an expired token is refused before this table is read), at
 * most TRIM_BATCH per call: at an on-sale thousands expire every ten seconds, and deleting them in
 * one statement stalls every request behind it. A full batch lets the next call trim again;
 * otherwise once per TRIM_EVERY_MS per database. Outside any transaction.
 */
export async function trimSpentTokens(db: Kysely<any>, now: string): Promise<void> {
  const at = Date.parse(now);
  const last = lastTrim.get(db);
  if (last !== undefined && at >= last && at - last < TRIM_EVERY_MS) return;
  lastTrim.set(db, at);
  const result = await db.deleteFrom(TABLE)
    .where('id', 'in', db.selectFrom(TABLE).select('id').where('expires_at', '<', now).orderBy('expires_at').limit(TRIM_BATCH))
    .executeTakeFirst();
  if (Number(result.numDeletedRows) >= TRIM_BATCH) lastTrim.delete(db);
}

/**
 * Records a token as spent; false when it was spent already. The primary key makes that true
 * across processes sharing the database. One statement: PostgreSQL runs it on its own; SQLite's
 * writes go through the server's write transactions (they share its connection).
 */
export async function spendToken(store: SandboxStore, id: string, expiresAt: string): Promise<boolean> {
  const insert = (db: Kysely<any>) => db.insertInto(TABLE).values({ id, expires_at: expiresAt }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  const result = store.dialect === 'postgres' ? await insert(store.kysely) : await store.writeTransaction(insert);
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
