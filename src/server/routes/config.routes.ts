import type { FastifyInstance } from 'fastify';
import type { AppConfigResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { providerModes, sandboxCredentials } from '../payments/registry';

/** GET /api/config: what the storefront needs to know about this server before any event loads. */
export async function configRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config } = ctx;
  const mercadopago = providerModes(config).mercadopago === 'sandbox'
    ? { mode: 'sandbox' as const, publicKey: sandboxCredentials(config.signingSecret).mercadopago.publicKey }
    : config.mercadopago.publicKey ? { mode: 'live' as const, publicKey: config.mercadopago.publicKey } : undefined;
  const openpaySandbox = sandboxCredentials(config.signingSecret).openpay;
  const openpay = providerModes(config).openpay === 'sandbox'
    ? { mode: 'sandbox' as const, merchantId: openpaySandbox.merchantId, publicKey: openpaySandbox.publicKey, sandboxMode: true }
    : { mode: 'live' as const, merchantId: config.openpay.merchantId!, publicKey: config.openpay.publicKey!, sandboxMode: config.openpay.apiUrl.includes('sandbox') };
  const stripe = providerModes(config).stripe === 'sandbox'
    ? { mode: 'sandbox' as const, publishableKey: sandboxCredentials(config.signingSecret).stripe.publishableKey }
    : { mode: 'live' as const, publishableKey: config.stripe.publishableKey! };
  const body: AppConfigResponse = {
    botCheck: config.recaptchaSecret
      ? { provider: 'recaptcha' as const, siteKey: config.recaptchaSiteKey ?? '' }
      : { provider: 'sandbox' as const },
    mainSiteUrl: config.mainSiteUrl,
    supportEmail: config.supportEmail,
    helpUrl: `${config.mainSiteUrl.replace(/\/$/, '')}/ayuda`,
    ...(mercadopago ? { mercadopago } : {}),
    openpay,
    stripe,
    seatsio: config.seatsioSecretKey
      ? { mode: 'live', chartJsUrl: 'https://cdn-{region}.seatsio.net/chart.js' }
      : { mode: 'sandbox', chartJsUrl: '/sandbox/seatsio/chart.js' },
  };
  app.get<{ Reply: AppConfigResponse }>('/api/config', { schema: { response: answers('config') } }, async () => body);
}
