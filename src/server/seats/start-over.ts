import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import { errors } from '../http/app-error';
import { loadOrder } from '../repositories/order.repository';
import { moveOrder } from '../orders/lifecycle';
import { releasePurchaseSeats, seatsConfigOf } from './purchase-seats';

/**
 * A seated event's buyer went back to the ticket page to choose again: the held purchase ends
 * (cancelled, its units back in stock) and its places are released at the seat provider, so
 * they show free on every map at once instead of when the hold runs out. Only a purchase still
 * `held` changes: one with a payment under way (`pending`) or paid keeps its places.
 */
export async function startOver(ctx: AppContext, purchaseId: string): Promise<boolean> {
  const order = await loadOrder(ctx.db.kysely, purchaseId);
  if (!order) throw errors.purchaseNotFound();
  if (!seatsConfigOf(order.event)) throw errors.seatsNotOffered();
  const now = ctx.now().toISOString();
  const released = await withWriteTransaction(ctx.db, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const current = (await loadOrder(trx, purchaseId))!.purchase;
    if (current.status !== 'held') return false;
    await moveOrder(trx, purchaseId, { from: ['held'], to: 'cancelled', actor: 'buyer', reason: 'started_over', now });
    return true;
  });
  // After the commit: the seat provider is called over HTTP, never inside a transaction.
  if (released) await releasePurchaseSeats(ctx, [purchaseId]);
  return released;
}
