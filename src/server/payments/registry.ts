import { createHmac, randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config';
import { PART_LABELS, partMode, type PartMode, type PaymentPart } from '../sandbox-parts';
import { ProviderError, type PaymentProvider, type PaymentProviderName } from './provider';
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

/** Each provider's keys, by environment variable, in the order the sentences name them. */
export const PROVIDER_KEYS: Record<PaymentPart, (config: ServerConfig) => Record<string, string | undefined>> = {
  mercadopago: (c) => ({ MERCADOPAGO_ACCESS_TOKEN: c.mercadopago.accessToken, MERCADOPAGO_WEBHOOK_SECRET: c.mercadopago.webhookSecret }),
  paypal: (c) => ({ PAYPAL_CLIENT_ID: c.paypal.clientId, PAYPAL_CLIENT_SECRET: c.paypal.clientSecret, PAYPAL_WEBHOOK_ID: c.paypal.webhookId }),
  fintoc: (c) => ({ FINTOC_SECRET_KEY: c.fintoc.secretKey, FINTOC_WEBHOOK_SECRET: c.fintoc.webhookSecret }),
  openpay: (c) => ({
    OPENPAY_MERCHANT_ID: c.openpay.merchantId, OPENPAY_PRIVATE_KEY: c.openpay.privateKey, OPENPAY_PUBLIC_KEY: c.openpay.publicKey,
    OPENPAY_WEBHOOK_USER: c.openpay.webhookUser, OPENPAY_WEBHOOK_PASSWORD: c.openpay.webhookPassword,
  }),
  stripe: (c) => ({ STRIPE_SECRET_KEY: c.stripe.secretKey, STRIPE_WEBHOOK_SECRET: c.stripe.webhookSecret, STRIPE_PUBLISHABLE_KEY: c.stripe.publishableKey }),
};

/**
 * Which providers run against the real service (all their keys are set), which against the
 * sandbox (no keys, its sandbox switched on) and which are off (no keys, no sandbox: no event may
 * enable them). Some keys set and others not stops the start.
 */
export function providerModes(config: ServerConfig): Record<PaymentPart, PartMode> {
  const modeOf = (name: PaymentPart): PartMode => {
    const keys = PROVIDER_KEYS[name](config);
    const set = Object.values(keys).filter(Boolean).length;
    if (set > 0 && set < Object.keys(keys).length) {
      throw new Error(`${PART_LABELS[name]} is half configured: set all of ${Object.keys(keys).join(', ')}, or none.`);
    }
    return partMode(set > 0, config.sandbox[name]);
  };
  return { mercadopago: modeOf('mercadopago'), paypal: modeOf('paypal'), fintoc: modeOf('fintoc'), openpay: modeOf('openpay'), stripe: modeOf('stripe') };
}

/**
 * One adapter per provider, switched by configuration: with keys, the provider's real
 * REST API; without, the same adapter pointed at the sandbox this server hosts under
 * /sandbox/{provider}/api (reached through `selfUrl`, known once the server listens) when its
 * sandbox is switched on. A provider that is off still gets the live adapter, with no API to reach
 * (every call is a ProviderError) and credentials derived from a secret nobody knows (no webhook verifies).
 */
export function buildPaymentProviders(config: ServerConfig, selfUrl: () => string): PaymentProviders {
  const modes = providerModes(config);
  const sandbox = sandboxCredentials(config.signingSecret);
  const tolerance = config.webhookToleranceSeconds;
  const unknown = sandboxCredentials(randomBytes(32).toString('hex'));
  const live = (url: string) => () => url;
  /** Without keys: the sandbox's API and credentials, or (off) none to reach and none that verify. */
  const keyless = <P extends PaymentPart>(name: P) => modes[name] === 'sandbox'
    ? { mode: 'sandbox' as const, apiUrl: () => `${selfUrl()}/sandbox/${name}/api`, credentials: sandbox[name] }
    : {
        mode: 'live' as const,
        apiUrl: (): string => {
          throw new ProviderError(name, 'no keys are configured and its sandbox is off');
        },
        credentials: unknown[name],
      };
  const mp = keyless('mercadopago');
  const pp = keyless('paypal');
  const fi = keyless('fintoc');
  const op = keyless('openpay');
  const st = keyless('stripe');
  return {
    mercadopago: mercadoPagoProvider(
      modes.mercadopago === 'live'
        ? { mode: 'live', apiUrl: live(config.mercadopago.apiUrl), accessToken: config.mercadopago.accessToken!, webhookSecret: config.mercadopago.webhookSecret!, toleranceSeconds: tolerance, threeDSecureMode: config.mercadopago.threeDSecureMode }
        : { mode: mp.mode, apiUrl: mp.apiUrl, ...mp.credentials, toleranceSeconds: tolerance, threeDSecureMode: config.mercadopago.threeDSecureMode },
    ),
    paypal: payPalProvider(
      modes.paypal === 'live'
        ? { mode: 'live', apiUrl: live(config.paypal.apiUrl), clientId: config.paypal.clientId!, clientSecret: config.paypal.clientSecret!, webhookId: config.paypal.webhookId!, toleranceSeconds: tolerance }
        : { mode: pp.mode, apiUrl: pp.apiUrl, ...pp.credentials, toleranceSeconds: tolerance },
    ),
    fintoc: fintocProvider(
      modes.fintoc === 'live'
        ? { mode: 'live', apiUrl: live(config.fintoc.apiUrl), secretKey: config.fintoc.secretKey!, webhookSecret: config.fintoc.webhookSecret!, toleranceSeconds: tolerance }
        : { mode: fi.mode, apiUrl: fi.apiUrl, ...fi.credentials, toleranceSeconds: tolerance },
    ),
    openpay: openpayProvider(
      modes.openpay === 'live'
        ? { mode: 'live', apiUrl: live(config.openpay.apiUrl), merchantId: config.openpay.merchantId!, privateKey: config.openpay.privateKey!, webhookUser: config.openpay.webhookUser!, webhookPassword: config.openpay.webhookPassword! }
        : { mode: op.mode, apiUrl: op.apiUrl, ...op.credentials },
    ),
    stripe: stripeProvider(
      modes.stripe === 'live'
        ? { mode: 'live', apiUrl: live(config.stripe.apiUrl), secretKey: config.stripe.secretKey!, webhookSecret: config.stripe.webhookSecret!, toleranceSeconds: tolerance }
        : { mode: st.mode, apiUrl: st.apiUrl, secretKey: st.credentials.secretKey, webhookSecret: st.credentials.webhookSecret, toleranceSeconds: tolerance },
    ),
    free: freeProvider(),
  };
}
