import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PurchaseLineTable, PurchaseTable } from '../db/schema';

export type PurchaseRow = Selectable<PurchaseTable>;
export type PurchaseLineRow = Selectable<PurchaseLineTable>;

/** Stores a new purchase row. */
export async function insertPurchase(db: Kysely<Database>, row: Insertable<PurchaseTable>): Promise<void> {
  await db.insertInto('purchases').values(row).execute();
}

/** Stores the lines of a purchase (no-op for an empty list). */
export async function insertLines(db: Kysely<Database>, lines: Insertable<PurchaseLineTable>[]): Promise<void> {
  if (lines.length > 0) await db.insertInto('purchase_lines').values(lines).execute();
}

/** The purchase with this id, or undefined. */
export async function findPurchase(db: Kysely<Database>, id: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Lines of a purchase, tickets first, in insertion order. */
export async function listLines(db: Kysely<Database>, purchaseId: string): Promise<PurchaseLineRow[]> {
  return db.selectFrom('purchase_lines').selectAll().where('purchase_id', '=', purchaseId).orderBy('kind', 'desc').orderBy('id').execute();
}

/** Removes the lines of one kind (products are replaced wholesale on every update). */
export async function deleteLines(db: Kysely<Database>, purchaseId: string, kind: 'ticket' | 'product'): Promise<void> {
  await db.deleteFrom('purchase_lines').where('purchase_id', '=', purchaseId).where('kind', '=', kind).execute();
}

/** Applies `patch` to a purchase. */
export async function updatePurchase(db: Kysely<Database>, id: string, patch: Updateable<PurchaseTable>): Promise<void> {
  await db.updateTable('purchases').set(patch).where('id', '=', id).execute();
}
