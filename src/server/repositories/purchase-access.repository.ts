import type { Insertable, Kysely } from 'kysely';
import type { Database, PurchaseAccessKeyTable } from '../db/schema';
import { precompiled } from './precompiled';

type NewKey = Required<Insertable<PurchaseAccessKeyTable>>;
// Every purchase stores its browser key: compiled once (precompiled.ts).
const insertKey = precompiled<NewKey>(['key_hash', 'purchase_id', 'issued_to', 'created_at'], (db, p) => db.insertInto('purchase_access_keys').values(p));

/** Stores the hash of a new access key of a purchase. */
export async function insertAccessKey(db: Kysely<Database>, row: Insertable<PurchaseAccessKeyTable>): Promise<void> {
  await insertKey(db, row as NewKey);
}

/** The stored key with this hash (the browser's, or one of a tickets e-mail's), if any. */
export async function findAccessKey(db: Kysely<Database>, keyHash: string): Promise<{ purchase_id: string } | undefined> {
  return db.selectFrom('purchase_access_keys').select('purchase_id').where('key_hash', '=', keyHash).executeTakeFirst();
}
