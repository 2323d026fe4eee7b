import type { FastifyInstance } from 'fastify';
import type { DashboardGranularity, DashboardResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { dashboardFigures } from '../dashboard/figures';
import { createDashboardHub } from '../dashboard/live';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { adminAccess, assertEventAllowed } from '../operators/admin-access';

/** A comment line on an idle stream, so proxies and the browser keep it open. */
const HEARTBEAT_MS = 25_000;

/**
 * An event's sales dashboard (permission `events.read`):
 * - `GET /api/admin/events/{url}/dashboard?granularity=hour|day`: the figures now;
 * - `GET /api/admin/events/{url}/dashboard/stream`: the same as server-sent events (`event: snapshot`), one at
 *   once and one whenever a figure changes (polled every `DASHBOARD_REFRESH_SECONDS` while anyone watches).
 */
export async function adminDashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const access = adminAccess(ctx, 'events.read');
  const params = { type: 'object', properties: { url: { type: 'string', minLength: 1, maxLength: 80 } }, required: ['url'] };
  const hub = createDashboardHub((url) => dashboardFigures(ctx, url), app.log, { intervalMs: ctx.config.dashboardRefreshSeconds * 1000 });
  const open = new Set<() => void>();
  // Streams never end by themselves: end them when the server closes, before it waits for requests in flight.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    hub.close();
  });

  app.get<{ Params: { url: string }; Querystring: { granularity?: DashboardGranularity }; Reply: DashboardResponse }>(
    '/api/admin/events/:url/dashboard',
    {
      ...access,
      schema: { params, querystring: { type: 'object', additionalProperties: false, properties: { granularity: { type: 'string', enum: ['hour', 'day'] } } }, response: answers('admin-dashboard') },
    },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return dashboardFigures(ctx, request.params.url, request.query.granularity);
    },
  );

  app.get<{ Params: { url: string } }>('/api/admin/events/:url/dashboard/stream', { ...access, schema: { params } }, async (request, reply) => {
    assertEventAllowed(request, request.params.url);
    await dashboardFigures(ctx, request.params.url); // an unknown event is a 404 before the stream opens
    if (hub.full()) throw errors.liveStreamsFull();
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write('retry: 5000\n\n');
    const unsubscribe = hub.subscribe(request.params.url, (json) => raw.write(`event: snapshot\ndata: ${json}\n\n`));
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    open.add(end);
    request.raw.once('close', end);
  });
}
