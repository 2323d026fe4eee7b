import type { Insertable, Kysely } from 'kysely';
import type { Database, OrderEventTable } from '../db/schema';

/** One line of an order's history as the buyer may see it: when, the status it reached (none for an event), why. */
export interface HistoryRow {
  created_at: string;
  status: string | null;
  reason: string;
}

/** Adds an event that is not a status change (a ticket's answers corrected, a ticket transferred) to an order's history. */
export async function recordOrderEvent(db: Kysely<Database>, row: Insertable<OrderEventTable>): Promise<void> {
  await db.insertInto('order_events').values(row).execute();
}

/**
 * An order's history, oldest first: its status changes (`order_status_changes`) and its other
 * events (`order_events`) merged by time. Only what the buyer may read: never the operator's
 * note, the payment attempt behind a move or any id.
 */
export async function orderHistory(db: Kysely<Database>, purchaseId: string): Promise<HistoryRow[]> {
  const moves = await db
    .selectFrom('order_status_changes')
    .select(['created_at', 'to_status as status', 'reason'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('id')
    .execute();
  const events = await db.selectFrom('order_events').select(['created_at', 'reason']).where('purchase_id', '=', purchaseId).orderBy('id').execute();
  const merged: HistoryRow[] = [...moves, ...events.map((e) => ({ created_at: e.created_at, status: null, reason: e.reason }))];
  // A stable sort: rows of one table keep their order when their times are equal.
  return merged.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
