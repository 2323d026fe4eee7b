import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../shared/node/database-unavailable';
import { AppError, errors } from '../http/app-error';
import { messageLanguage } from '../../shared/accept-language';
import { renderMessage, type ErrorCode } from '../http/error-messages';
import { describeValidationError } from '../http/validation-message';

/** The codes of Fastify's own 4xx errors, by Fastify's code (their sentences are the catalogue's). */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
};

/**
 * The one error handler: every error reaches the client as `{ mensaje, code }`
 * (plus `errors`/`problems` for validation), 4xx for what the client can fix,
 * 503 while the database is out of reach, 500 with a generic message for everything else, whose details go to the log only.
 * `mensaje` is in the request's language (`Accept-Language`: English when it prefers en, Spanish otherwise).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  const languageOf = (request: FastifyRequest) => messageLanguage(request.headers['accept-language']);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = languageOf(request);
    const say = (code: ErrorCode) => renderMessage(language, code);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ mensaje: error.mensajeIn(language), code: error.code, ...error.detailsIn(language) });
    }
    if (error.validation) {
      const list = error.validation.map((e) => ({ path: e.instancePath || '/', message: describeValidationError(e, error.validationContext, language) }));
      return reply.status(400).send({ mensaje: list[0]?.message ?? say('VALIDATION_ERROR'), code: 'VALIDATION_ERROR', errors: list });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ mensaje: say('RATE_LIMITED'), code: 'RATE_LIMITED' });
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send({ mensaje: say(known), code: known });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ mensaje: say('MALFORMED_JSON'), code: 'MALFORMED_JSON' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ mensaje: say('BAD_REQUEST'), code: error.code ?? 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      // Logged without the error object: it says nothing about the request, only that the database is away.
      request.log.warn({ code: error.code }, `database unavailable: ${error.message}`);
      const unavailable = errors.databaseUnavailable();
      return reply.status(503).header('retry-after', '5').send({ mensaje: unavailable.mensajeIn(language), code: unavailable.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ mensaje: say('INTERNAL_ERROR'), code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    const error = errors.notFound();
    reply.status(404).send({ mensaje: error.mensajeIn(languageOf(request)), code: error.code });
  });
});
