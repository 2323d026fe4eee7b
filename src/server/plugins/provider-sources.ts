import type { ServerConfig } from '../config';

/** Origins a live payment provider's browser code needs, by CSP directive. */
export interface ProviderSources {
  script: string[];
  connect: string[];
  frame: string[];
  form: string[];
}

const NONE: ProviderSources = { script: [], connect: [], frame: [], form: [] };

/**
 * MercadoPago's live browser SDK (its script, its API, its secure-field frames) plus any
 * issuer's 3-D Secure page, framed by the card panel: issuers' hosts are not known in advance,
 * so frames — and the form POST that opens one with the CReq — allow any https origin.
 */
function mercadoPago(config: ServerConfig): ProviderSources {
  if (!config.mercadopago.accessToken || config.sandboxed.has('mercadopago')) return NONE;
  return {
    script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
    connect: ['https://api.mercadopago.com', 'https://api.mercadolibre.com', 'https://events.mercadopago.com'],
    frame: ['https:'],
    form: ['https:'],
  };
}

/** Openpay's two scripts (its CDN) run on the payment page and call its API. */
function openpay(config: ServerConfig): ProviderSources {
  if (!config.openpay?.merchantId || config.sandboxed.has('openpay')) return NONE;
  return { ...NONE, script: ['https://js.openpay.mx'], connect: ['https://api.openpay.mx', 'https://sandbox-api.openpay.mx'] };
}

/** Stripe.js: its script, its element and 3-D Secure frames, its API. */
function stripe(config: ServerConfig): ProviderSources {
  if (!config.stripe.secretKey || config.sandboxed.has('stripe')) return NONE;
  return {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    form: [],
  };
}

/** seats.io's chart: its script from the regional CDN, the chart's frame and its API, all under seatsio.net. */
function seatsio(config: ServerConfig): ProviderSources {
  if (!config.seatsio.secretKey || config.sandboxed.has('seats')) return NONE;
  return { script: ['https://*.seatsio.net'], connect: ['https://*.seatsio.net'], frame: ['https://*.seatsio.net'], form: [] };
}

/**
 * What the Content-Security-Policy adds for the providers that run live (their keys are set). A
 * provider run by the demo's stand-in needs nothing: its scripts, frames and API are this server's own origin.
 */
export function providerSources(config: ServerConfig): ProviderSources {
  const all = [mercadoPago(config), openpay(config), stripe(config), seatsio(config)];
  const union = (key: keyof ProviderSources) => [...new Set(all.flatMap((sources) => sources[key]))];
  return { script: union('script'), connect: union('connect'), frame: union('frame'), form: union('form') };
}
