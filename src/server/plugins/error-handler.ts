import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, errors } from '../http/app-error';
import { describeValidationError } from '../http/validation-message';

/** Messages for Fastify's own 4xx errors, by their code. */
const frameworkMessages: Record<string, [string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'El contenido debe enviarse como application/json.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE', 'La solicitud es demasiado grande.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['EMPTY_BODY', 'La solicitud no trae contenido JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_JSON', 'El contenido no es JSON válido.'],
};

/**
 * The one error handler: every error reaches the client as `{ mensaje, code }`
 * (plus `errors`/`problems` for validation), 4xx for what the client can fix,
 * 503 while the database is out of reach, 500 with a generic message for everything else, whose details go to the log only.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ mensaje: error.mensaje, code: error.code, ...error.details });
    }
    if (error.validation) {
      const list = error.validation.map((e) => ({ path: e.instancePath || '/', message: describeValidationError(e, error.validationContext) }));
      return reply.status(400).send({ mensaje: list[0]?.message ?? 'La solicitud no es válida.', code: 'VALIDATION_ERROR', errors: list });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ mensaje: 'Demasiadas solicitudes. Intenta de nuevo más tarde.', code: 'RATE_LIMITED' });
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send({ mensaje: known[1], code: known[0] });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ mensaje: 'El contenido no es JSON válido.', code: 'MALFORMED_JSON' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ mensaje: 'La solicitud no es válida.', code: error.code ?? 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      // Logged without the error object: it says nothing about the request, only that the database is away.
      request.log.warn({ code: error.code }, `database unavailable: ${error.message}`);
      const unavailable = errors.databaseUnavailable();
      return reply.status(503).header('retry-after', '5').send({ mensaje: unavailable.mensaje, code: unavailable.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ mensaje: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    const error = errors.notFound();
    reply.status(404).send({ mensaje: error.mensaje, code: error.code });
  });
});
