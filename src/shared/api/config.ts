/** `GET /api/config`: what the storefront needs to know about this server before any event loads. */
export interface AppConfigResponse {
  /** reCAPTCHA v3: the site key and the `api.js` to load (`?render=SITE_KEY` is added; a relative URL is on this site). */
  botCheck: { provider: 'recaptcha'; siteKey?: string; scriptUrl: string };
  mainSiteUrl: string;
  supportEmail: string;
  helpUrl: string;
  /**
   * MercadoPago's public key for its browser SDK (card tokens): MERCADOPAGO_PUBLIC_KEY against the
   * real service, the sandbox's own key in sandbox mode; absent when live without a public key.
   */
  mercadopago?: { mode: 'live' | 'sandbox'; publicKey: string };
  /**
   * Openpay's browser scripts: the merchant id and public key (OPENPAY_MERCHANT_ID, OPENPAY_PUBLIC_KEY,
   * or the sandbox's own), whether the scripts talk to Openpay's test environment (`sandboxMode`),
   * and where they come from (`mode`: Openpay's CDN live, this server's sandbox otherwise).
   */
  openpay?: { mode: 'live' | 'sandbox'; merchantId: string; publicKey: string; sandboxMode: boolean };
  /**
   * The card payment provider's publishable key for Stripe.js: STRIPE_PUBLISHABLE_KEY against the
   * real service, the sandbox's own key in sandbox mode (an event's `stripe_public_key` wins in live mode).
   */
  stripe?: { mode: 'live' | 'sandbox'; publishableKey: string };
  /**
   * The seat map's chart script: seats.io's regional CDN (`https://cdn-{region}.seatsio.net/chart.js`,
   * the chart component fills `{region}`) with SEATSIO_SECRET_KEY, this server's sandbox chart otherwise.
   */
  seatsio?: { mode: 'live' | 'sandbox'; chartJsUrl: string };
}

/** The actions a bot-check token may be issued for. */
export type BotCheckAction = 'new_purchase' | 'waiting_room' | 'waiting_list' | 'validate_free_access' | 'validate_free_access_loader';

