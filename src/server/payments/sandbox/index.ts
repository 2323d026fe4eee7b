import type { FastifyInstance } from 'fastify';
import type { PaymentsRuntime } from '../runtime';
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
 * wallet sheets, 3-D Secure page). A provider with keys has no sandbox routes at all.
 */
export async function paymentSandboxRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
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
