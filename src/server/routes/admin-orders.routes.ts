import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  AdminCancelOrderRequest, AdminCancelOrderResponse, AdminOrderResponse, AdminOrderSearchQuery, AdminOrderSearchResponse, AdminResendResponse,
  CorrectAnswersRequest, CorrectAnswersResponse,
} from '../../shared/api';
import type { OperatorActor } from '../db/schema';
import { answers } from '../http/api-schemas';
import { adminAccess, adminActorOf, allowedEventUrls, assertEventAllowed, assertPermission } from '../operators/admin-access';
import { cancelTicketsByOrganiser } from '../orders/cancel-by-organiser';
import { correctAnswers } from '../orders/correct-answers';
import { operatorOrder, operatorOrderView } from '../orders/operator-order';
import { searchOrders } from '../orders/order-search';
import { resendTickets } from '../orders/resend-tickets';
import type { PaymentsRuntime } from '../payments/runtime';

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const purchaseParams = { type: 'object', additionalProperties: false, required: ['purchaseId'], properties: { purchaseId: idField } } as const;
const ticketParams = { type: 'object', additionalProperties: false, required: ['purchaseId', 'ticketId'], properties: { purchaseId: idField, ticketId: idField } } as const;
const searchQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 200 },
    event: { type: 'string', minLength: 1, maxLength: 200 },
    status: { type: 'string', enum: ['held', 'pending', 'paid', 'partially_cancelled', 'expired', 'cancelled', 'refunded'] },
    method: { type: 'string', enum: ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe', 'free'] },
    ticket_type: { type: 'string', pattern: '^[0-9]{1,9}$' },
    from: { type: 'string', minLength: 10, maxLength: 40 },
    to: { type: 'string', minLength: 10, maxLength: 40 },
    cursor: { type: 'string', minLength: 1, maxLength: 400 },
    limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  },
} as const;

/** Who the order's history names for an admin request: the automation token, or the signed-in operator by id. */
function actorOf(request: FastifyRequest): OperatorActor {
  const actor = adminActorOf(request);
  return actor.kind === 'token' ? 'token' : `operator:${actor.operatorId}`;
}

/**
 * The operators' orders (docs/api.md, "Orders for operators" in docs/operators.md): search, one order with its
 * timeline, and the actions, each through the order module (`orders/`) with the operator as the history's actor.
 * Every route goes through `adminAccess` with its permission (admin rate-limit bucket; 401 without credentials) and
 * is limited to the caller's events (a search filters by them; one order outside them is 403 `ADMIN_FORBIDDEN`).
 * Answers are never cached.
 */
export async function adminOrderRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const { ctx } = rt;
  /** The order of the route's id, once the caller may reach its event. */
  async function orderFor(request: FastifyRequest<{ Params: { purchaseId: string } }>) {
    const order = await operatorOrder(ctx, request.params.purchaseId);
    assertEventAllowed(request, order.event.url);
    return order;
  }

  app.get<{ Querystring: AdminOrderSearchQuery; Reply: AdminOrderSearchResponse }>(
    '/api/admin/orders',
    { schema: { querystring: searchQuery, response: answers('admin-orders') }, ...adminAccess(ctx, 'orders.read') },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return searchOrders(ctx, request.query, allowedEventUrls(request));
    },
  );

  app.get<{ Params: { purchaseId: string }; Reply: AdminOrderResponse }>(
    '/api/admin/orders/:purchaseId',
    { schema: { params: purchaseParams, response: answers('admin-order') }, ...adminAccess(ctx, 'orders.read') },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return operatorOrderView(ctx, await orderFor(request));
    },
  );

  app.post<{ Params: { purchaseId: string }; Reply: AdminResendResponse }>(
    '/api/admin/orders/:purchaseId/resend',
    { schema: { params: purchaseParams, response: answers('admin-order-resend') }, ...adminAccess(ctx, 'orders.change') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await orderFor(request);
      await resendTickets(rt, order, actorOf(request));
      request.log.info({ purchase: order.purchase.id }, 'tickets e-mail resent by an operator');
      return { purchase_id: order.purchase.id, recipient: order.purchase.buyer!.email };
    },
  );

  // The body limit is the attendee form's, as on the buyer's page.
  app.put<{ Params: { purchaseId: string; ticketId: string }; Body: CorrectAnswersRequest; Reply: CorrectAnswersResponse }>(
    '/api/admin/orders/:purchaseId/tickets/:ticketId/answers',
    {
      schema: { params: ticketParams, body: { $ref: 'api/order-answers.request#' }, response: answers('order-answers') },
      bodyLimit: ctx.config.attendeeFormMaxBytes,
      ...adminAccess(ctx, 'orders.change'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return correctAnswers(rt, await orderFor(request), request.params.ticketId, request.body.respuestas, actorOf(request));
    },
  );

  // Cancelling without a refund is `orders.change`; with one, `orders.refund` as well.
  app.post<{ Params: { purchaseId: string }; Body: AdminCancelOrderRequest; Reply: AdminCancelOrderResponse }>(
    '/api/admin/orders/:purchaseId/cancel',
    {
      schema: { params: purchaseParams, body: { $ref: 'api/admin-order-cancel.request#' }, response: answers('admin-order-cancel') },
      ...adminAccess(ctx, 'orders.change'),
    },
    async (request, reply) => {
      if (request.body.refund !== 'none') assertPermission(request, 'orders.refund');
      reply.header('cache-control', 'no-store');
      const order = await orderFor(request);
      const answer = await cancelTicketsByOrganiser(rt, order.purchase.id, request.body, actorOf(request));
      request.log.info({ purchase: answer.purchase_id, status: answer.status, tickets: answer.ticket_ids.length, refund: answer.refund_status }, 'order cancelled by the organiser');
      return answer;
    },
  );
}
