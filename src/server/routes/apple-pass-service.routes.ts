import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { publicOrigin } from '../http/public-origin';
import { rateLimited } from '../plugins/security';
import { appleWalletMode } from '../wallet/apple-signing';
import { authorisedForPass, changedSerials, latestPass, registerDevice, unregisterDevice } from '../wallet/apple-pass-service';
import { APPLE_PASS_SERVICE_PATH } from '../wallet/pass-token';

/**
 * Apple's pass web service, where a phone's Wallet registers for a pass's updates and fetches its newest
 * version (`webServiceURL` of every Apple pass: this server's public origin + `/api/wallet/apple/`).
 * The answers are Apple's, not our `{ mensaje, code }`: Wallet reads only the status (201/200/204/304/401)
 * and the bodies Apple specifies, so a refused token is a bare 401 and an unknown pass a bare 404.
 * Registered only while Apple passes are on. Every route counts in the general per-client limit.
 */

interface DeviceParams { deviceLibraryId: string; passTypeId: string }
interface PassParams { passTypeId: string; serialNumber: string }

/** Apple gives no lengths; these are well above a device library id (32 hex), a pass type id and our ticket ids. */
const id = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9._-]+$' }) as const;
const deviceParams = { type: 'object', additionalProperties: false, required: ['deviceLibraryId', 'passTypeId'], properties: { deviceLibraryId: id(128), passTypeId: id(200) } } as const;
const passParams = { type: 'object', additionalProperties: false, required: ['passTypeId', 'serialNumber'], properties: { passTypeId: id(200), serialNumber: id(100) } } as const;
const registrationParams = {
  type: 'object', additionalProperties: false, required: ['deviceLibraryId', 'passTypeId', 'serialNumber'],
  properties: { deviceLibraryId: id(128), passTypeId: id(200), serialNumber: id(100) },
} as const;
/** An APNs device token is 64 hex characters today; Apple may lengthen it. */
const registrationBody = { type: 'object', additionalProperties: true, required: ['pushToken'], properties: { pushToken: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9]+$' } } } as const;
/** Wallet's error messages about our passes: a few lines, bounded. */
const logBody = { type: 'object', additionalProperties: false, required: ['logs'], properties: { logs: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 2000 } } } } as const;
const LOG_BODY_LIMIT = 64 * 1024;
const REGISTRATION_BODY_LIMIT = 1024;

const unauthorised = (reply: FastifyReply) => reply.code(401).send();

export async function applePassServiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  if (appleWalletMode(ctx.config) === 'off') return;
  const base = `${APPLE_PASS_SERVICE_PATH}v1`;
  const registration = `${base}/devices/:deviceLibraryId/registrations/:passTypeId/:serialNumber`;

  app.post<{ Params: DeviceParams & PassParams; Body: { pushToken: string } }>(
    registration,
    { schema: { params: registrationParams, body: registrationBody }, config: rateLimited, bodyLimit: REGISTRATION_BODY_LIMIT },
    async (request, reply) => {
      const { deviceLibraryId, passTypeId, serialNumber } = request.params;
      if (!authorisedForPass(ctx, passTypeId, serialNumber, request.headers.authorization)) return unauthorised(reply);
      const outcome = await registerDevice(ctx, { deviceLibraryId, passTypeId, serialNumber }, request.body.pushToken);
      return reply.code(outcome === 'created' ? 201 : outcome === 'exists' ? 200 : 404).send();
    },
  );

  app.delete<{ Params: DeviceParams & PassParams }>(registration, { schema: { params: registrationParams }, config: rateLimited }, async (request, reply) => {
    const { deviceLibraryId, passTypeId, serialNumber } = request.params;
    if (!authorisedForPass(ctx, passTypeId, serialNumber, request.headers.authorization)) return unauthorised(reply);
    await unregisterDevice(ctx, { deviceLibraryId, passTypeId, serialNumber });
    return reply.code(200).send();
  });

  // No Authorization here (Apple sends none): a device learns only which of its own registrations changed.
  app.get<{ Params: DeviceParams; Querystring: { passesUpdatedSince?: string } }>(
    `${base}/devices/:deviceLibraryId/registrations/:passTypeId`,
    {
      schema: { params: deviceParams, querystring: { type: 'object', additionalProperties: false, properties: { passesUpdatedSince: { type: 'string', maxLength: 100 } } } },
      config: rateLimited,
    },
    async (request, reply) => {
      const changed = await changedSerials(ctx, request.params.deviceLibraryId, request.params.passTypeId, request.query.passesUpdatedSince);
      return changed ? reply.code(200).send(changed) : reply.code(204).send();
    },
  );

  app.get<{ Params: PassParams }>(`${base}/passes/:passTypeId/:serialNumber`, { schema: { params: passParams }, config: rateLimited }, async (request, reply) => {
    const { passTypeId, serialNumber } = request.params;
    if (!authorisedForPass(ctx, passTypeId, serialNumber, request.headers.authorization)) return unauthorised(reply);
    const latest = await latestPass(ctx, serialNumber, publicOrigin(ctx.config, app), request.headers['if-modified-since']);
    if (latest.status === 'unknown') return reply.code(404).send();
    reply.header('last-modified', latest.lastModified.toUTCString()).header('cache-control', 'private, no-cache');
    if (latest.status === 'not-modified') return reply.code(304).send();
    return reply.type('application/vnd.apple.pkpass').send(latest.file);
  });

  app.post<{ Body: { logs: string[] } }>(`${base}/log`, { schema: { body: logBody }, config: rateLimited, bodyLimit: LOG_BODY_LIMIT }, async (request, reply) => {
    // What Wallet says went wrong with our passes or this service (URLs, status codes; no personal data).
    request.log.warn({ appleWalletLogs: request.body.logs }, 'Apple Wallet reported problems with our passes');
    return reply.code(200).send();
  });
}
