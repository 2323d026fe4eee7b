import type { LoaderProvider } from '../../api/paymentTypes';

/** How one loader page resolves its payment: route segment, query and loader call (docs/product-rules.md, *Loader pages*). */
export interface LoaderDefinition {
  /** The route segment under `/{url}`: `/{url}/{segment}/loader`. */
  segment: string;
  /** `POST /api/payments/{provider}/loader-process`. */
  provider: LoaderProvider;
  /** The query parameter the page needs; without it the buyer goes to `/`. */
  queryParam: string;
  /** The bot-check action whose token goes along as `g_token` (the free claim only). */
  botCheckAction?: string;
  /** Every loader but the second card provider's (`open-pay`) sets the payment-methods error flag on failure. */
  setsErrorFlag: boolean;
  /** The loader call's body from the query value (and the bot-check token when there is one). */
  body(queryValue: string, context: { url: string; botCheckToken?: string }): Record<string, string>;
}

/** The seven loader pages, by route segment. */
export const LOADER_DEFINITIONS: Record<string, LoaderDefinition> = {
  mp: { segment: 'mp', provider: 'mercadopago', queryParam: 'payment_id', setsErrorFlag: true, body: (value) => ({ payment_id: value }) },
  'mp-supertoken': {
    segment: 'mp-supertoken',
    provider: 'mercadopago-supertoken',
    queryParam: 'payment_id',
    setsErrorFlag: true,
    body: (value) => ({ payment_id: value }),
  },
  'open-pay': { segment: 'open-pay', provider: 'open-pay', queryParam: 'payment_id', setsErrorFlag: false, body: (value) => ({ payment_id: value }) },
  paypal: { segment: 'paypal', provider: 'paypal', queryParam: 'token', setsErrorFlag: true, body: (value) => ({ token: value }) },
  fintoc: { segment: 'fintoc', provider: 'fintoc', queryParam: 'purchase_id', setsErrorFlag: true, body: (value) => ({ purchase_id: value }) },
  stripe: {
    segment: 'stripe',
    provider: 'stripe',
    queryParam: 'payment_intent',
    setsErrorFlag: true,
    body: (value, { url }) => ({ payment_intent: value, url }),
  },
  free: {
    segment: 'free',
    provider: 'free',
    queryParam: 'secretuuid',
    botCheckAction: 'validate_free_access_loader',
    setsErrorFlag: true,
    body: (value, { botCheckToken }) => ({ token: value, g_token: botCheckToken ?? '' }),
  },
};

/** The definition of a loader segment, if it is one. */
export function loaderDefinition(segment: string): LoaderDefinition | undefined {
  return Object.hasOwn(LOADER_DEFINITIONS, segment) ? LOADER_DEFINITIONS[segment] : undefined;
}
