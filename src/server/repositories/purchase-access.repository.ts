import type { Insertable, Kysely } from 'kysely';
import type { Database, PurchaseAccessKeyTable } from '../db/schema';

/** Stores the hash of a new access key of a purchase. */
export async function insertAccessKey(db: Kysely<Database>, row: Insertable<PurchaseAccessKeyTable>): Promise<void> {
  await db.insertInto('purchase_access_keys').values(row).execute();
}

/** The key hashes that open a purchase (the browser's and one per tickets e-mail). */
export async function accessKeyHashes(db: Kysely<Database>, purchaseId: string): Promise<string[]> {
  const rows = await db.selectFrom('purchase_access_keys').select('key_hash').where('purchase_id', '=', purchaseId).execute();
  return rows.map((row) => row.key_hash);
}
