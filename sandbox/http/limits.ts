import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type {} from '@fastify/rate-limit';
import { clientKeyOf } from '../../src/shared/node/client-key';

/**
 * Requests per client and route per minute the sandbox's routes answer (its routes answer anyone).
 * `app.rateLimit` is @fastify/rate-limit's, registered by the server the sandbox is mounted in, so
 * its counters live where the server's do (this process, or the shared Redis).
 */
export interface SandboxLimits {
  readMax: number;
  writeMax: number;
}

/**
 * Puts every route `app` (an encapsulated plugin of the sandbox) registers from now on
 * under the per-client limit, each route counted on its own as `config: rateLimited` counts it:
 * reads (GET) in the `read` bucket — the seat chart polls its statuses every second — and
 * everything else, what creates tokens and payments among it, in the general one.
 * `exempt` lets through, uncounted, requests only this server can make (the sandbox's secret key).
 * A route that declares its own `config.rateLimit` keeps that one.
 */
export function limitEveryRoute(app: FastifyInstance, limits: SandboxLimits, exempt?: (request: FastifyRequest) => boolean) {
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const methods = [route.method].flat();
    const read = methods.every((method) => method === 'GET' || method === 'HEAD');
    const limiter = app.rateLimit({
      max: read ? limits.readMax : limits.writeMax,
      // The route is in the key, so one shared Redis also counts each route apart.
      keyGenerator: (request) => `${clientKeyOf(request.ip)}|${methods.join(',')} ${route.url}`,
      ...(exempt ? { allowList: (request: FastifyRequest) => exempt(request) } : {}),
    }) as onRequestHookHandler;
    route.onRequest = [...[route.onRequest ?? []].flat(), limiter];
  });
}
