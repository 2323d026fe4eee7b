/**
 * Shapes of the payment and emission routes as the storefront reads them (README, *The API*).
 * The buyer's details travel as the buyer panel's form data; the server judges them
 * with the same schema (schemas/forms/buyer.schema.json).
 */
import type { PurchaseReload } from './types';

/** What the buyer panels (free, cash voucher, bank transfer) collect. */
export interface BuyerForm {
  name: string;
  email: string;
  emailConfirm?: string;
  phone: string;
}

export type PaymentLanguage = 'es' | 'en';

/** `POST /payments/mercadopago/create-preference` → the hosted cash-voucher checkout. */
export interface CreatePreferenceResponse {
  preference_id: string;
  init_point: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

/** `POST /payments/paypal/create-order`: `order.links[1]` is the approval link. */
export interface PaypalOrderResponse {
  order: { id: string; status: string; links: PaypalLink[] };
}

/** `POST /payments/fintoc/create-session`: the bank widget to open. */
export interface FintocSessionResponse {
  session_token: string | null;
  widget_url: string;
}

/** `POST /payments/free/verify-free`. */
export interface VerifyFreeResponse {
  secretuuid: string;
}

/** The provider path of each loader call (`/payments/{provider}/loader-process`). */
export type LoaderProvider = 'mercadopago' | 'mercadopago-supertoken' | 'open-pay' | 'paypal' | 'fintoc' | 'stripe' | 'free';

/** A loader's payment status: approved, pending or rejected; anything else the server says counts as `other`. */
export type PaymentStatus = 'approved' | 'pending' | 'rejected' | 'other';

/** `POST /payments/{provider}/loader-process`. */
export interface LoaderResponse {
  status: string;
  reload?: PurchaseReload | null;
}

/** One ticket of the wallet dialog (`GET /emissions/obtener/wallet`). */
export interface WalletEmission {
  id: string;
  name: string;
  serial: string;
}
