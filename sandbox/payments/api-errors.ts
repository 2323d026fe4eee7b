import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../../src/shared/node/database-unavailable';

/** What went wrong before (or outside) a sandbox route handler, in the provider-neutral terms each format maps. */
export type SandboxFailure = 'malformed_json' | 'unsupported_media_type' | 'body_too_large' | 'invalid_request' | 'not_found' | 'rate_limited' | 'internal' | 'unavailable';

/** The status code every provider uses for each failure. */
export const FAILURE_STATUS: Record<SandboxFailure, number> = {
  malformed_json: 400, unsupported_media_type: 415, body_too_large: 413, invalid_request: 400, not_found: 404, rate_limited: 429, internal: 500, unavailable: 503,
};

function classify(error: FastifyError): SandboxFailure {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'malformed_json';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    default:
  }
  if (error instanceof SyntaxError) return 'malformed_json';
  if (error.statusCode === 429) return 'rate_limited';
  if (error.statusCode === 404) return 'not_found';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'invalid_request';
  return isDatabaseUnavailable(error) ? 'unavailable' : 'internal';
}

/**
 * Makes the REST API under `prefix` (e.g. /sandbox/paypal/api) answer like the provider
 * it stands in for, so the provider's own client (its SDK, or our adapter) reads every
 * error as it reads the real service's. Called first inside the provider's encapsulated
 * plugin, so none of this reaches the store's own routes:
 * - JSON bodies may be empty: PayPal's capture, MercadoPago's full refund and others are
 *   body-less POSTs with `Content-Type: application/json`; the handler sees no body and
 *   answers what the provider would (Fastify's default parser refuses these outright).
 * - Parse, media-type, size and server errors, and unknown paths under the prefix, are
 *   answered in the provider's format by `answer`. Errors on the hosted pages (outside
 *   the prefix) go on to the store's error handler.
 */
export function sandboxApi(app: FastifyInstance, prefix: string, answer: (reply: FastifyReply, failure: SandboxFailure) => FastifyReply, { catchAll = true } = {}) {
  const strictJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') {
      done(null, undefined);
      return;
    }
    strictJson(request, body as string, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!request.url.startsWith(`${prefix}/`)) throw error;
    const failure = classify(error);
    if (failure === 'internal') request.log.error({ err: error }, 'payment sandbox error');
    if (failure === 'unavailable') reply.header('retry-after', '5');
    return answer(reply, failure);
  });

  // Any other path under the API answers the provider's own "not found" (declared once per
  // prefix: a second plugin sharing the prefix passes `catchAll: false`).
  if (catchAll) app.all(`${prefix}/*`, async (_request, reply) => answer(reply, 'not_found'));
}
