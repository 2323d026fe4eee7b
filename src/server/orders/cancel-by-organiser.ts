import type { CancelPurchaseRequest, CancelPurchaseResponse } from '../../shared/api';
import { deliverMail } from '../fulfilment/outbox';
import { errors } from '../http/app-error';
import { findEmissionOfPurchase, ticketIdsOfPurchase } from '../repositories/emission.repository';
import { findAttempt } from '../repositories/payment-attempt.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { settleRefund } from '../payments/refund';
import type { PaymentsRuntime } from '../payments/runtime';
import { afterTicketsRevoked } from './after-revocation';
import { callOffPaidOrder } from './cancel-order';

/**
 * The organiser cancels a paid purchase (`POST /api/admin/purchases/{id}/cancel`): through the one
 * call-off path (`cancel-order.ts`: `paid` → `cancelled`, units back on sale, tickets revoked, the
 * change recorded with the operator's reason, one e-mail), and with `refund` its paying payment is
 * given back through its provider (the attempt's refund, claimed once; `refunded` once done). A repeat,
 * however often, changes nothing and answers the purchase as it is: one refund, one e-mail.
 */
export async function cancelByOrganiser(rt: PaymentsRuntime, purchaseId: string, request: CancelPurchaseRequest): Promise<CancelPurchaseResponse> {
  const db = rt.ctx.db.kysely;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const emission = await findEmissionOfPurchase(db, purchaseId);
  if (!emission || !['paid', 'cancelled', 'refunded'].includes(purchase.status)) throw errors.purchaseNotPaid();
  const calledOff = await callOffPaidOrder(rt.ctx, purchaseId, emission.attempt_id, { toStatus: 'cancelled', reason: 'organiser', note: request.reason, refund: request.refund });
  // Committed: the tickets' passes show the cancellation (voided, INACTIVE); booked places go back on sale.
  if (calledOff) await afterTicketsRevoked(rt, purchaseId, await ticketIdsOfPurchase(db, purchaseId));
  const attempt = (await findAttempt(db, emission.attempt_id))!;
  if (attempt.refund_status === 'required') await settleRefund(rt, attempt);
  await deliverMail(rt, purchaseId);
  const [after, settled] = await Promise.all([findPurchase(db, purchaseId), findAttempt(db, emission.attempt_id)]);
  return {
    purchase_id: purchaseId,
    status: after!.status as CancelPurchaseResponse['status'],
    refund: settled!.refund_status === 'done' ? 'done' : settled!.refund_status ? 'owed' : 'none',
  };
}
