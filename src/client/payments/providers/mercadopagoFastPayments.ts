import type { MercadoPagoFastPayments } from './mercadopagoSdk';

export type { AccountPaymentMethod, FastPaymentAuthenticator } from './mercadopagoSdk';

/**
 * The fast-payment ("super token") calls of MercadoPago's JS SDK v2 the super-token panel
 * uses: `authenticator(amount, email)` → `show({ hideUserConfirmation })` → a fast-payment
 * token, then the account's saved methods (the card panel's saved cards use two more calls, see
 * mercadopagoSdk.ts). The same calls exist in the real SDK and in the sandbox's
 * (`/sandbox/mercadopago/js/v2`); a failure carries MercadoPago's `errorCode`.
 */
export type FastPaymentsSdk = Pick<MercadoPagoFastPayments, 'authenticator' | 'getAccountPaymentMethods'>;

/** The amount the authenticator takes: pesos with exactly two decimals ("220.00"). */
export function authenticatorAmount(totalCents: number): string {
  return (totalCents / 100).toFixed(2);
}
