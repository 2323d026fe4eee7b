import type { Insertable, Kysely } from 'kysely';
import type { Database, PurchaseAccessKeyTable } from '../db/schema';
import { precompiled } from './precompiled';

type NewKey = Required<Omit<Insertable<PurchaseAccessKeyTable>, 'ticket_id'>>;
// Every purchase stores its browser key: compiled once (precompiled.ts).
const insertKey = precompiled<NewKey>(['key_hash', 'purchase_id', 'issued_to', 'created_at'], (db, p) => db.insertInto('purchase_access_keys').values(p));

/** Stores the hash of a new access key of a purchase (with `ticket_id`: a key that opens that one ticket only). */
export async function insertAccessKey(db: Kysely<Database>, row: Insertable<PurchaseAccessKeyTable>): Promise<void> {
  if (row.ticket_id) await db.insertInto('purchase_access_keys').values(row).execute();
  else await insertKey(db, row as NewKey);
}

/** The stored key with this hash (the browser's, one of a tickets e-mail's, a transfer recipient's), if any. */
export async function findAccessKey(db: Kysely<Database>, keyHash: string): Promise<{ purchase_id: string; ticket_id: string | null } | undefined> {
  return db.selectFrom('purchase_access_keys').select(['purchase_id', 'ticket_id']).where('key_hash', '=', keyHash).executeTakeFirst();
}
