import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrderStatusChangeTable } from '../db/schema';

export type OrderStatusChangeRow = Selectable<OrderStatusChangeTable>;

/** Adds a change of a purchase's status to its history (`orders/lifecycle.ts` writes it with the change). */
export async function recordOrderStatusChange(db: Kysely<Database>, row: Insertable<OrderStatusChangeTable>): Promise<void> {
  await db.insertInto('order_status_changes').values(row).execute();
}

/** The change that called a paid purchase off (its move out of `paid` or a partial cancellation, not the buyer's own), if there was one. */
export async function findCallOff(db: Kysely<Database>, purchaseId: string): Promise<OrderStatusChangeRow | undefined> {
  return db.selectFrom('order_status_changes').selectAll().where('purchase_id', '=', purchaseId).where('from_status', 'in', ['paid', 'partially_cancelled']).where('reason', '!=', 'buyer').orderBy('id').executeTakeFirst();
}
