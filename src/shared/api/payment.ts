import type { PurchaseReload } from './purchase';

export type PaymentLanguage = 'es' | 'en';

/**
 * The buyer panel's data as the storefront sends it (free, cash voucher, bank transfer). The
 * server judges it with the storefront's own form schema (schemas/forms/buyer.schema.json);
 * a missing `emailConfirm` is the e-mail itself. A type alias (not an interface) so it is a
 * plain record for the server's schema check.
 */
export type BuyerForm = {
  name: string;
  email: string;
  emailConfirm?: string;
  phone: string;
  lang?: PaymentLanguage;
};

/** The buyer as the server keeps and returns it (purchase reload): trimmed, e-mail lower-cased, with the e-mail language. */
export interface BuyerInfo {
  name: string;
  email: string;
  phone: string;
  lang: PaymentLanguage;
}

/** `POST /api/payments/mercadopago/create-preference` → the hosted cash-voucher checkout. */
export interface CreatePreferenceRequest {
  purchase_id: string;
  buyer_info: BuyerForm;
  /** The buyer's language, for the e-mails (default es). */
  lang?: PaymentLanguage;
}

export interface CreatePreferenceResponse {
  preference_id: string;
  init_point: string;
}

/**
 * `POST /api/payments/mercadopago/process-payment`: pays a held purchase with a MercadoPago card
 * token made in the browser (the card number never reaches this server). The amount is the
 * purchase's; `installments` is the months of a plan offered for that card (1: one payment).
 */
export interface ProcessCardPaymentRequest {
  purchase_id: string;
  /** MercadoPago's card token (`createCardToken` in the browser). */
  token: string;
  installments: number;
  paymentMethodId: string;
  issuer?: string | number | null;
  email: string;
  buyer_info: BuyerForm;
  /** The buyer's language, for the e-mails (default es). */
  lang?: PaymentLanguage;
}

/**
 * The MercadoPago payment id; the storefront goes on to `/{url}/mp/loader?payment_id=…` —
 * after the 3-D Secure challenge first when `three_ds_info` is there (the issuer's page,
 * framed, receives `creq` by form POST; the payment stays pending until the buyer answers).
 */
export interface ProcessCardPaymentResponse {
  payment_id: string;
  three_ds_info?: { external_resource_url: string; creq: string };
}

/**
 * `POST /api/payments/mercadopago-supertoken/create-order`: pays a held purchase with a method
 * saved in the buyer's MercadoPago account (super token). The amount is the purchase's.
 */
export interface SuperTokenOrderRequest {
  purchase_id: string;
  /** The fast-payment token the authenticator's `show()` gave the browser. */
  token: string;
  /** The chosen account method's id (`getAccountPaymentMethods`: a pseudotoken or `account_money`). */
  id: string;
  /** Its type (`credit_card`, `debit_card`, `account_money`…). */
  type: string;
  /** The months of the plan chosen for the method's card (absent or 1: one payment); checked by the server. */
  installments?: number;
  /** The MercadoPago account's e-mail (the tickets go to it). */
  email: string;
  /** The buyer's language, for the e-mails (default es). */
  lang?: PaymentLanguage;
}

/** The MercadoPago payment id; the storefront goes on to `/{url}/mp-supertoken/loader?payment_id=…`. */
export interface SuperTokenOrderResponse {
  payment_id: string;
}

/**
 * `POST /api/payments/stripe/create-order`: the PaymentIntent of the purchase's total (one per
 * purchase and total: a repeated call answers the same intent). The buyer's details travel with
 * the confirmation, as the payment's billing details.
 */
export interface StripeCreateOrderRequest {
  purchase_id: string;
  lang?: PaymentLanguage;
}

export interface StripeCreateOrderResponse {
  /** What Stripe.js confirms (`elements({clientSecret})`, `confirmPayment`). */
  clientSecret: string;
  /** The event offers card instalments: the card step creates a PaymentMethod, asks `stripe/installments` and lets the server confirm (`stripe/confirm`). */
  installments?: true;
}

/** `POST /api/payments/paypal/create-order` (PayPal's payer e-mail is the recipient). */
export interface PaypalCreateOrderRequest {
  purchase_id: string;
  lang?: PaymentLanguage;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

/** `order.links[1]` is the approval link: self first, approve second. */
export interface PaypalOrderResponse {
  order: { id: string; status: string; links: PaypalLink[] };
}

/** `POST /api/payments/fintoc/create-session`: the bank widget to open. */
export type FintocSessionRequest = CreatePreferenceRequest;

export interface FintocSessionResponse {
  session_token: string | null;
  widget_url: string;
}

/** `POST /api/payments/free/verify-free`; `token` is a bot-check token for action `validate_free_access`. */
export interface VerifyFreeRequest {
  purchase_id: string;
  buyer_info: BuyerForm;
  token: string;
  lang?: PaymentLanguage;
}

export interface VerifyFreeResponse {
  secretuuid: string;
}

/**
 * What a loader page sends (`POST /api/payments/{provider}/loader-process`): mercadopago
 * `payment_id`, paypal `token` (the order id PayPal appends to the return URL), fintoc
 * `purchase_id`, free `token` (the secretuuid) and `g_token` (bot check,
 * `validate_free_access_loader`). Each route requires its own fields.
 */
export interface LoaderRequest {
  payment_id?: string | number;
  token?: string;
  purchase_id?: string;
  g_token?: string;
  /** Stripe: the PaymentIntent id Stripe.js appends to the return URL, and the event's url. */
  payment_intent?: string;
  url?: string;
}

export type MercadopagoLoaderRequest = Required<Pick<LoaderRequest, 'payment_id'>>;
export type PaypalLoaderRequest = Required<Pick<LoaderRequest, 'token'>>;
export type FintocLoaderRequest = Required<Pick<LoaderRequest, 'purchase_id'>>;
export type FreeLoaderRequest = Required<Pick<LoaderRequest, 'token' | 'g_token'>>;
export type StripeLoaderRequest = Required<Pick<LoaderRequest, 'payment_intent' | 'url'>>;

/** The provider path of each loader call. */
export type LoaderProvider = 'mercadopago' | 'mercadopago-supertoken' | 'open-pay' | 'paypal' | 'fintoc' | 'stripe' | 'free';

/** A payment's state as a loader reports it; tickets exist only once `approved`. */
export type LoaderStatus = 'approved' | 'pending' | 'rejected' | 'other';

export interface LoaderResponse {
  status: LoaderStatus;
  /** Only for the holder of the purchase's access key. */
  reload?: PurchaseReload;
  /** A rejected card payment's reason as MercadoPago gives it (`cc_rejected_insufficient_amount`…). */
  status_detail?: string;
}
