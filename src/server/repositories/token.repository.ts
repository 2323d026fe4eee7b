import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Records a single-use token as spent. Returns false when it was spent already;
 * the primary key makes that true across processes sharing the database.
 */
export async function spendToken(db: Kysely<Database>, id: string, expiresAt: string, now: string): Promise<boolean> {
  // Old entries are useless once their token expired; trimming here keeps the table small.
  await db.deleteFrom('used_tokens').where('expires_at', '<', now).execute();
  const result = await db.insertInto('used_tokens').values({ id, expires_at: expiresAt }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
