import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventPreviewRequest, EventPreviewResponse, WatchedPreviewResponse } from '../../shared/api';
import type { ServerConfig } from '../config';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { limitedAs } from '../plugins/security';
import { previewEventSource, previewModule } from '../services/event-preview.service';
import type { WatchedPreview } from '../services/event-preview-watch';

/** A long poll of the watched file ends after this long without a change (the page asks again). */
const LONG_POLL_MS = 20_000;

export interface PreviewRouteOptions {
  config: ServerConfig;
  /**
   * Lets a preview call in or throws: on the running server `adminAccess(ctx, 'events.read')`'s check
   * (the bearer ADMIN_TOKEN or an operator session); in `event:preview` the bearer token it made up.
   */
  admit: (request: FastifyRequest) => Promise<void>;
  /** `npm run event:preview`: the file it watches. */
  watched?: WatchedPreview;
}

/**
 * The event preview's API (docs/decisions/018-event-preview.md). Nothing here touches a database:
 * a posted file is checked and compiled in memory and answered; saving it is the import's job.
 * - POST /api/admin/preview: admitted callers; body `{ source }` (the file's text, up to 5 MiB).
 * - GET /api/admin/preview/modules/{id}.js: the compiled validators of one preview, no bearer
 *   (a module import cannot send one); the id is the hash of the code, known only to whoever posted it.
 * - GET /api/admin/preview/file?after=N: admitted callers; the file event:preview watches, once its version
 *   is past N (a long poll, so a save reaches the page at once); 404 on the running server, which
 *   watches none (the page then asks for a pasted file, having learnt the credentials are right).
 */
export async function previewRoutes(app: FastifyInstance, { config, admit, watched }: PreviewRouteOptions) {

  app.post<{ Body: EventPreviewRequest; Reply: EventPreviewResponse }>(
    '/api/admin/preview',
    {
      // The source (5 MiB of text at most, by the body schema) with room for JSON escapes.
      bodyLimit: 6 * 1024 * 1024,
      schema: { body: { $ref: 'api/admin-preview.request#' }, response: answers('admin-preview') },
      config: limitedAs(config, 'admin'),
      // After the rate limit (onRequest), before the body is read: a wrong token costs no parsing.
      preParsing: async (request, _reply, payload) => {
        await admit(request);
        return payload;
      },
    },
    async (request) => previewEventSource(request.body.source),
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/preview/modules/:id.js',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[\\w-]{32}$' } }, required: ['id'] } }, config: limitedAs(config, 'read') },
    async (request, reply) => {
      const code = previewModule(request.params.id);
      if (code === undefined) throw errors.notFound();
      // Immutable by construction (the id is the code's hash), but a preview is short-lived: no store.
      return reply.header('cache-control', 'no-store').header('content-type', 'text/javascript; charset=utf-8').send(code);
    },
  );

  app.get<{ Querystring: { after?: string }; Reply: WatchedPreviewResponse }>(
    '/api/admin/preview/file',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'string', pattern: '^\\d{1,12}$' } } },
        response: answers('admin-preview-file'),
      },
      config: limitedAs(config, 'read'),
      // After the rate limit: wrong tokens count too.
      preHandler: admit,
    },
    async (request, reply) => {
      // On the running server there is no watched file: the token was right, the operator pastes one.
      if (!watched) throw errors.notFound();
      const after = request.query.after;
      if (after !== undefined) {
        // A page that goes away ends its wait (the response's socket closes).
        const gone = new Promise<void>((done) => reply.raw.once('close', () => done()));
        await Promise.race([watched.changedAfter(Number(after), LONG_POLL_MS), gone]);
      }
      return reply.header('cache-control', 'no-store').send(watched.current());
    },
  );
}
