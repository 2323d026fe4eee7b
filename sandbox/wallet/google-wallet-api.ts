import { createHmac, createPublicKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { sameSecret } from '../../src/shared/node/same-secret';
import { limitEveryRoute, type SandboxLimits } from '../http/limits';
import type { GoogleWalletTestAccount } from './google-account';
import type { GoogleWalletObjects, StoredObject } from './google-wallet-objects';

/** Where the stand-in's REST API and token endpoint are (the server's GOOGLE_WALLET_API_URL and GOOGLE_WALLET_TOKEN_URL in the demo). */
export const GOOGLE_WALLET_API_PATH = '/sandbox/google-wallet';
export const GOOGLE_WALLET_TOKEN_PATH = '/sandbox/google-wallet/oauth2/token';
const OBJECTS = `${GOOGLE_WALLET_API_PATH}/walletobjects/v1/eventTicketObject`;
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TOKEN_LIFETIME_SECONDS = 3600;

/** Google's error body (`{ error: { code, message, status } }`). */
function googleError(reply: FastifyReply, code: number, status: string, message: string) {
  return reply.code(code).send({ error: { code, message, status } });
}

/**
 * Google Wallet's REST API for event ticket objects, and Google's OAuth token endpoint, as far as the
 * server uses them:
 * - `POST …/oauth2/token`: the JWT bearer grant; the assertion must be signed RS256 by the test service
 *   account (`iss` its e-mail, `aud` this endpoint, `scope` Wallet's, not expired) → `{ access_token,
 *   token_type, expires_in }`, else 400 `invalid_grant`;
 * - `GET`, `POST` (insert), `PUT` (update), `PATCH` (the fields sent replace the stored ones) of
 *   `…/walletobjects/v1/eventTicketObject[/{id}]` with `Authorization: Bearer {access token}` (401 without),
 *   404 for an object nobody saved, 409 for inserting one that exists; the object's JSON otherwise;
 * - `GET /sandbox/google-wallet/api/objects/{id}`: what the stand-in holds, for tests.
 */
export async function googleWalletApiSandbox(
  app: FastifyInstance,
  opts: { account: GoogleWalletTestAccount; objects: GoogleWalletObjects; secret: string; now: () => Date; limits: SandboxLimits },
) {
  const { client_email: email, private_key: privateKey } = JSON.parse(opts.account.serviceAccount) as { client_email: string; private_key: string };
  const publicKey = createPublicKey(privateKey);
  const sign = (until: number) => createHmac('sha256', opts.secret).update(`google-wallet-access:${until}`).digest('base64url');
  const validToken = (request: FastifyRequest) => {
    const match = /^Bearer sandbox\.(\d{1,15})\.([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    return match !== null && Number(match[1]) > opts.now().getTime() && sameSecret(match[2], sign(Number(match[1])));
  };
  // The server's own calls carry the access token only it can get (the service account's key); they go uncounted.
  limitEveryRoute(app, opts.limits, validToken);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post<{ Body: { grant_type?: string; assertion?: string } }>(GOOGLE_WALLET_TOKEN_PATH, async (request, reply) => {
    const { grant_type: grant, assertion } = request.body ?? {};
    if (grant !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || typeof assertion !== 'string') {
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    try {
      const { payload } = await jwtVerify(assertion, publicKey, { algorithms: ['RS256'], issuer: email, currentDate: opts.now(), requiredClaims: ['iat', 'exp', 'aud'] });
      const audience = [payload.aud].flat()[0] ?? '';
      if (!audience.endsWith(GOOGLE_WALLET_TOKEN_PATH) || !String(payload.scope ?? '').split(' ').includes(WALLET_SCOPE)) throw new Error('audience or scope');
    } catch {
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const until = opts.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000;
    return { access_token: `sandbox.${until}.${sign(until)}`, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
  });

  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    if (validToken(request)) return true;
    googleError(reply, 401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.');
    return false;
  };
  const notFound = (reply: FastifyReply, id: string) => googleError(reply, 404, 'NOT_FOUND', `Resource not found: ${id}`);
  const bodyObject = (body: unknown): Record<string, unknown> | undefined => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined);
  const params = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

  app.get<{ Params: { id: string } }>(`${OBJECTS}/:id`, { schema: { params } }, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    return opts.objects.get(request.params.id) ?? notFound(reply, request.params.id);
  });

  app.post(OBJECTS, { bodyLimit: 64 * 1024 }, async (request, reply) => {
    if (!authorised(request, reply)) return reply;
    const object = bodyObject(request.body);
    if (typeof object?.id !== 'string' || typeof object.classId !== 'string') return googleError(reply, 400, 'INVALID_ARGUMENT', 'Invalid resource: id and classId are required.');
    if (opts.objects.get(object.id)) return googleError(reply, 409, 'ALREADY_EXISTS', `Resource already exists: ${object.id}`);
    return opts.objects.put(object as StoredObject);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: `${OBJECTS}/:id`,
      schema: { params },
      bodyLimit: 64 * 1024,
      handler: async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const stored = opts.objects.get(request.params.id);
        if (!stored) return notFound(reply, request.params.id);
        const changes = bodyObject(request.body);
        if (!changes) return googleError(reply, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload.');
        const next = method === 'PATCH' ? { ...stored, ...changes } : { classId: stored.classId, ...changes };
        return opts.objects.put({ ...next, id: stored.id } as StoredObject);
      },
    });
  }

  app.get<{ Params: { id: string } }>(`${GOOGLE_WALLET_API_PATH}/api/objects/:id`, { schema: { params } }, async (request, reply) =>
    opts.objects.get(request.params.id) ?? notFound(reply, request.params.id));
}
