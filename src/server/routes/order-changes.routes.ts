import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CancelOrderRequest, CancelOrderResponse, ConfirmPayoutResponse, TransferTicketRequest, TransferTicketResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { cancelByBuyer } from '../orders/cancel-by-buyer';
import { transferTicket } from '../orders/transfer-ticket';
import type { PaymentsRuntime } from '../payments/runtime';
import { rateLimited } from '../plugins/security';
import { confirmPayout, findPayout } from '../repositories/order-changes.repository';
import { purchaseAccessOf, requestKey } from '../services/access-keys';
import { adminAccess, assertPurchaseAllowed } from '../operators/admin-access';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * A buyer's changes to a paid order, each opened by an access key in `X-Purchase-Key` (a missing or wrong one
 * answers like an unknown purchase, 404):
 * - `POST /api/orders/{purchase_id}/tickets/{ticket_id}/transfer`: the purchase's key (the buyer), or the ticket's
 *   own key (its holder after a transfer) — `orders/transfer-ticket.ts`;
 * - `POST /api/orders/{purchase_id}/cancel`: the purchase's key only — `orders/cancel-by-buyer.ts`;
 * - `POST /api/admin/payouts/{id}/confirm` (permission `orders.refund`, the payout's order of one of the caller's events): an operator made a CLABE payout.
 */
export async function orderChangeRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const db = rt.ctx.db.kysely;
  async function access(request: FastifyRequest, purchaseId: string) {
    const found = await purchaseAccessOf(db, purchaseId, requestKey(request));
    if (!found) throw errors.purchaseNotFound();
    return found;
  }

  app.post<{ Params: { purchaseId: string; ticketId: string }; Body: TransferTicketRequest; Reply: TransferTicketResponse }>(
    '/api/orders/:purchaseId/tickets/:ticketId/transfer',
    {
      schema: {
        params: { type: 'object', properties: { purchaseId: id, ticketId: id }, required: ['purchaseId', 'ticketId'] },
        body: { $ref: 'api/order-transfer.request#' },
        response: answers('order-transfer'),
      },
      config: rateLimited,
    },
    async (request) => {
      const { purchaseId, ticketId } = request.params;
      const answer = await transferTicket(rt, purchaseId, ticketId, await access(request, purchaseId), request.body);
      request.log.info({ purchase: purchaseId, from: ticketId, to: answer.ticket_id }, 'ticket transferred');
      return answer;
    },
  );

  app.post<{ Params: { purchaseId: string }; Body: CancelOrderRequest; Reply: CancelOrderResponse }>(
    '/api/orders/:purchaseId/cancel',
    {
      schema: {
        params: { type: 'object', properties: { purchaseId: id }, required: ['purchaseId'] },
        body: { $ref: 'api/order-cancel.request#' },
        response: answers('order-cancel'),
      },
      config: rateLimited,
    },
    async (request) => {
      const { purchaseId } = request.params;
      // A transfer recipient's key opens their ticket only: the buyer's payment is not theirs to take back.
      if ((await access(request, purchaseId)).ticketId !== null) throw errors.purchaseNotFound();
      const answer = await cancelByBuyer(rt, purchaseId, request.body ?? {});
      request.log.info({ purchase: purchaseId, cancellation: answer.cancellation_id, status: answer.status, refund: answer.refund_status }, 'order cancelled by its buyer');
      return answer;
    },
  );

  app.post<{ Params: { payoutId: string }; Reply: ConfirmPayoutResponse }>(
    '/api/admin/payouts/:payoutId/confirm',
    {
      schema: { params: { type: 'object', properties: { payoutId: id }, required: ['payoutId'] }, response: answers('admin-payout-confirm') },
      ...adminAccess(rt.ctx, 'orders.refund'),
    },
    async (request) => {
      const { payoutId } = request.params;
      const queued = await findPayout(db, payoutId);
      if (!queued) throw errors.payoutNotFound();
      await assertPurchaseAllowed(rt.ctx, request, queued.purchase_id);
      // A repeat confirms nothing more: the payout keeps its first confirmation.
      await confirmPayout(db, payoutId, 'admin', rt.ctx.now().toISOString());
      const payout = (await findPayout(db, payoutId))!;
      request.log.info({ payout: payoutId, purchase: payout.purchase_id }, 'payout confirmed');
      return { payout_id: payout.id, purchase_id: payout.purchase_id, amount: centsToPesos(payout.amount_cents), status: 'paid', confirmed_at: payout.confirmed_at! };
    },
  );
}
