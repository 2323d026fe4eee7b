import type { FastifyInstance } from 'fastify';
import type { SandboxStore } from '../store';
import { API_SCRIPT } from './api-script';
import { spendToken, trimSpentTokens } from './spent-tokens';
import { issueToken, readToken, sandboxKeys } from './tokens';

export { trimSpentTokens } from './spent-tokens';
export { TOKEN_LIFETIME_MS } from './tokens';

/** The site key and secret this sandbox answers to, derived from the secret it is given. */
export function botCheckSandboxKeys(secret: string): { siteKey: string; secretKey: string } {
  return sandboxKeys(secret);
}

/** The score every sandbox token gets: a human, as far as the sandbox can tell. */
const SCORE = 0.9;
const ACTION = /^[A-Za-z0-9_/]{1,100}$/;

type SiteVerifyAnswer =
  | { success: true; challenge_ts: string; hostname: string; score: number; action: string }
  | { success: false; 'error-codes': string[] };

const failure = (...codes: string[]): SiteVerifyAnswer => ({ success: false, 'error-codes': codes });

/**
 * reCAPTCHA v3 as Google serves it, under /sandbox/recaptcha/: `api.js` (grecaptcha.ready/execute),
 * the token endpoint that script calls, and `api/siteverify` (a form-encoded POST of `secret` and
 * `response`, answered 200 with Google's fields and error codes). A token is good once, for two
 * minutes: a second siteverify of it answers `timeout-or-duplicate`, in every process sharing `store`.
 */
export async function botCheckSandbox(app: FastifyInstance, opts: { secret: string; now: () => Date; store: SandboxStore }) {
  const { siteKey, secretKey } = sandboxKeys(opts.secret);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/sandbox/recaptcha/api.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(API_SCRIPT));

  app.post<{ Body: { siteKey?: unknown; action?: unknown; hostname?: unknown } }>('/sandbox/recaptcha/api/token', async (request, reply) => {
    const { siteKey: given, action, hostname } = request.body ?? {};
    if (given !== siteKey) return reply.code(400).send({ error: 'Invalid site key' });
    if (typeof action !== 'string' || !ACTION.test(action)) return reply.code(400).send({ error: 'Invalid action' });
    if (typeof hostname !== 'string' || hostname.length === 0 || hostname.length > 253) return reply.code(400).send({ error: 'Invalid hostname' });
    return { token: issueToken(opts.secret, { siteKey, action, hostname }, opts.now()) };
  });

  app.post<{ Body: Record<string, unknown> | undefined }>('/sandbox/recaptcha/api/siteverify', async (request): Promise<SiteVerifyAnswer> => {
    const { secret, response } = request.body ?? {};
    if (typeof secret !== 'string' || secret === '') return typeof response === 'string' && response !== '' ? failure('missing-input-secret') : failure('missing-input-secret', 'missing-input-response');
    if (secret !== secretKey) return failure('invalid-input-secret');
    if (typeof response !== 'string' || response === '') return failure('missing-input-response');
    const claims = readToken(opts.secret, response);
    if (!claims || claims.siteKey !== siteKey) return failure('invalid-input-response');
    const now = opts.now();
    if (claims.exp <= now.getTime()) return failure('timeout-or-duplicate');
    await trimSpentTokens(opts.store.kysely, now.toISOString());
    if (!(await spendToken(opts.store, claims.jti, new Date(claims.exp).toISOString()))) return failure('timeout-or-duplicate');
    return { success: true, challenge_ts: new Date(claims.iat).toISOString(), hostname: claims.hostname, score: SCORE, action: claims.action };
  });
}
