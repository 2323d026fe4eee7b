/**
 * The shapes of the payment providers' API objects this project reads and the sandbox writes,
 * as the providers document them (only the fields used here). Types only: the server's adapters
 * and the sandbox (sandbox/payments) share them.
 */

/** The part of MercadoPago's payment resource we read (GET /v1/payments/{id}). */
export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  external_reference?: string | null;
  transaction_amount?: number | null;
  /** What was given back so far; a partial refund leaves the payment `approved` (status_detail `partially_refunded`). */
  transaction_amount_refunded?: number | null;
  currency_id?: string | null;
  date_of_expiration?: string | null;
  payment_type_id?: string | null;
  payment_method_id?: string | null;
}

export interface PayPalMoney { currency_code: string; value: string }

export interface PayPalLink { href: string; rel: string; method: string }

export interface PayPalCapture { id: string; status: string; amount?: PayPalMoney; custom_id?: string; invoice_id?: string; links?: PayPalLink[]; supplementary_data?: { related_ids?: { order_id?: string } } }

/** A refund of a capture (Payments v2): `links` has the capture it refunds as `up`. */
export interface PayPalRefund { id: string; status: string; amount?: PayPalMoney; links?: PayPalLink[] }

/** The part of a PayPal Orders v2 order we read. */
export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  payer?: { email_address?: string; name?: { given_name?: string; surname?: string } };
  purchase_units?: { reference_id?: string; custom_id?: string; description?: string; amount?: PayPalMoney; payments?: { captures?: PayPalCapture[]; refunds?: PayPalRefund[] } }[];
}

/** Openpay's card as it answers it: the number masked (`411111XXXXXX1111`), never whole. */
export interface OpenpayCard {
  card_number?: string | null;
  holder_name?: string | null;
  expiration_year?: string | null;
  expiration_month?: string | null;
  brand?: string | null;
  type?: string | null;
  bank_name?: string | null;
}

/** The part of Openpay's charge resource we read (`GET /v1/{merchant}/charges/{id}`). */
export interface OpenpayCharge {
  id: string;
  status: string;
  amount?: number | null;
  currency?: string | null;
  order_id?: string | null;
  method?: string | null;
  error_message?: string | null;
  error_code?: number | null;
  description?: string | null;
  card?: OpenpayCard | null;
  /** Present while the charge waits for 3-D Secure: the page the buyer authenticates on. */
  payment_method?: { type?: string; url?: string } | null;
  refund?: { id?: string; status?: string; amount?: number | null } | null;
}

/** A Fintoc payment intent, as a checkout session embeds it. */
export interface FintocPaymentIntent { id: string; status: string; amount?: number; currency?: string; metadata?: Record<string, string> }

/** The part of a Fintoc checkout session we read (GET /v1/checkout_sessions/{id}). */
export interface FintocSession {
  id: string;
  status: string;
  amount?: number;
  currency?: string;
  redirect_url?: string;
  session_token?: string;
  metadata?: Record<string, string>;
  payment_resource?: { payment_intent?: FintocPaymentIntent | null } | null;
}
