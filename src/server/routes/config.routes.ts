import type { FastifyInstance } from 'fastify';
import type { AppConfigResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { providerModes, sandboxCredentials } from '../payments/registry';
import { seatsMode } from '../seats/seats-provider';

/** GET /api/config: what the storefront needs to know about this server before any event loads. */
export async function configRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config } = ctx;
  const modes = providerModes(config);
  const sandbox = sandboxCredentials(config.signingSecret);
  // A provider that is off (no keys, no sandbox) is left out: no event may offer it.
  const mercadopago = modes.mercadopago === 'sandbox'
    ? { mode: 'sandbox' as const, publicKey: sandbox.mercadopago.publicKey }
    : modes.mercadopago === 'live' && config.mercadopago.publicKey ? { mode: 'live' as const, publicKey: config.mercadopago.publicKey } : undefined;
  const openpay = modes.openpay === 'sandbox'
    ? { mode: 'sandbox' as const, merchantId: sandbox.openpay.merchantId, publicKey: sandbox.openpay.publicKey, sandboxMode: true }
    : modes.openpay === 'live' ? { mode: 'live' as const, merchantId: config.openpay.merchantId!, publicKey: config.openpay.publicKey!, sandboxMode: config.openpay.apiUrl.includes('sandbox') } : undefined;
  const stripe = modes.stripe === 'sandbox'
    ? { mode: 'sandbox' as const, publishableKey: sandbox.stripe.publishableKey }
    : modes.stripe === 'live' ? { mode: 'live' as const, publishableKey: config.stripe.publishableKey! } : undefined;
  const seats = seatsMode(config);
  const seatsio = seats === 'live'
    ? { mode: 'live' as const, chartJsUrl: 'https://cdn-{region}.seatsio.net/chart.js' }
    : seats === 'sandbox' ? { mode: 'sandbox' as const, chartJsUrl: '/sandbox/seatsio/chart.js' } : undefined;
  const body: AppConfigResponse = {
    // reCAPTCHA v3 always: Google's api.js, or the demo's stand-in of it (a relative URL, on this site).
    botCheck: { provider: 'recaptcha', siteKey: config.recaptchaSiteKey ?? '', scriptUrl: config.recaptchaScriptUrl },
    mainSiteUrl: config.mainSiteUrl,
    supportEmail: config.supportEmail,
    helpUrl: `${config.mainSiteUrl.replace(/\/$/, '')}/ayuda`,
    ...(mercadopago ? { mercadopago } : {}),
    ...(openpay ? { openpay } : {}),
    ...(stripe ? { stripe } : {}),
    ...(seatsio ? { seatsio } : {}),
  };
  app.get<{ Reply: AppConfigResponse }>('/api/config', { schema: { response: answers('config') } }, async () => body);
}
