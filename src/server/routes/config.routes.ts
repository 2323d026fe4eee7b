import type { FastifyInstance } from 'fastify';
import type { AppConfigResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { providerModes } from '../payments/registry';
import { seatsMode } from '../seats/seats-provider';

/** GET /api/config: what the storefront needs to know about this server before any event loads. */
export async function configRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config } = ctx;
  const modes = providerModes(config);
  // A provider that is off (no keys, no stand-in) is left out: no event may offer it.
  const on = (mode: string) => mode !== 'off';
  const label = (mode: string) => (mode === 'sandbox' ? 'sandbox' as const : 'live' as const);
  const mercadopago = on(modes.mercadopago) && config.mercadopago.publicKey ? { mode: label(modes.mercadopago), publicKey: config.mercadopago.publicKey } : undefined;
  const openpay = on(modes.openpay)
    ? { mode: label(modes.openpay), merchantId: config.openpay.merchantId!, publicKey: config.openpay.publicKey!, sandboxMode: modes.openpay === 'sandbox' || config.openpay.apiUrl.includes('sandbox') }
    : undefined;
  const stripe = on(modes.stripe) ? { mode: label(modes.stripe), publishableKey: config.stripe.publishableKey! } : undefined;
  const seats = seatsMode(config);
  const seatsio = on(seats) ? { mode: label(seats), chartJsUrl: config.seatsio.chartJsUrl } : undefined;
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
