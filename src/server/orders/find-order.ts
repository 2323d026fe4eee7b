import type { FindOrderRequest } from '../../shared/api';
import { deliverMail, queueOrderLinkMail } from '../fulfilment/outbox';
import type { PaymentsRuntime } from '../payments/runtime';
import { countMailsSince } from '../repositories/mail-outbox.repository';
import { findPurchase } from '../repositories/purchase.repository';

/** Most "find my order" e-mails one address gets in an hour (more requests are answered alike and send nothing). */
export const ORDER_LINKS_PER_ADDRESS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Find my order": when the e-mail and the purchase reference name a paid order, queues an e-mail
 * to the buyer's stored address with a new link (a new key) to the order page and starts sending
 * it without waiting. The caller answers the same whatever happened here, so the answer never says
 * whether an address bought; the e-mail goes only to the address that bought.
 */
export async function findOrder(rt: PaymentsRuntime, request: FindOrderRequest): Promise<void> {
  const db = rt.ctx.db.kysely;
  const purchase = await findPurchase(db, request.purchase_id.trim());
  const stored = purchase?.buyer?.email;
  if (!purchase || purchase.status !== 'paid' || !stored || !sameAddress(stored, request.email)) return;
  const now = rt.ctx.now();
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  if ((await countMailsSince(db, { kind: 'order_link', since, recipient: stored })) >= ORDER_LINKS_PER_ADDRESS_PER_HOUR) return;
  if (!(await queueOrderLinkMail(db, purchase, now.toISOString()))) return;
  // Not awaited: the answer takes no longer for an address that bought (the outbox retries a failed send).
  deliverMail(rt, purchase.id).catch((error: unknown) => rt.log.error({ err: error, purchase: purchase.id }, 'order link e-mail not sent; it will be retried'));
}
