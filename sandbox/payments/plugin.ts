import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from '../../src/shared/node/same-secret';
import { limitEveryRoute } from '../http/limits';
import type { SandboxCredentials } from '../credentials';
import type { SandboxRuntime } from '../runtime';
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
import { named } from '../../src/shared/node/fastify-plugin-name';

/**
 * The payment sandbox, for each provider it runs: its REST
 * API under /sandbox/{provider}/api (the real adapter talks to it) and its hosted pages
 * under /sandbox/{provider}/… (plain HTML forms, no scripts), plus MercadoPago's browser
 * SDK (script, secure-field iframes, demo card form) and Stripe.js (script, card frame,
 * wallet sheets, 3-D Secure page). A provider not in `rt.parts` has no routes at all. Every
 * route is rate limited per client (`limitEveryRoute`); the tokens they create for a moment are
 * purged once of no use (`purge.ts`).
 */
export async function paymentSandboxRoutes(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  // Card tokens, payment methods and the hosted pages answer anyone: every route is limited per client.
  // This server's own calls (a provider's secret key) are not counted: they act for purchases, which count already.
  limitEveryRoute(app, rt.limits, carriesSecretKey(rt.credentials));
  // The hosted pages post plain HTML forms; this parser lives only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  if (rt.parts.has('mercadopago')) {
    await app.register(named(mercadoPagoSandbox), { rt });
    await app.register(named(mercadoPagoBrowserSandbox), { rt });
    await app.register(named(mercadoPagoCardsSandbox), { rt });
    await app.register(named(mercadoPagoFastPaymentsSandbox), { rt });
    await app.register(named(mercadoPagoThreeDsSandbox), { rt });
  }
  if (rt.parts.has('paypal')) await app.register(named(payPalSandbox), { rt });
  if (rt.parts.has('fintoc')) await app.register(named(fintocSandbox), { rt });
  if (rt.parts.has('openpay')) {
    await app.register(named(openpaySandbox), { rt });
    await app.register(named(openpayBrowserSandbox));
  }
  if (rt.parts.has('stripe')) {
    await app.register(named(stripeSandbox), { rt });
    await app.register(named(stripeBrowserSandbox), { rt });
  }
}

/**
 * Whether a request carries a secret key of the sandbox (as a bearer token, or as the user of basic
 * auth, Openpay's way): only the server the sandbox serves knows them.
 */
function carriesSecretKey(creds: SandboxCredentials) {
  const secrets = [creds.mercadopago.accessToken, creds.openpay.privateKey, creds.stripe.secretKey, creds.fintoc.secretKey];
  return (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    const key = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] : header.replace(/^Bearer\s+/i, '');
    return key !== '' && secrets.some((secret) => sameSecret(key, secret));
  };
}
