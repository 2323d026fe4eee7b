import type { PaymentLanguage } from './payment';

/** The buyer of an Openpay card payment: the cardholder's name and the e-mail with its confirmation (schemas/forms/second-card). */
export interface OpenpayBuyerForm {
  name: string;
  email: string;
  emailConfirm?: string;
  lang?: PaymentLanguage;
}

/**
 * `POST /api/payments/open-pay/process-payment`: pays a held purchase with an Openpay card token
 * made in the browser (`OpenPay.token.create`; the card number never reaches this server) and the
 * device session id of Openpay's anti-fraud script. The amount is the purchase's.
 */
export interface OpenpayProcessPaymentRequest {
  purchase_id: string;
  /** Openpay's token id. */
  token: string;
  buyer_info: OpenpayBuyerForm;
  /** `OpenPay.deviceData.setup()`'s answer. */
  device_session_id: string;
  lang?: PaymentLanguage;
}

/**
 * The Openpay charge id; the storefront goes on to `/{url}/open-pay/loader?payment_id=…`, or,
 * when the bank asks for 3-D Secure, to `redirect_url` first (it returns to that loader).
 */
export interface OpenpayProcessPaymentResponse {
  payment_id: string;
  redirect_url?: string;
}

export type OpenpayLoaderRequest = { payment_id: string };
