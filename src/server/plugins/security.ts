import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { ServerConfig } from '../config';
import { clientKeyOf } from '../../shared/node/client-key';
import { providerSources } from './provider-sources';
import { openRateLimitStore } from './rate-limit-store';
import { named } from '../../shared/node/fastify-plugin-name';

/** The door scanner's page (src/client/checkin). */
const SCANNER_PAGE = '/checkin';

/**
 * Security headers on every response (a strict Content-Security-Policy without
 * `unsafe-eval`: the storefront validates forms with precompiled code) and the
 * per-client rate limit that every route doing work opts into with `config: rateLimited`
 * or `config: limitedAs(config, bucket)`.
 * Each route counts on its own; the client is `request.ip` (X-Forwarded-For only from
 * TRUST_PROXY's proxies), IPv6 by its /64. The counters
 * live in this process, or in the Redis of REDIS_URL, shared by every replica (`rate-limit-store.ts`).
 * A live payment provider opens the policy to its own origins (`provider-sources.ts`).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: ServerConfig }) => {
  // reCAPTCHA's api.js origin (Google's loads more from gstatic); a relative script URL is this site's own.
  const { recaptchaSecret, recaptchaScriptUrl } = opts.config;
  const recaptcha = recaptchaSecret && /^https?:\/\//i.test(recaptchaScriptUrl) ? [new URL(recaptchaScriptUrl).origin, 'https://www.gstatic.com'] : [];
  const providers = providerSources(opts.config);
  const headersWith = (scriptSrc: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc,
          // Emotion (MUI) injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...recaptcha, ...providers.connect],
          frameSrc: ["'self'", ...recaptcha, ...providers.frame],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...providers.form],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  // Built once: @fastify/helmet called `helmet(options)` anew on every request, re-parsing the whole
  // policy each time (3 % of a purchase's CPU in the profile, docs/decisions/012-on-sale-holds.md).
  // Its headers depend on the options alone (no per-request nonce), so they are taken once too.
  const securityHeaders = headerSet(headersWith(["'self'", ...recaptcha, ...providers.script]));
  // The door scanner's page compiles its QR decoder (zxing, WebAssembly served from our origin) where the
  // phone has no BarcodeDetector: WebAssembly only, still no `eval`, and on that page alone.
  const scannerHeaders = headerSet(headersWith(["'self'", "'wasm-unsafe-eval'", ...recaptcha, ...providers.script]));
  app.decorateRequest('securityHeaders', function securityHeadersOfRequest(this: FastifyRequest) {
    const path = this.url.split('?')[0];
    return path === SCANNER_PAGE || path === `${SCANNER_PAGE}/` ? scannerHeaders : securityHeaders;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.ownSecurityHeaders) return done();
    for (const [name, value] of Object.entries(request.securityHeaders())) reply.raw.setHeader(name, value);
    done();
  });
  const store = await openRateLimitStore(opts.config, app.log);
  app.addHook('onClose', store.close);
  await app.register(named(rateLimit), {
    ...store.options,
    global: false,
    max: opts.config.rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => clientKeyOf(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      mensaje: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
      retryAfter: context.after,
    }),
  });
});

/** The headers a helmet middleware sets, by name (it sets the same ones on every response). */
function headerSet(middleware: ReturnType<typeof helmet>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The security headers of this request's response (the door scanner's page has its own policy). */
    securityHeaders(): Readonly<Record<string, string>>;
  }
  interface FastifyContextConfig {
    /**
     * The route sends the security headers itself, in its own `writeHead` (`request.securityHeaders()`), and
     * none are set on its response beforehand: a long-lived stream's response then keeps no table of them.
     */
    ownSecurityHeaders?: boolean;
  }
}

/** Route option that puts a route under the general per-client limit (RATE_LIMIT_MAX per minute). */
export const rateLimited = { rateLimit: {} } as const;

/**
 * Route option for the other buckets: `pdf` (RATE_LIMIT_PDF_MAX, low: each call renders a
 * PDF), `admin` (RATE_LIMIT_ADMIN_MAX), `read` (RATE_LIMIT_READ_MAX: the event page's data)
 * `checkin` (RATE_LIMIT_CHECKIN_MAX, per door scanner's token) and `webhook` (RATE_LIMIT_WEBHOOK_MAX, high, counted per sending address and provider so
 * one provider's burst never starves another; a refused delivery is retried by the provider).
 */
export function limitedAs(config: ServerConfig, bucket: 'pdf' | 'admin' | 'read' | 'webhook' | 'checkin') {
  switch (bucket) {
    case 'checkin':
      // Per door scanner (a hash of its bearer token), not per address: a venue's phones share one network.
      return { rateLimit: { max: config.rateLimitCheckinMax, keyGenerator: (request: FastifyRequest) => `checkin|${bearerKey(request)}|${request.routeOptions.url ?? ''}` } };
    case 'pdf':
      return { rateLimit: { max: config.rateLimitPdfMax } };
    case 'admin':
      return { rateLimit: { max: config.rateLimitAdminMax } };
    case 'read':
      return { rateLimit: { max: config.rateLimitReadMax } };
    case 'webhook':
      return {
        rateLimit: {
          // PayPal's own, tighter bucket: a delivery there may cost a call to PayPal's verify endpoint.
          max: (request: FastifyRequest) => ((request.params as { provider?: string }).provider === 'paypal' ? config.rateLimitPayPalWebhookMax : config.rateLimitWebhookMax),
          keyGenerator: (request: FastifyRequest) => `${clientKeyOf(request.ip)}|${(request.params as { provider?: string }).provider ?? ''}`,
        },
      };
  }
}

/** A short hash of the request's bearer token (the rate-limit key of a door scanner); its address when it has none. */
function bearerKey(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? createHash('sha256').update(header.slice(7)).digest('base64url').slice(0, 22) : clientKeyOf(request.ip);
}
