import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config';
import { absoluteUrl } from '../http/self-url';
import { PART_LABELS, partMode, type PartMode, type PaymentPart } from '../sandbox-parts';
import { ProviderError, type PaymentProvider, type PaymentProviderName } from './provider';
import { fintocProvider } from './providers/fintoc.provider';
import { freeProvider } from './providers/free.provider';
import { mercadoPagoProvider, type MercadoPagoProvider } from './providers/mercadopago.provider';
import { openpayProvider, type OpenpayProvider } from './providers/openpay.provider';
import { payPalProvider } from './providers/paypal.provider';
import { stripeProvider, type StripeProvider } from './providers/stripe.provider';

export type PaymentProviders = Record<PaymentProviderName, PaymentProvider> & { mercadopago: MercadoPagoProvider; openpay: OpenpayProvider; stripe: StripeProvider };

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
 * How each provider runs: `live` against the real service (its keys are set), `sandbox` against the
 * demo's stand-in (its keys and URL are the stand-in's, `config.sandboxed`), or `off` (no keys: no event
 * may enable it). Some keys set and others not stops the start.
 */
export function providerModes(config: ServerConfig): Record<PaymentPart, PartMode> {
  const modeOf = (name: PaymentPart): PartMode => {
    const keys = PROVIDER_KEYS[name](config);
    const set = Object.values(keys).filter(Boolean).length;
    if (set > 0 && set < Object.keys(keys).length) {
      throw new Error(`${PART_LABELS[name]} is half configured: set all of ${Object.keys(keys).join(', ')}, or none.`);
    }
    return partMode(set > 0 && !config.sandboxed.has(name), config.sandbox[name]);
  };
  return { mercadopago: modeOf('mercadopago'), paypal: modeOf('paypal'), fintoc: modeOf('fintoc'), openpay: modeOf('openpay'), stripe: modeOf('stripe') };
}

/**
 * One adapter per provider, from its keys and API URL in the configuration (a URL given as a path is
 * one of this server's own, reached through `selfUrl`: the demo's stand-ins). A provider that is off
 * gets an adapter with no API to reach (every call is a ProviderError) and no keys (no webhook verifies).
 */
export function buildPaymentProviders(config: ServerConfig, selfUrl: () => string): PaymentProviders {
  const modes = providerModes(config);
  const tolerance = config.webhookToleranceSeconds;
  const api = (name: PaymentPart, url: string) => (): string => {
    if (modes[name] === 'off') throw new ProviderError(name, 'no keys are configured and its sandbox is off');
    return absoluteUrl(url, selfUrl);
  };
  /** The adapter's mode label; an off provider's adapter is never reached (its API throws). */
  const mode = (name: PaymentPart) => (modes[name] === 'sandbox' ? 'sandbox' as const : 'live' as const);
  // An unset key (the provider is off) becomes a random one nobody knows: no webhook signed with a guess verifies.
  const unknown = randomBytes(32).toString('hex');
  const key = (value: string | undefined) => value ?? unknown;
  const { mercadopago: mp, paypal: pp, fintoc: fi, openpay: op, stripe: st } = config;
  return {
    mercadopago: mercadoPagoProvider({
      mode: mode('mercadopago'), apiUrl: api('mercadopago', mp.apiUrl), accessToken: key(mp.accessToken), webhookSecret: key(mp.webhookSecret),
      toleranceSeconds: tolerance, threeDSecureMode: mp.threeDSecureMode,
    }),
    paypal: payPalProvider({
      mode: mode('paypal'), apiUrl: api('paypal', pp.apiUrl), clientId: key(pp.clientId), clientSecret: key(pp.clientSecret), webhookId: key(pp.webhookId), toleranceSeconds: tolerance,
    }),
    fintoc: fintocProvider({ mode: mode('fintoc'), apiUrl: api('fintoc', fi.apiUrl), secretKey: key(fi.secretKey), webhookSecret: key(fi.webhookSecret), toleranceSeconds: tolerance }),
    openpay: openpayProvider({
      mode: mode('openpay'), apiUrl: api('openpay', op.apiUrl), merchantId: key(op.merchantId), privateKey: key(op.privateKey),
      webhookUser: key(op.webhookUser), webhookPassword: key(op.webhookPassword),
    }),
    stripe: stripeProvider({ mode: mode('stripe'), apiUrl: api('stripe', st.apiUrl), secretKey: key(st.secretKey), webhookSecret: key(st.webhookSecret), toleranceSeconds: tolerance }),
    free: freeProvider(),
  };
}
