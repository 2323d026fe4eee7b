import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../http/app-error';

/**
 * Serves the built storefront (dist/client) on the API's port. Hashed assets are
 * cached for a year; every other non-API path gets index.html so the SPA's router
 * decides (including its own 'event not found' page).
 */
export const storefrontPlugin = fp(async (app: FastifyInstance, opts: { clientDir: string }) => {
  const index = join(opts.clientDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No storefront build at ${opts.clientDir}; run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.clientDir,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') throw errors.notFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
