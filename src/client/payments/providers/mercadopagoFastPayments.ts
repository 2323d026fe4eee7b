import type { MercadoPagoInstance } from './mercadopagoSdk';

/**
 * The fast-payment ("super token") part of MercadoPago's JS SDK v2 the super-token panel
 * uses: `authenticator(amount, email)` → `show({ hideUserConfirmation })` → a fast-payment
 * token, then the account's saved methods. The same calls exist in the real SDK and in the
 * sandbox's (`/sandbox/mercadopago/js/v2`); a failure carries MercadoPago's `errorCode`.
 */
export interface FastPaymentAuthenticator {
  show(options?: { hideUserConfirmation?: boolean }): Promise<string>;
}

/** One method of the buyer's account as `getAccountPaymentMethods` lists it. */
export interface AccountPaymentMethod {
  /** What pays: a saved card's pseudotoken, or `account_money`. */
  id: string;
  type: string;
  payment_method: { id: string; name: string; payment_type_id?: string; thumbnail?: string; secure_thumbnail?: string };
  issuer?: { id: string | null; name: string } | null;
  last_four_digits?: string | null;
}

export interface FastPaymentsSdk {
  authenticator(amount: string, payerEmail: string): Promise<FastPaymentAuthenticator>;
  getAccountPaymentMethods(fastPaymentToken: string): Promise<{ results: AccountPaymentMethod[] }>;
}

/** The loaded SDK seen through its fast-payment calls (present in both the real and the sandbox SDK). */
export function fastPaymentsOf(sdk: MercadoPagoInstance): FastPaymentsSdk {
  return sdk as unknown as FastPaymentsSdk;
}

/** The amount the authenticator takes: pesos with exactly two decimals ("220.00"). */
export function authenticatorAmount(totalCents: number): string {
  return (totalCents / 100).toFixed(2);
}
