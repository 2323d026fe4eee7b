import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { preferredEncoding } from '../http/content-encoding';
import { limitedAs } from '../plugins/security';
import { attendeeValidatorModule } from '../services/attendee-validator.service';

/**
 * GET /api/event/{url}/attendee-validators.js: the event's attendee validators as an ES
 * module the storefront loads with `import()` from our own origin (script-src 'self',
 * no 'unsafe-eval'). Revalidated by ETag (one per encoding, as each is a different body); a
 * re-import changes it. Brotli or gzip when the browser accepts it, compressed once per module.
 */
export async function attendeeValidatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { url: string } }>(
    '/api/event/:url/attendee-validators.js',
    { schema: { params: { type: 'object', properties: { url: { type: 'string', maxLength: 120 } }, required: ['url'] } }, config: limitedAs(ctx.config, 'read') },
    async (request, reply) => {
      const built = await attendeeValidatorModule(ctx, request.params.url);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const etag = encoding ? `${built.etag.slice(0, -1)}-${encoding}"` : built.etag;
      reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding').header('content-type', 'text/javascript; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      if (!encoding) return reply.send(built.code);
      return reply.header('content-encoding', encoding).send(built.encoded[encoding]);
    },
  );
}
