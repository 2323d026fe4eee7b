import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { loadOrder, type Order } from '../repositories/order.repository';
import { hasPurchaseAccess, requestKey } from '../services/access-keys';
import { effectiveStatus } from '../services/purchase.service';

/** The statuses the order page shows; a held or pending purchase still has the payment pages. */
const SHOWN = new Set(['paid', 'cancelled', 'refunded']);

/**
 * The order a request to the order page may open: the purchase's key in `X-Purchase-Key`
 * (`services/access-keys.ts`), checked before the purchase is looked up so the answer never tells
 * whether an id exists — 401 without a key, 403 with one that does not open this purchase. A
 * purchase not paid yet answers 409 `ORDER_NOT_PAID` (410 `PURCHASE_EXPIRED` once its hold ran out).
 */
export async function openOwnOrder(ctx: AppContext, request: FastifyRequest, purchaseId: string): Promise<Order> {
  const key = requestKey(request);
  if (!key) throw errors.orderKeyRequired();
  if (!(await hasPurchaseAccess(ctx.db.kysely, purchaseId, key))) throw errors.orderKeyInvalid();
  const order = (await loadOrder(ctx.db.kysely, purchaseId))!;
  const status = effectiveStatus(order.purchase, ctx.now().toISOString());
  if (status === 'expired') throw errors.purchaseExpired();
  if (!SHOWN.has(status)) throw errors.orderNotPaid();
  return order;
}
