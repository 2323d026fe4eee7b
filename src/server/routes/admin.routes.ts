import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImportEventResponse } from '../../shared/api';
import { messageLanguage } from '../../shared/accept-language';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { adminAccessBeforeBody, adminActorOf, assertEventAllowed, assertMayCreateEvent } from '../operators/admin-access';
import { findEventByUrl } from '../repositories/event.repository';
import { importEvent } from '../services/event-import.service';
import { versionAuthorOf } from '../services/event-versions.service';
import { sameSecret } from '../../shared/node/same-secret';

export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  return sameSecret(header.startsWith('Bearer ') ? header.slice(7) : '', token);
}

/**
 * PUT /api/admin/events/{url}: import an event file over HTTP (permission `events.write`; the
 * bearer ADMIN_TOKEN or an operator session, else 401).
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.put<{ Params: { url: string }; Body: unknown; Reply: ImportEventResponse }>(
    '/api/admin/events/:url',
    {
      bodyLimit: 5 * 1024 * 1024,
      schema: { response: { ...answers('admin-import'), 201: { $ref: 'api/admin-import.response#' } } },
      // After the rate limit (onRequest), so wrong credentials count too; before the 5 MB body is read.
      ...adminAccessBeforeBody(ctx, 'events.write'),
    },
    async (request, reply) => {
      // An import at a new url creates the event: refused outside the caller's events with the creation's own code.
      if (await findEventByUrl(ctx.db.kysely, request.params.url)) assertEventAllowed(request, request.params.url);
      else assertMayCreateEvent(request, request.params.url);
      const body = request.body as { url?: unknown } | null;
      if (body && typeof body === 'object' && body.url !== undefined && body.url !== request.params.url) throw errors.urlMismatch();
      // The stored version says who saved it; a refused file's problems come in the caller's language.
      const result = await importEvent(ctx, { ...(body as object), url: request.params.url }, { by: versionAuthorOf(adminActorOf(request)), lang: messageLanguage(request.headers['accept-language']) });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
}
