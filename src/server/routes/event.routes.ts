import type { FastifyInstance } from 'fastify';
import type { PublicEventQuery, PublicEventResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { limitedAs } from '../plugins/security';
import { publicEvent } from '../services/catalogue.service';

/** GET /api/event/{url}: the public view of one event. */
export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { url: string }; Querystring: PublicEventQuery; Reply: PublicEventResponse }>(
    '/api/event/:url',
    {
      schema: {
        params: { type: 'object', properties: { url: { type: 'string', maxLength: 120 } }, required: ['url'] },
        querystring: { type: 'object', properties: { ticket: { type: 'string', maxLength: 40 }, access: { type: 'string', maxLength: 64 } } },
        response: answers('event'),
      },
      config: limitedAs(ctx.config, 'read'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // `ticket` names the hidden type for the storefront; only `access` unlocks it.
      return publicEvent(ctx, request.params.url, request.query.access);
    },
  );
}
