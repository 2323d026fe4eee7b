import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import type { CheckinScansRequest, CheckinScansResponse, CheckinSearchResponse, CheckinSyncResponse } from '../../shared/api';
import { doorOf } from '../checkin/devices';
import { decideScans } from '../checkin/scans';
import { searchDoor, syncDoor } from '../checkin/sync';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { limitedAs } from '../plugins/security';
import { named } from '../../shared/node/fastify-plugin-name';

/**
 * The door scanner's API (`Authorization: Bearer <device token>`, rate-limited per device): sync, scans,
 * search. An unknown or revoked device gets 401 on each. See src/server/checkin/README.md.
 */
export async function checkinRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const config = limitedAs(ctx.config, 'checkin');
  // A first sync of 20,000 tickets is ≈ 3 MB of JSON for a phone on the venue's mobile network:
  // compressed as it accepts (brotli at quality 4, ≈ 6× smaller; gzip; else plain), by zlib's
  // streams off the request thread. Only these routes: this plugin's own scope.
  await app.register(named(fastifyCompress), {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.get<{ Querystring: { since?: string }; Reply: CheckinSyncResponse }>(
    '/api/checkin/sync',
    { config, schema: { querystring: { type: 'object', additionalProperties: false, properties: { since: { type: 'string', maxLength: 300 } } }, response: answers('checkin-sync') } },
    async (request) => syncDoor(ctx, await doorOf(ctx, request), request.query.since),
  );
  app.post<{ Body: CheckinScansRequest; Reply: CheckinScansResponse }>(
    '/api/checkin/scans',
    { config, schema: { body: { $ref: 'api/checkin-scans.request#' }, response: answers('checkin-scans') } },
    async (request) => ({ results: await decideScans(ctx, await doorOf(ctx, request), request.body.scans) }),
  );
  app.get<{ Querystring: { q: string }; Reply: CheckinSearchResponse }>(
    '/api/checkin/search',
    { config, schema: { querystring: { type: 'object', additionalProperties: false, required: ['q'], properties: { q: { type: 'string', minLength: 1, maxLength: 100 } } }, response: answers('checkin-search') } },
    async (request) => searchDoor(ctx, await doorOf(ctx, request), request.query.q),
  );
}
