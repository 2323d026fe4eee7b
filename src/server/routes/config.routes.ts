import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** GET /api/config: what the storefront needs to know about this server before any event loads. */
export async function configRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config } = ctx;
  const body = {
    botCheck: config.recaptchaSecret
      ? { provider: 'recaptcha' as const, siteKey: config.recaptchaSiteKey ?? '' }
      : { provider: 'sandbox' as const },
    mainSiteUrl: config.mainSiteUrl,
    supportEmail: config.supportEmail,
    helpUrl: `${config.mainSiteUrl.replace(/\/$/, '')}/ayuda`,
  };
  app.get('/api/config', async () => body);
}
