import type { FastifyInstance } from 'fastify';
import type { CancelPurchaseRequest, CancelPurchaseResponse } from '../../shared/api';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { cancelByOrganiser } from '../orders/cancel-by-organiser';
import type { PaymentsRuntime } from '../payments/runtime';
import { limitedAs } from '../plugins/security';
import { bearerMatches } from './admin.routes';

/**
 * `POST /api/admin/purchases/{purchase_id}/cancel {refund, reason}` under the admin bearer token
 * (absent ADMIN_TOKEN → 404): the organiser calls off a paid purchase (`orders/cancel-by-organiser.ts`).
 */
export async function adminPurchaseRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const token = rt.ctx.config.adminToken;
  if (!token) return;
  app.post<{ Params: { purchaseId: string }; Body: CancelPurchaseRequest; Reply: CancelPurchaseResponse }>(
    '/api/admin/purchases/:purchaseId/cancel',
    {
      schema: {
        params: { type: 'object', properties: { purchaseId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['purchaseId'] },
        body: { $ref: 'api/admin-cancel-purchase.request#' },
        response: answers('admin-cancel-purchase'),
      },
      config: limitedAs(rt.ctx.config, 'admin'),
      preHandler: async (request) => {
        if (!bearerMatches(request, token)) throw errors.unauthorized();
      },
    },
    async (request) => {
      const answer = await cancelByOrganiser(rt, request.params.purchaseId, request.body);
      request.log.info({ purchase: answer.purchase_id, status: answer.status, refund: answer.refund }, 'purchase cancelled by the organiser');
      return answer;
    },
  );
}
