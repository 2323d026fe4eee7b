import type { FastifyInstance } from 'fastify';
import type { CancelPurchaseRequest, CancelPurchaseResponse } from '../../shared/api';
import { answers } from '../http/api-schemas';
import { cancelByOrganiser } from '../orders/cancel-by-organiser';
import type { PaymentsRuntime } from '../payments/runtime';
import { adminAccess, assertPermission, assertPurchaseAllowed } from '../operators/admin-access';

/**
 * `POST /api/admin/purchases/{purchase_id}/cancel {refund, reason}` (permission `orders.refund`
 * with a refund, `orders.change` without; 403 for a purchase of an event outside the caller's): the organiser calls
 * off a paid purchase (`orders/cancel-by-organiser.ts`).
 */
export async function adminPurchaseRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  app.post<{ Params: { purchaseId: string }; Body: CancelPurchaseRequest; Reply: CancelPurchaseResponse }>(
    '/api/admin/purchases/:purchaseId/cancel',
    {
      schema: {
        params: { type: 'object', properties: { purchaseId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['purchaseId'] },
        body: { $ref: 'api/admin-cancel-purchase.request#' },
        response: answers('admin-cancel-purchase'),
      },
      ...adminAccess(rt.ctx, 'orders.change'),
    },
    async (request) => {
      if (request.body.refund) assertPermission(request, 'orders.refund');
      await assertPurchaseAllowed(rt.ctx, request, request.params.purchaseId);
      const answer = await cancelByOrganiser(rt, request.params.purchaseId, request.body);
      request.log.info({ purchase: answer.purchase_id, status: answer.status, refund: answer.refund }, 'purchase cancelled by the organiser');
      return answer;
    },
  );
}
