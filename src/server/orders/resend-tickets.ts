import type { ResendTicketsResponse } from '../../shared/api';
import { withWriteTransaction } from '../db/locked-transaction';
import { deliverMail, queueTicketsResend, ticketsMailKey } from '../fulfilment/outbox';
import { errors } from '../http/app-error';
import type { PaymentsRuntime } from '../payments/runtime';
import type { OperatorActor } from '../db/schema';
import { countMailsSince } from '../repositories/mail-outbox.repository';
import { recordOrderEvent } from '../repositories/order-history.repository';
import type { Order } from '../repositories/order.repository';

/** Most resends of one order's tickets e-mail in an hour (the first e-mail, at payment, does not count). */
export const RESENDS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/**
 * The order page's "Resend": the tickets e-mail again, to the buyer's stored address only, through
 * the outbox under a new dedupe key. Counted per order under the purchase's row lock, so two
 * requests at once cannot both take the last one; beyond the cap 429 `ORDER_RESEND_LIMIT`.
 * An operator's resend (`operator`, to the same address) is not capped here (the admin API's rate
 * limit bounds it) and is recorded in the order's history with the operator as its actor.
 */
export async function resendTickets(rt: PaymentsRuntime, order: Order, operator: OperatorActor | null = null): Promise<ResendTicketsResponse> {
  const { purchase } = order;
  if (purchase.status !== 'paid' || !purchase.buyer?.email) throw errors.orderNotPaid();
  const now = rt.ctx.now();
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const sent = await withWriteTransaction(rt.ctx.db, async (trx) => {
    await rt.ctx.db.dialect.lockPurchase(trx, purchase.id);
    const count = await countMailsSince(trx, { kind: 'tickets', since, purchaseId: purchase.id, exceptKey: ticketsMailKey(purchase.id) });
    if (operator === null && count >= RESENDS_PER_HOUR) throw errors.orderResendLimit(RESENDS_PER_HOUR);
    await queueTicketsResend(trx, purchase, now.toISOString());
    if (operator !== null) {
      await recordOrderEvent(trx, { purchase_id: purchase.id, ticket_id: null, event_id: purchase.event_id, actor: operator, reason: 'tickets_resent', note: null, created_at: now.toISOString() });
    }
    return count + 1;
  });
  // The PDF is drawn and sent after the answer; a failed send is retried by the outbox.
  deliverMail(rt, purchase.id).catch((error: unknown) => rt.log.error({ err: error, purchase: purchase.id }, 'tickets e-mail resend not sent; it will be retried'));
  return { restantes: Math.max(0, RESENDS_PER_HOUR - sent) };
}
