import type { AppContext } from '../context';
import { withStockLock } from '../db/locked-transaction';
import type { OrderActor, OrderChangeReason } from '../db/schema';
import { queueCancelledMail } from '../fulfilment/outbox';
import { findEmissionOfPurchase } from '../repositories/emission.repository';
import { loadOrder } from '../repositories/order.repository';
import { requireRefund } from '../repositories/payment-attempt.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { revokeTicketsOfPurchase } from '../repositories/ticket-revocation.repository';
import { moveOrder } from './lifecycle';
import { TICKETS_LIVE, ticketsLive } from './statuses';

/** The refund reason of a payment the organiser gives back with the cancellation (its e-mail is the cancellation's). */
export const ORGANISER_REFUND = 'organiser';

/** How a paid order is called off: the status it ends in, why, who (the operator; else by the reason), the operator's words, and whether its payment is to be given back. */
export interface CallOff {
  toStatus: 'refunded' | 'cancelled';
  reason: OrderChangeReason;
  actor?: OrderActor;
  note?: string | null;
  refund?: boolean;
}

/**
 * Calls off a paid order, in one transaction under the event's stock lock:
 * - the purchase moves `paid` → `toStatus` through `moveOrder` (a repeated call, finding it moved, changes nothing):
 *   its units go back on sale (`sold` falls by its lines, as `stock:check` recounts only paid
 *   purchases; an event already over sells nothing more anyway) and the change is recorded in its
 *   history (who: the organiser, or the provider that gave the payment back; why; which payment; the operator's note);
 * - its tickets are revoked (`ticket_revocations`, what door scanners sync);
 * - with `refund`, the paying attempt's refund is owed (settled after the commit, or by the retry loop);
 * - the buyer's "your purchase was cancelled" e-mail is queued (the outbox sends it once).
 * Its tickets stop opening with it: the PDF routes, the pass page and the passes serve only a paid
 * purchase's. Only the attempt that paid for the tickets calls them off. True when this call did.
 */
export async function callOffPaidOrder(ctx: AppContext, purchaseId: string, attemptId: string, change: CallOff): Promise<boolean> {
  const purchase = await findPurchase(ctx.db.kysely, purchaseId);
  if (!purchase || !ticketsLive(purchase.status)) return false;
  return withStockLock(ctx.db, purchase.event_id, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const emission = await findEmissionOfPurchase(trx, purchaseId);
    if (emission?.attempt_id !== attemptId) return false;
    const order = (await loadOrder(trx, purchaseId))!;
    if (!ticketsLive(order.purchase.status)) return false;
    const now = ctx.now().toISOString();
    const actor = change.actor ?? (change.reason === 'organiser' ? 'organiser' : 'provider');
    await moveOrder(trx, purchaseId, { from: TICKETS_LIVE, to: change.toStatus, actor, reason: change.reason, attemptId, note: change.note ?? null, now });
    await revokeTicketsOfPurchase(trx, purchaseId, change.reason, now);
    if (change.refund) await requireRefund(trx, attemptId, ORGANISER_REFUND, now);
    await queueCancelledMail(trx, order.purchase, attemptId, now);
    return true;
  });
}

/**
 * Calls off a paid order whose paying payment went back to the payer in full (refunded at the
 * provider, charged back, a dispute lost): it ends `refunded`. Another payment of the same
 * purchase given back (a duplicate we refunded) leaves it. True when this call cancelled the order.
 */
export function cancelPaidOrder(ctx: AppContext, purchaseId: string, attemptId: string, reason: OrderChangeReason): Promise<boolean> {
  return callOffPaidOrder(ctx, purchaseId, attemptId, { toStatus: 'refunded', reason });
}
