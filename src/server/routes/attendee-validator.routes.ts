import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { limitedAs } from '../plugins/security';
import { attendeeValidatorModule } from '../services/attendee-validator.service';

/**
 * GET /api/event/{url}/attendee-validators.js: the event's attendee validators as an ES
 * module the storefront loads with `import()` from our own origin (script-src 'self',
 * no 'unsafe-eval'). Revalidated by ETag; a re-import changes it.
 */
export async function attendeeValidatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { url: string } }>(
    '/api/event/:url/attendee-validators.js',
    { schema: { params: { type: 'object', properties: { url: { type: 'string', maxLength: 120 } }, required: ['url'] } }, config: limitedAs(ctx.config, 'read') },
    async (request, reply) => {
      const built = await attendeeValidatorModule(ctx, request.params.url);
      reply.header('cache-control', 'no-cache').header('etag', built.etag).header('content-type', 'text/javascript; charset=utf-8');
      if (request.headers['if-none-match'] === built.etag) return reply.code(304).send();
      return reply.send(built.code);
    },
  );
}
