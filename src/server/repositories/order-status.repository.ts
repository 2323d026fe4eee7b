import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrderStatusChangeTable, PurchaseStatus } from '../db/schema';

export type OrderStatusChangeRow = Selectable<OrderStatusChangeTable>;

/** Records a change of a purchase's status, once per purchase and new status (a repeat is ignored). */
export async function recordOrderStatusChange(db: Kysely<Database>, row: Insertable<OrderStatusChangeTable>): Promise<void> {
  await db.insertInto('order_status_changes').values(row).onConflict((oc) => oc.columns(['purchase_id', 'to_status']).doNothing()).execute();
}

/** The change that brought a purchase to `toStatus`, if it was recorded. */
export async function findOrderStatusChange(db: Kysely<Database>, purchaseId: string, toStatus: PurchaseStatus): Promise<OrderStatusChangeRow | undefined> {
  return db.selectFrom('order_status_changes').selectAll().where('purchase_id', '=', purchaseId).where('to_status', '=', toStatus).executeTakeFirst();
}
