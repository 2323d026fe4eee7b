import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { RESERVED_URLS } from '../../shared/event-file';
import { errors } from '../http/app-error';
import { compressSmallText, preferredEncoding } from '../http/content-encoding';
import { publicOrigin } from '../http/public-origin';
import { limitedAs } from './security';
import { eventPage, type EventPageQuery } from '../storefront/event-page';
import { pageTemplate } from '../storefront/page-template';
import { named } from '../../shared/node/fastify-plugin-name';

/** Vite names every built asset by its content hash: a changed file is a new URL. */
const HASHED_ASSET = `${sep}assets${sep}`;
const FOREVER = 'public, max-age=31536000, immutable';
/** A last segment with an extension names a file, never a storefront route: no such file is a real 404. */
const FILE_PATH = /\.[^/]*$/;
/** `/{url}` and its steps (the storefront's routes under an event: src/client/AppRoutes.tsx). */
const EVENT_PATH = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/(productos|form|payment-method|payment-status|[a-z-]+\/loader))?\/?$/;

/**
 * Serves the built storefront (dist/client) on the API's port. The build ships `.br` and `.gz`
 * copies (scripts/vite-plugin-precompress.js), sent as they are to a browser that accepts
 * them. Hashed assets are cached for a year, immutable (a returning buyer asks for nothing);
 * `index.html` — the one file naming the current assets — is never stored. With the database
 * (`ctx`), `/{url}` and its steps get index.html carrying the event: its page head, its public
 * view inlined and the static first view in the root element (404 with a not-found head for an
 * unknown event); a path naming a file that does
 * not exist gets a 404; every other path gets index.html so the SPA's router decides.
 */
export const storefrontPlugin = fp(async (app: FastifyInstance, opts: { clientDir: string; ctx?: AppContext }) => {
  const index = join(opts.clientDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No storefront build at ${opts.clientDir}; run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(named(fastifyStatic), {
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
  const { ctx } = opts;
  const render = ctx ? pageTemplate(readFileSync(index, 'utf8')) : undefined;
  // An event's page reads what GET /api/event/{url} reads: the same per-client limit.
  app.get<{ Querystring: EventPageQuery }>('/*', { config: ctx ? limitedAs(ctx.config, 'read') : {} }, async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || FILE_PATH.test(path)) throw errors.notFound();
    const matchedPath = ctx ? EVENT_PATH.exec(path) : null;
    const matched = matchedPath?.[1];
    // A reserved url (the door scanner's /checkin) is a storefront page, never an event.
    const eventUrl = matched && !RESERVED_URLS.includes(matched) ? matched : undefined;
    if (!ctx || !render || !eventUrl) return reply.sendFile('index.html');
    const { ticket, access, lang } = request.query;
    const page = await eventPage(ctx, publicOrigin(ctx.config, app), eventUrl, matchedPath?.[2] ?? '', {
      ticket: typeof ticket === 'string' ? ticket.slice(0, 40) : undefined,
      access: typeof access === 'string' ? access.slice(0, 64) : undefined,
      lang: typeof lang === 'string' ? lang : undefined,
    });
    // Carries stock and, with an access code, a hidden type: never stored on the way.
    reply.code(page.status).header('cache-control', 'no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(render(page));
    return reply.header('content-encoding', encoding).send(compressSmallText(render(page), encoding));
  });
});
