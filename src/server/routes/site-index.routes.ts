import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { esc } from '../../shared/node/html-page';
import { publicOrigin } from '../http/public-origin';
import { limitedAs } from '../plugins/security';
import { listListedEvents } from '../repositories/event.repository';

/**
 * What search engines read first: `/robots.txt` (the API and the operators' preview are not pages;
 * where the sitemap is) and `/sitemap.xml`, every listed event's page (an event file's
 * `share.listed: false` keeps it out), with its last import as `lastmod`.
 */
export async function siteIndexRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Reply: string }>('/robots.txt', { config: limitedAs(ctx.config, 'read') }, async (_request, reply) => {
    const origin = publicOrigin(ctx.config, app);
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `User-agent: *\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: ${origin}/sitemap.xml\n`;
  });

  app.get<{ Reply: string }>('/sitemap.xml', { config: limitedAs(ctx.config, 'read') }, async (_request, reply) => {
    const origin = publicOrigin(ctx.config, app);
    const events = await listListedEvents(ctx.db.kysely);
    const urls = events.map((event) => `<url><loc>${esc(`${origin}/${event.url}`)}</loc><lastmod>${esc(event.updated_at)}</lastmod></url>`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
}
