import { createHmac } from 'node:crypto';

/**
 * The keys the sandbox issues and checks, one set per provider, derived from the secret it is given
 * (the server's SIGNING_SECRET in the demo), so every process sharing the secret agrees on them.
 * The demo's composition hands them to the server's adapters as if they were a provider's keys.
 */
export function sandboxCredentials(secret: string) {
  const derive = (label: string) => createHmac('sha256', secret).update(`payment-sandbox:${label}`).digest('hex').slice(0, 40);
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
    /** The seat sandbox's workspace secret key (seats.io's API takes it as the basic-auth user). */
    /** facturapi's test API key (the SDK sends it as the bearer token). */
    facturapi: { apiKey: `sk_test_sbx_${derive('facturapi-key')}`, webhookSecret: derive('facturapi-webhook') },
    seats: { secretKey: `sbx_${createHmac('sha256', secret).update('seats-sandbox:secret').digest('hex').slice(0, 32)}` },
  };
}

export type SandboxCredentials = ReturnType<typeof sandboxCredentials>;
