import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { importEvent } from '../services/event-import.service';

export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * PUT /api/admin/events/{url}: import an event file over HTTP. Without ADMIN_TOKEN
 * the admin API does not exist (404); a wrong or missing bearer token gets 401.
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const token = ctx.config.adminToken;
  if (!token) return;
  app.put<{ Params: { url: string }; Body: unknown }>(
    '/api/admin/events/:url',
    {
      bodyLimit: 5 * 1024 * 1024,
      onRequest: async (request) => {
        if (!bearerMatches(request, token)) throw errors.unauthorized();
      },
    },
    async (request, reply) => {
      const body = request.body as { url?: unknown } | null;
      if (body && typeof body === 'object' && body.url !== undefined && body.url !== request.params.url) throw errors.urlMismatch();
      const result = await importEvent(ctx, { ...(body as object), url: request.params.url });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
}
