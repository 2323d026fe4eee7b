import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';

/**
 * Security headers on every response (a strict Content-Security-Policy without
 * `unsafe-eval`: the storefront validates forms with precompiled code) and the
 * per-IP rate limit that routes opt into with `config: { rateLimit: rateLimited }`.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: ServerConfig }) => {
  const recaptcha = opts.config.recaptchaSecret ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...recaptcha],
        frameSrc: ["'self'", ...recaptcha],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    max: opts.config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      mensaje: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
      retryAfter: context.after,
    }),
  });
});

/** Route option that puts a route under the per-IP limit (RATE_LIMIT_MAX per minute). */
export const rateLimited = { rateLimit: {} } as const;
