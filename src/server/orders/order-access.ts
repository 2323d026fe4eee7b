import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { loadOrder, type Order } from '../repositories/order.repository';
import { purchaseAccessOf, requestKey } from '../services/access-keys';
import { effectiveStatus } from '../services/purchase.service';

/** The statuses the order page shows; a held or pending purchase still has the payment pages. */
const SHOWN = new Set(['paid', 'partially_cancelled', 'cancelled', 'refunded']);

/**
 * What a request to the order page opens: the order, and the one ticket its key is limited to (a transferred
 * ticket's new holder; null for the buyer's keys, which open the whole order). The key in `X-Purchase-Key`
 * (`services/access-keys.ts`) is checked before the purchase is looked up, so the answer never tells whether an id
 * exists — 401 without a key, 403 with one that opens nothing of this purchase. A purchase not paid yet answers 409
 * `ORDER_NOT_PAID` (410 `PURCHASE_EXPIRED` once its hold ran out).
 */
export async function openOrder(ctx: AppContext, request: FastifyRequest, purchaseId: string): Promise<{ order: Order; ticketId: string | null }> {
  const key = requestKey(request);
  if (!key) throw errors.orderKeyRequired();
  const access = await purchaseAccessOf(ctx.db.kysely, purchaseId, key);
  if (!access) throw errors.orderKeyInvalid();
  const order = (await loadOrder(ctx.db.kysely, purchaseId))!;
  const status = effectiveStatus(order.purchase, ctx.now().toISOString());
  if (status === 'expired') throw errors.purchaseExpired();
  if (!SHOWN.has(status)) throw errors.orderNotPaid();
  return { order, ticketId: access.ticketId };
}

/** The order a buyer's key opens (resend, corrected answers): a ticket holder's key is refused like a wrong one (403). */
export async function openOwnOrder(ctx: AppContext, request: FastifyRequest, purchaseId: string): Promise<Order> {
  const { order, ticketId } = await openOrder(ctx, request, purchaseId);
  if (ticketId !== null) throw errors.orderKeyInvalid();
  return order;
}
