import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/cookie';
import type { AppContext } from '../context';
import { clientKeyOf } from '../../shared/node/client-key';
import { rateLimited } from '../plugins/security';
import { verifyBotCheck } from '../services/bot-check.service';
import { saveAttendeeInfo } from '../services/attendee-info.service';
import { purchaseKeyRequired, requestKey } from '../services/access-keys';
import { purchaseAnswer } from '../services/purchase-access.service';
import { createPurchase } from '../services/create-purchase.service';
import { updateProducts, verifyDiscount } from '../services/purchase.service';
import { answers } from '../http/api-schemas';
import { spendAdmission } from '../waiting-room/admission-pass';
import { BROWSER_COOKIE, browserIdOf } from '../waiting-room/signing';
import type {
  AddInfoRequest,
  AddInfoResponse,
  NewPurchaseRequest,
  NewPurchaseResponse,
  PurchaseStatusResponse,
  UpdateProductsRequest,
  UpdateProductsResponse,
  VerifyDiscountRequest,
  VerifyDiscountResponse,
} from '../../shared/api';

/** The purchase routes of the checkout: create, discount, products, attendee answers, reload (docs/api.md). */
export async function purchaseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Changes to a held purchase need its access key, not just its id.
  const keyed = purchaseKeyRequired(ctx);

  app.post<{ Body: NewPurchaseRequest; Reply: NewPurchaseResponse }>(
    '/api/payments/new-purchase',
    { schema: { body: { $ref: 'api/new-purchase.request#' }, response: answers('new-purchase') }, config: rateLimited },
    async (request) => {
      const { url, tickets, code, access, identificador, seats, turno } = request.body;
      // A waiting-room event: the browser's admission pass, spent now, given back if the purchase does not go through.
      const giveBack = await spendAdmission(ctx, url, turno, browserIdOf(ctx.config.signingSecret, request.cookies?.[BROWSER_COOKIE]));
      try {
        await verifyBotCheck(ctx, request.body.token, 'new_purchase', request);
        // The wire's `identificador` is the promoter's tag: inside it is the purchase's `referrer`.
        return await createPurchase(ctx, { url, tickets, code, access, seats, referrer: identificador, clientKey: clientKeyOf(request.ip) });
      } catch (error) {
        await giveBack?.();
        throw error;
      }
    },
  );

  app.post<{ Body: VerifyDiscountRequest; Reply: VerifyDiscountResponse }>(
    '/api/payments/verify-discount',
    { schema: { body: { $ref: 'api/verify-discount.request#' }, response: answers('verify-discount') }, config: rateLimited },
    async (request) => verifyDiscount(ctx, request.body),
  );

  app.put<{ Body: UpdateProductsRequest; Reply: UpdateProductsResponse }>(
    '/api/payments/update-productos-purchase',
    { schema: { body: { $ref: 'api/update-productos.request#' }, response: answers('update-productos') }, config: rateLimited, preHandler: keyed },
    async (request) => updateProducts(ctx, (request.body.purchase_id ?? request.body.purchaseId)!, request.body.productos),
  );

  // The body limit is the per-purchase total of the answers (413 BODY_TOO_LARGE above it); each answer has its own cap in the form schema.
  app.put<{ Body: AddInfoRequest; Reply: AddInfoResponse }>(
    '/api/payments/add-info-purchase',
    { schema: { body: { $ref: 'api/add-info.request#' }, response: answers('add-info') }, config: rateLimited, bodyLimit: ctx.config.attendeeFormMaxBytes, preHandler: keyed },
    async (request) => saveAttendeeInfo(ctx, request.body.purchase_id, request.body.form),
  );

  app.get<{ Params: { purchaseId: string }; Reply: PurchaseStatusResponse }>(
    '/api/payments/purchase/:purchaseId',
    {
      schema: { params: { type: 'object', properties: { purchaseId: { type: 'string', maxLength: 64 } }, required: ['purchaseId'] }, response: answers('purchase-status') },
      config: rateLimited,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return purchaseAnswer(ctx, request.params.purchaseId, requestKey(request));
    },
  );
}
