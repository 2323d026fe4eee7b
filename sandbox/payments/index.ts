import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from '../../src/shared/node/same-secret';
import { limitEveryRoute } from '../../src/server/plugins/security';
import { sandboxCredentials } from '../../src/server/payments/registry';
import type { PaymentsRuntime } from '../../src/server/payments/runtime';
import { fintocSandbox } from './fintoc.sandbox';
import { mercadoPagoBrowserSandbox } from './mercadopago-browser.sandbox';
import { mercadoPagoCardsSandbox } from './mercadopago-cards.sandbox';
import { mercadoPagoFastPaymentsSandbox } from './mercadopago-fast-payments.sandbox';
import { mercadoPagoThreeDsSandbox } from './mercadopago-3ds.sandbox';
import { mercadoPagoSandbox } from './mercadopago.sandbox';
import { openpayBrowserSandbox } from './openpay-browser.sandbox';
import { openpaySandbox } from './openpay.sandbox';
import { payPalSandbox } from './paypal.sandbox';
import { stripeBrowserSandbox } from './stripe-browser.sandbox';
import { stripeSandbox } from './stripe.sandbox';

/**
 * The built-in payment sandbox, for each provider that has no keys configured: its REST
 * API under /sandbox/{provider}/api (the real adapter talks to it) and its hosted pages
 * under /sandbox/{provider}/… (plain HTML forms, no scripts), plus MercadoPago's browser
 * SDK (script, secure-field iframes, demo card form) and Stripe.js (script, card frame,
 * wallet sheets, 3-D Secure page). A provider with keys has no sandbox routes at all. Every
 * route is rate limited per client (`limitEveryRoute`); the tokens they create for a moment are
 * purged once of no use (`purge.ts`).
 */
export async function paymentSandboxRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  // Card tokens, payment methods and the hosted pages answer anyone: every route is limited per client.
  // This server's own calls (a provider's secret key) are not counted: they act for purchases, which count already.
  limitEveryRoute(app, rt.ctx.config, carriesSecretKey(sandboxCredentials(rt.ctx.config.signingSecret)));
  // The hosted pages post plain HTML forms; this parser lives only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  if (rt.providers.mercadopago.mode === 'sandbox') {
    await app.register(mercadoPagoSandbox, { rt });
    await app.register(mercadoPagoBrowserSandbox, { rt });
    await app.register(mercadoPagoCardsSandbox, { rt });
    await app.register(mercadoPagoFastPaymentsSandbox, { rt });
    await app.register(mercadoPagoThreeDsSandbox, { rt });
  }
  if (rt.providers.paypal.mode === 'sandbox') await app.register(payPalSandbox, { rt });
  if (rt.providers.fintoc.mode === 'sandbox') await app.register(fintocSandbox, { rt });
  if (rt.providers.openpay.mode === 'sandbox') {
    await app.register(openpaySandbox, { rt });
    await app.register(openpayBrowserSandbox);
  }
  if (rt.providers.stripe.mode === 'sandbox') {
    await app.register(stripeSandbox, { rt });
    await app.register(stripeBrowserSandbox, { rt });
  }
}

/**
 * Whether a request carries a secret key of the sandbox (as a bearer token, or as the user of basic
 * auth, Openpay's way): only this server knows them (derived from SIGNING_SECRET).
 */
function carriesSecretKey(creds: ReturnType<typeof sandboxCredentials>) {
  const secrets = [creds.mercadopago.accessToken, creds.openpay.privateKey, creds.stripe.secretKey, creds.fintoc.secretKey];
  return (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    const key = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] : header.replace(/^Bearer\s+/i, '');
    return key !== '' && secrets.some((secret) => sameSecret(key, secret));
  };
}
