import type { AppContext } from '../context';
import { withStockLock } from '../db/locked-transaction';
import type { OrderChangeReason } from '../db/schema';
import { queueCancelledMail } from '../fulfilment/outbox';
import { findEmissionOfPurchase } from '../repositories/emission.repository';
import { loadOrder } from '../repositories/order.repository';
import { recordOrderStatusChange } from '../repositories/order-status.repository';
import { findPurchase, markPaidPurchaseRefunded } from '../repositories/purchase.repository';
import { moveOrderCounters } from '../repositories/stock.repository';

/**
 * Calls off a paid order whose paying payment went back to the payer in full (refunded at the
 * provider, charged back, a dispute lost), in one transaction under the event's stock lock:
 * - the purchase moves `paid` → `refunded` (compare-and-set: a repeated notice changes nothing);
 * - its units go back on sale (`sold` falls by its lines, as `stock:check` recounts only paid
 *   purchases; an event already over sells nothing more anyway);
 * - the change is recorded (`order_status_changes`: from, to, why, which payment);
 * - the buyer's "your purchase was cancelled" e-mail is queued (the outbox sends it once).
 * Its tickets stop opening with it: the PDF routes, the pass page and the passes serve only a paid
 * purchase's. Only the attempt that paid for the tickets calls them off; another payment of the same
 * purchase given back (a duplicate we refunded) leaves them. True when this call cancelled the order.
 */
export async function cancelPaidOrder(ctx: AppContext, purchaseId: string, attemptId: string, reason: OrderChangeReason): Promise<boolean> {
  const purchase = await findPurchase(ctx.db.kysely, purchaseId);
  if (purchase?.status !== 'paid') return false;
  return withStockLock(ctx.db, purchase.event_id, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const emission = await findEmissionOfPurchase(trx, purchaseId);
    if (emission?.attempt_id !== attemptId) return false;
    const order = (await loadOrder(trx, purchaseId))!;
    const now = ctx.now().toISOString();
    if (!(await markPaidPurchaseRefunded(trx, purchaseId, now))) return false;
    await moveOrderCounters(trx, order, 0, -1);
    await recordOrderStatusChange(trx, { purchase_id: purchaseId, from_status: 'paid', to_status: 'refunded', reason, attempt_id: attemptId, created_at: now });
    await queueCancelledMail(trx, order.purchase, attemptId, now);
    return true;
  });
}
