import type { FastifyInstance } from 'fastify';
import type {
  CorrectAnswersRequest,
  CorrectAnswersResponse,
  FindOrderRequest,
  FindOrderResponse,
  OrderViewResponse,
  ResendTicketsResponse,
} from '../../shared/api';
import { messageLanguage } from '../../shared/accept-language';
import { clientKeyOf } from '../../shared/node/client-key';
import { answers } from '../http/api-schemas';
import { correctAnswers } from '../orders/correct-answers';
import { findOrder } from '../orders/find-order';
import { openOrder, openOwnOrder } from '../orders/order-access';
import { orderView } from '../orders/order-view';
import { resendTickets } from '../orders/resend-tickets';
import type { PaymentsRuntime } from '../payments/runtime';
import { rateLimited } from '../plugins/security';

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const purchaseParams = { type: 'object', additionalProperties: false, required: ['purchaseId'], properties: { purchaseId: idField } } as const;
const ticketParams = { type: 'object', additionalProperties: false, required: ['purchaseId', 'ticketId'], properties: { purchaseId: idField, ticketId: idField } } as const;

/** "Find my order" requests one client may make in an hour (each address also gets at most a few e-mails: `orders/find-order.ts`). */
const FIND_ORDER_PER_CLIENT_PER_HOUR = 10;
/** Resend requests one client may make in an hour (each order also has its own cap: `orders/resend-tickets.ts`). */
const RESEND_PER_CLIENT_PER_HOUR = 10;

const FIND_ANSWER = {
  es: 'Si ese correo hizo esa compra, te enviamos un enlace a tu compra. Revisa tu bandeja de entrada.',
  en: 'If that e-mail address made that purchase, we sent it a link to the order. Check your inbox.',
} as const;

/**
 * The buyer's order page (`/{url}/order`, docs/api.md): its view, "find my order", resending the
 * tickets e-mail and correcting one ticket's attendee answers. Everything but "find my order" needs the
 * purchase's key in `X-Purchase-Key` (`orders/order-access.ts`); the id alone opens nothing. Answers are
 * never cached.
 */
export async function orderRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const { ctx } = rt;

  app.get<{ Params: { purchaseId: string }; Reply: OrderViewResponse }>(
    '/api/orders/:purchaseId',
    { schema: { params: purchaseParams, response: answers('order-view') }, config: rateLimited },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { order, ticketId } = await openOrder(ctx, request, request.params.purchaseId);
      return orderView(ctx, order, ticketId);
    },
  );

  // The same 202 and body whether or not the pair names a paid order: the answer never tells who bought.
  app.post<{ Body: FindOrderRequest; Reply: FindOrderResponse }>(
    '/api/orders/find',
    {
      schema: { body: { $ref: 'api/order-find.request#' }, response: answers('order-find', 202) },
      config: { rateLimit: { max: FIND_ORDER_PER_CLIENT_PER_HOUR, timeWindow: '1 hour', keyGenerator: (request) => `order-find|${clientKeyOf(request.ip)}` } },
    },
    async (request, reply) => {
      await findOrder(rt, request.body);
      return reply.code(202).header('cache-control', 'no-store').send({ mensaje: FIND_ANSWER[messageLanguage(request.headers['accept-language'])] });
    },
  );

  app.post<{ Params: { purchaseId: string }; Reply: ResendTicketsResponse }>(
    '/api/orders/:purchaseId/resend',
    {
      schema: { params: purchaseParams, response: answers('order-resend') },
      config: { rateLimit: { max: RESEND_PER_CLIENT_PER_HOUR, timeWindow: '1 hour', keyGenerator: (request) => `order-resend|${clientKeyOf(request.ip)}` } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resendTickets(rt, await openOwnOrder(ctx, request, request.params.purchaseId));
    },
  );

  // The body limit is the attendee form's, as at checkout (413 BODY_TOO_LARGE above it).
  app.put<{ Params: { purchaseId: string; ticketId: string }; Body: CorrectAnswersRequest; Reply: CorrectAnswersResponse }>(
    '/api/orders/:purchaseId/tickets/:ticketId/answers',
    {
      schema: { params: ticketParams, body: { $ref: 'api/order-answers.request#' }, response: answers('order-answers') },
      config: rateLimited,
      bodyLimit: ctx.config.attendeeFormMaxBytes,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await openOwnOrder(ctx, request, request.params.purchaseId);
      return correctAnswers(rt, order, request.params.ticketId, request.body.respuestas);
    },
  );
}
