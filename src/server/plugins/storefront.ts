import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../http/app-error';

/** Vite names every built asset by its content hash: a changed file is a new URL. */
const HASHED_ASSET = `${sep}assets${sep}`;
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Serves the built storefront (dist/client) on the API's port. The build ships `.br` and `.gz`
 * copies (scripts/vite-plugin-precompress.js), sent as they are to a browser that accepts
 * them. Hashed assets are cached for a year, immutable (a returning buyer asks for nothing);
 * `index.html` — the one file naming the current assets — is never stored. Every other
 * non-API path gets index.html so the SPA's router decides (including 'event not found').
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
    preCompressed: true,
    // Our own header below; @fastify/static's default (max-age=0) would overwrite it.
    cacheControl: false,
    // `path` is the file actually sent: `index.html.br` for a brotli-accepting browser.
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes(HASHED_ASSET) ? FOREVER : path.startsWith(index) ? 'no-store' : 'no-cache');
      // Caches between us and the buyer keep one copy per encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') throw errors.notFound();
    return reply.sendFile('index.html');
  });
});
