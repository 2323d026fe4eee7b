import type { FastifyInstance } from 'fastify';
import type { CheckinScansRequest, CheckinScansResponse, CheckinSearchResponse, CheckinSyncResponse } from '../../shared/api';
import { doorOf } from '../checkin/devices';
import { decideScans } from '../checkin/scans';
import { searchDoor, syncDoor } from '../checkin/sync';
import type { AppContext } from '../context';
import { limitedAs } from '../plugins/security';

/**
 * The door scanner's API (`Authorization: Bearer <device token>`, rate-limited per device): sync, scans,
 * search. An unknown or revoked device gets 401 on each. See src/server/checkin/README.md.
 */
export async function checkinRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const config = limitedAs(ctx.config, 'checkin');
  app.get<{ Querystring: { since?: string }; Reply: CheckinSyncResponse }>(
    '/api/checkin/sync',
    { config, schema: { querystring: { type: 'object', additionalProperties: false, properties: { since: { type: 'string', maxLength: 300 } } } } },
    async (request) => syncDoor(ctx, await doorOf(ctx, request), request.query.since),
  );
  app.post<{ Body: CheckinScansRequest; Reply: CheckinScansResponse }>(
    '/api/checkin/scans',
    { config, schema: { body: { $ref: 'api/checkin-scans.request#' } } },
    async (request) => ({ results: await decideScans(ctx, await doorOf(ctx, request), request.body.scans) }),
  );
  app.get<{ Querystring: { q: string }; Reply: CheckinSearchResponse }>(
    '/api/checkin/search',
    { config, schema: { querystring: { type: 'object', additionalProperties: false, required: ['q'], properties: { q: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request) => searchDoor(ctx, await doorOf(ctx, request), request.query.q),
  );
}
