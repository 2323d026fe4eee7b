import { createHmac } from 'node:crypto';
import type { ServerConfig } from '../config';
import type { PaymentProvider, PaymentProviderName, ProviderMode } from './provider';
import { fintocProvider } from './providers/fintoc.provider';
import { freeProvider } from './providers/free.provider';
import { mercadoPagoProvider, type MercadoPagoProvider } from './providers/mercadopago.provider';
import { openpayProvider, type OpenpayProvider } from './providers/openpay.provider';
import { payPalProvider } from './providers/paypal.provider';
import { stripeProvider, type StripeProvider } from './providers/stripe.provider';

export type PaymentProviders = Record<PaymentProviderName, PaymentProvider> & { mercadopago: MercadoPagoProvider; openpay: OpenpayProvider; stripe: StripeProvider };

/** The credentials the built-in sandbox issues and checks, derived from SIGNING_SECRET so every process agrees. */
export function sandboxCredentials(signingSecret: string) {
  const derive = (label: string) => createHmac('sha256', signingSecret).update(`payment-sandbox:${label}`).digest('hex').slice(0, 40);
  return {
    mercadopago: { accessToken: `TEST-SBX-${derive('mp-token')}`, publicKey: `TEST-SBX-PK-${derive('mp-public-key')}`, webhookSecret: derive('mp-webhook') },
    paypal: { clientId: `SBX${derive('pp-id')}`, clientSecret: derive('pp-secret'), webhookId: `WHSBX${derive('pp-webhook').slice(0, 16).toUpperCase()}` },
    fintoc: { secretKey: `sk_test_sbx_${derive('fintoc-key')}`, webhookSecret: `whsec_${derive('fintoc-webhook')}` },
    openpay: {
      merchantId: `msbx${derive('op-merchant').slice(0, 16)}`,
      privateKey: `sk_sbx_${derive('op-private').slice(0, 28)}`,
      publicKey: `pk_sbx_${derive('op-public').slice(0, 28)}`,
      webhookUser: `webhook-${derive('op-webhook-user').slice(0, 8)}`,
      webhookPassword: derive('op-webhook-password'),
    },
    stripe: { secretKey: `sk_test_sbx_${derive('stripe-key')}`, publishableKey: `pk_test_sbx_${derive('stripe-publishable')}`, webhookSecret: `whsec_${derive('stripe-webhook')}` },
  };
}

/** Which providers run against the real service (their keys are set) and which against the sandbox. */
export function providerModes(config: ServerConfig): Record<Exclude<PaymentProviderName, 'free'>, ProviderMode> {
  const modeOf = (name: string, keys: (string | undefined)[]): ProviderMode => {
    const set = keys.filter(Boolean).length;
    if (set === keys.length) return 'live';
    if (set > 0) throw new Error(`Configuración de pagos incompleta para ${name}: define todas sus claves o ninguna (sandbox).`);
    if (!config.paymentSandbox) throw new Error(`${name} no tiene claves y PAYMENT_SANDBOX=off: define sus claves.`);
    return 'sandbox';
  };
  return {
    mercadopago: modeOf('MercadoPago (MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET)', [config.mercadopago.accessToken, config.mercadopago.webhookSecret]),
    paypal: modeOf('PayPal (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID)', [config.paypal.clientId, config.paypal.clientSecret, config.paypal.webhookId]),
    fintoc: modeOf('Fintoc (FINTOC_SECRET_KEY, FINTOC_WEBHOOK_SECRET)', [config.fintoc.secretKey, config.fintoc.webhookSecret]),
    openpay: modeOf('Openpay (OPENPAY_MERCHANT_ID, OPENPAY_PRIVATE_KEY, OPENPAY_PUBLIC_KEY, OPENPAY_WEBHOOK_USER, OPENPAY_WEBHOOK_PASSWORD)', [
      config.openpay.merchantId, config.openpay.privateKey, config.openpay.publicKey, config.openpay.webhookUser, config.openpay.webhookPassword,
    ]),
    stripe: modeOf('Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY)', [config.stripe.secretKey, config.stripe.webhookSecret, config.stripe.publishableKey]),
  };
}

/**
 * One adapter per provider, switched by configuration: with keys, the provider's real
 * REST API; without, the same adapter pointed at the sandbox this server hosts under
 * /sandbox/{provider}/api (reached through `selfUrl`, known once the server listens).
 */
export function buildPaymentProviders(config: ServerConfig, selfUrl: () => string): PaymentProviders {
  const modes = providerModes(config);
  const sandbox = sandboxCredentials(config.signingSecret);
  const tolerance = config.webhookToleranceSeconds;
  const sandboxApi = (name: string) => () => `${selfUrl()}/sandbox/${name}/api`;
  const live = (url: string) => () => url;
  return {
    mercadopago: mercadoPagoProvider(
      modes.mercadopago === 'live'
        ? { mode: 'live', apiUrl: live(config.mercadopago.apiUrl), accessToken: config.mercadopago.accessToken!, webhookSecret: config.mercadopago.webhookSecret!, toleranceSeconds: tolerance, threeDSecureMode: config.mercadopago.threeDSecureMode }
        : { mode: 'sandbox', apiUrl: sandboxApi('mercadopago'), ...sandbox.mercadopago, toleranceSeconds: tolerance, threeDSecureMode: config.mercadopago.threeDSecureMode },
    ),
    paypal: payPalProvider(
      modes.paypal === 'live'
        ? { mode: 'live', apiUrl: live(config.paypal.apiUrl), clientId: config.paypal.clientId!, clientSecret: config.paypal.clientSecret!, webhookId: config.paypal.webhookId!, toleranceSeconds: tolerance }
        : { mode: 'sandbox', apiUrl: sandboxApi('paypal'), ...sandbox.paypal, toleranceSeconds: tolerance },
    ),
    fintoc: fintocProvider(
      modes.fintoc === 'live'
        ? { mode: 'live', apiUrl: live(config.fintoc.apiUrl), secretKey: config.fintoc.secretKey!, webhookSecret: config.fintoc.webhookSecret!, toleranceSeconds: tolerance }
        : { mode: 'sandbox', apiUrl: sandboxApi('fintoc'), ...sandbox.fintoc, toleranceSeconds: tolerance },
    ),
    openpay: openpayProvider(
      modes.openpay === 'live'
        ? { mode: 'live', apiUrl: live(config.openpay.apiUrl), merchantId: config.openpay.merchantId!, privateKey: config.openpay.privateKey!, webhookUser: config.openpay.webhookUser!, webhookPassword: config.openpay.webhookPassword! }
        : { mode: 'sandbox', apiUrl: sandboxApi('openpay'), ...sandbox.openpay },
    ),
    stripe: stripeProvider(
      modes.stripe === 'live'
        ? { mode: 'live', apiUrl: live(config.stripe.apiUrl), secretKey: config.stripe.secretKey!, webhookSecret: config.stripe.webhookSecret!, toleranceSeconds: tolerance }
        : { mode: 'sandbox', apiUrl: sandboxApi('stripe'), secretKey: sandbox.stripe.secretKey, webhookSecret: sandbox.stripe.webhookSecret, toleranceSeconds: tolerance },
    ),
    free: freeProvider(),
  };
}
