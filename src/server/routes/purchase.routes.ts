import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { clientKeyOf } from '../http/client-key';
import { rateLimited } from '../plugins/security';
import { verifyBotCheck } from '../services/bot-check.service';
import { saveAttendeeInfo } from '../services/attendee-info.service';
import { purchaseKeyRequired, requestKey } from '../services/access-keys';
import { purchaseAnswer } from '../services/purchase-access.service';
import {
  createPurchase,
  updateProducts,
  verifyDiscount,
  type ProductRequestLine,
  type TicketRequestLine,
} from '../services/purchase.service';

interface NewPurchaseBody { code?: string | null; url: string; tickets: TicketRequestLine[]; identificador?: string | null; access?: string | null; token: string }
interface VerifyDiscountBody { code: string; url: string; tickets: TicketRequestLine[]; access?: string | null }
interface UpdateProductsBody { purchase_id?: string; purchaseId?: string; productos: ProductRequestLine[] }
interface AddInfoBody { purchase_id: string; form: Record<string, unknown> }

/** The purchase routes of the checkout: create, discount, products, attendee answers, reload (README, *The API*). */
export async function purchaseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Changes to a held purchase need its access key, not just its id.
  const keyed = purchaseKeyRequired(ctx);

  app.post<{ Body: NewPurchaseBody }>(
    '/api/payments/new-purchase',
    { schema: { body: { $ref: 'api/new-purchase.request#' } }, config: rateLimited },
    async (request) => {
      await verifyBotCheck(ctx, request.body.token, 'new_purchase', request.hostname.split(':')[0]);
      return createPurchase(ctx, { ...request.body, clientKey: clientKeyOf(request.ip) });
    },
  );

  app.post<{ Body: VerifyDiscountBody }>(
    '/api/payments/verify-discount',
    { schema: { body: { $ref: 'api/verify-discount.request#' } }, config: rateLimited },
    async (request) => verifyDiscount(ctx, request.body),
  );

  app.put<{ Body: UpdateProductsBody }>(
    '/api/payments/update-productos-purchase',
    { schema: { body: { $ref: 'api/update-productos.request#' } }, config: rateLimited, preHandler: keyed },
    async (request) =>
      updateProducts(ctx, { purchase_id: (request.body.purchase_id ?? request.body.purchaseId)!, productos: request.body.productos }),
  );

  // The body limit is the per-purchase total of the answers (413 BODY_TOO_LARGE above it); each answer has its own cap in the form schema.
  app.put<{ Body: AddInfoBody }>(
    '/api/payments/add-info-purchase',
    { schema: { body: { $ref: 'api/add-info.request#' } }, config: rateLimited, bodyLimit: ctx.config.attendeeFormMaxBytes, preHandler: keyed },
    async (request) => saveAttendeeInfo(ctx, request.body.purchase_id, request.body.form),
  );

  app.get<{ Params: { purchaseId: string } }>(
    '/api/payments/purchase/:purchaseId',
    { schema: { params: { type: 'object', properties: { purchaseId: { type: 'string', maxLength: 64 } }, required: ['purchaseId'] } }, config: rateLimited },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return purchaseAnswer(ctx, request.params.purchaseId, requestKey(request));
    },
  );
}
