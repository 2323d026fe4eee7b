import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  WebhookDeliveryListResponse, WebhookDeliveryResponse, WebhookEndpointCreateRequest, WebhookEndpointListResponse, WebhookEndpointResponse,
  WebhookEndpointSecretResponse, WebhookEndpointUpdateRequest,
} from '../../shared/api';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { adminAccess, allowedEventUrls, assertEventAllowed } from '../operators/admin-access';
import { findEventByUrl } from '../repositories/event.repository';
import { deleteWebhookEndpoint, eventUrlsOf, findWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, type WebhookEndpointRow } from '../repositories/webhook.repository';
import { createEndpoint, deliveryViews, endpointViews, rotateEndpointSecret, updateEndpoint } from '../webhooks/endpoints';
import { resendDelivery, sendTestMessage } from '../webhooks/operator-sends';

const idParam = { type: 'string', minLength: 1, maxLength: 100 };
const endpointParams = { type: 'object', properties: { id: idParam }, required: ['id'] };
const deliveryParams = { type: 'object', properties: { id: idParam, delivery: idParam }, required: ['id', 'delivery'] };
const pageQuery = {
  type: 'object', additionalProperties: false,
  properties: { limit: { type: 'string', pattern: '^[0-9]{1,3}$' }, cursor: { type: 'string', maxLength: 200 } },
};
/** Deliveries per page unless `limit` says fewer (at most 100). */
const PAGE = 25;

/** Refuses an event (or, for `null`, the whole account) outside the caller's events. */
function assertScopeAllowed(request: FastifyRequest, eventUrl: string | null): void {
  if (eventUrl === null) {
    if (allowedEventUrls(request) !== null) throw errors.adminForbidden();
  } else assertEventAllowed(request, eventUrl);
}

/** A page's cursor: the last delivery it showed. */
const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
function decodeCursor(cursor: string | undefined): { created_at: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') return { created_at: createdAt, id };
  } catch {
    // an unreadable cursor starts from the newest
  }
  return undefined;
}

/**
 * The outbound webhooks' admin API (permission `webhooks`): endpoints (list, create, change, delete, rotate the
 * secret), an endpoint's delivery log (paged, newest first, with attempts), resend, and a test message. An endpoint
 * of an event is reached only by callers allowed that event; one of the whole account only by callers of every event.
 */
export async function adminWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const db = ctx.db.kysely;
  const access = adminAccess(ctx, 'webhooks');

  /** The endpoint of the route's `id`, if the caller may reach it (404 otherwise, 403 outside their events). */
  async function endpointOf(request: FastifyRequest<{ Params: { id: string } }>): Promise<WebhookEndpointRow> {
    const endpoint = await findWebhookEndpoint(db, request.params.id);
    if (!endpoint) throw errors.webhookEndpointNotFound();
    const url = endpoint.event_id === null ? null : ((await eventUrlsOf(db, [endpoint.event_id])).get(endpoint.event_id) ?? null);
    assertScopeAllowed(request, url);
    return endpoint;
  }
  const oneView = async (endpoint: WebhookEndpointRow) => (await endpointViews(db, [endpoint]))[0];

  app.get<{ Reply: WebhookEndpointListResponse }>('/api/admin/webhooks/endpoints', { ...access, schema: { response: answers('admin-webhook-endpoints') } }, async (request) => {
    const urls = allowedEventUrls(request);
    const eventIds = urls === null ? null : (await Promise.all(urls.map((url) => findEventByUrl(db, url)))).flatMap((event) => (event ? [event.id] : []));
    return { endpoints: await endpointViews(db, await listWebhookEndpoints(db, { eventIds, accountWide: urls === null })) };
  });

  app.post<{ Body: WebhookEndpointCreateRequest; Reply: WebhookEndpointSecretResponse }>(
    '/api/admin/webhooks/endpoints',
    { ...access, schema: { body: { $ref: 'api/admin-webhook-endpoint.request#' }, response: answers('admin-webhook-secret', 201) } },
    async (request, reply) => {
      assertScopeAllowed(request, request.body.event_url);
      const { endpoint, secret } = await createEndpoint(ctx, request.body);
      request.log.info({ webhookEndpoint: endpoint.id }, 'webhook endpoint created');
      return reply.code(201).send({ endpoint: await oneView(endpoint), secret });
    },
  );

  app.patch<{ Params: { id: string }; Body: WebhookEndpointUpdateRequest; Reply: WebhookEndpointResponse }>(
    '/api/admin/webhooks/endpoints/:id',
    { ...access, schema: { params: endpointParams, body: { $ref: 'api/admin-webhook-endpoint-update.request#' }, response: answers('admin-webhook-endpoint') } },
    async (request) => ({ endpoint: await oneView(await updateEndpoint(ctx, await endpointOf(request), request.body)) }),
  );

  app.delete<{ Params: { id: string } }>('/api/admin/webhooks/endpoints/:id', { ...access, schema: { params: endpointParams } }, async (request, reply) => {
    const endpoint = await endpointOf(request);
    await withWriteTransaction(ctx.db, (trx) => deleteWebhookEndpoint(trx, endpoint.id));
    request.log.info({ webhookEndpoint: endpoint.id }, 'webhook endpoint deleted');
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Reply: WebhookEndpointSecretResponse }>(
    '/api/admin/webhooks/endpoints/:id/rotate-secret',
    { ...access, schema: { params: endpointParams, response: answers('admin-webhook-secret') } },
    async (request) => {
      const { endpoint, secret } = await rotateEndpointSecret(ctx, await endpointOf(request));
      request.log.info({ webhookEndpoint: endpoint.id }, 'webhook endpoint secret rotated');
      return { endpoint: await oneView(endpoint), secret };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit?: string; cursor?: string }; Reply: WebhookDeliveryListResponse }>(
    '/api/admin/webhooks/endpoints/:id/deliveries',
    { ...access, schema: { params: endpointParams, querystring: pageQuery, response: answers('admin-webhook-deliveries') } },
    async (request) => {
      const endpoint = await endpointOf(request);
      const limit = Math.min(Math.max(Number(request.query.limit ?? PAGE), 1), 100);
      const rows = await listWebhookDeliveries(db, endpoint.id, limit + 1, decodeCursor(request.query.cursor));
      const page = rows.slice(0, limit);
      return { deliveries: await deliveryViews(db, page), next_cursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
    },
  );

  app.post<{ Params: { id: string; delivery: string }; Reply: WebhookDeliveryResponse }>(
    '/api/admin/webhooks/endpoints/:id/deliveries/:delivery/resend',
    { ...access, schema: { params: deliveryParams, response: answers('admin-webhook-delivery') } },
    async (request) => {
      const delivery = await resendDelivery(ctx, await endpointOf(request), request.params.delivery);
      return { delivery: (await deliveryViews(db, [delivery]))[0] };
    },
  );

  app.post<{ Params: { id: string }; Reply: WebhookDeliveryResponse }>(
    '/api/admin/webhooks/endpoints/:id/test',
    { ...access, schema: { params: endpointParams, response: answers('admin-webhook-delivery') } },
    async (request) => {
      const delivery = await sendTestMessage(ctx, await endpointOf(request));
      return { delivery: (await deliveryViews(db, [delivery]))[0] };
    },
  );
}
