import type { FastifyInstance } from 'fastify';
import type { ReleaseSeatsRequest, ReleaseSeatsResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { rateLimited } from '../plugins/security';
import { purchaseKeyRequired } from '../services/access-keys';
import { startOver } from './start-over';

/** The storefront's seat calls: a seated event's buyer starting over gives the held places back at once. */
export async function seatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post<{ Body: ReleaseSeatsRequest; Reply: ReleaseSeatsResponse }>(
    '/api/payments/release-seats',
    { schema: { body: { $ref: 'api/release-seats.request#' }, response: answers('release-seats') }, config: rateLimited, preHandler: purchaseKeyRequired(ctx) },
    async (request) => ({ released: await startOver(ctx, request.body.purchase_id) }),
  );
}
