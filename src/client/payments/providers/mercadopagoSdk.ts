import { loadMercadoPago } from '@mercadopago/sdk-js';

/**
 * The MercadoPago JS SDK v2, loaded on demand by the card panels (never by the ticket
 * page). Live mode: the official loader injects sdk.mercadopago.com. Sandbox mode: our
 * server's `/sandbox/mercadopago/js/v2` is injected first; it defines `window.MercadoPago`
 * and the official loader then answers that instead of injecting the real one, so the
 * same code path serves both. Only the API subset the storefront uses is typed here.
 */

export type SecureFieldType = 'cardNumber' | 'expirationDate' | 'securityCode';

export interface FieldErrorMessage {
  message: string;
  cause: 'invalid_type' | 'invalid_length' | 'invalid_value' | string;
}

export interface SecureFieldEvents {
  ready: { field: SecureFieldType };
  change: { field: SecureFieldType };
  focus: { field: SecureFieldType };
  blur: { field: SecureFieldType };
  validityChange: { field: SecureFieldType; errorMessages: FieldErrorMessage[] };
  binChange: { field: SecureFieldType; bin: string | null };
  error: { field: SecureFieldType; error: unknown };
}

export interface SecureFieldOptions {
  placeholder?: string;
  mode?: 'short' | 'full';
  srLabel?: string;
  style?: Record<string, string>;
}

export interface SecureField {
  mount(containerId: string): SecureField;
  unmount(): SecureField;
  on<E extends keyof SecureFieldEvents>(event: E, callback: (data: SecureFieldEvents[E]) => void): SecureField;
  update(changes: { placeholder?: string; settings?: { mode?: 'short' | 'full'; length?: number }; invalid?: boolean }): SecureField;
}

/** MercadoPago's card-token resource (the fields the storefront reads). */
export interface CardToken {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
  expiration_month: number;
  expiration_year: number;
  security_code_length: number;
  cardholder: { name: string };
}

export interface MercadoPagoPaymentMethod {
  id: string;
  name: string;
  payment_type_id: string;
  secure_thumbnail?: string;
  thumbnail?: string;
}

export interface MercadoPagoIssuer {
  id: string;
  name: string;
  secure_thumbnail?: string;
  thumbnail?: string;
}

/** A saved method of the buyer's MercadoPago account, as `getAccountPaymentMethods` lists it. */
export interface AccountPaymentMethod {
  id: string;
  /** The method's token for fast payments (a saved card's pseudotoken); null when the method has none. */
  pseudotoken: string | null;
  type: 'credit_card' | 'debit_card' | 'account_money' | string;
  payment_method: { id: string; name: string; payment_type_id: string; thumbnail?: string; secure_thumbnail?: string };
  issuer: { id: string | null; name: string };
  first_six_digits: string | null;
  last_four_digits: string | null;
  /** `mandatory`: the buyer types the code again before paying (card id + code → card token). */
  security_code_settings: { mode: 'mandatory' | 'optional' | string; length: number; card_location?: string } | null;
}

/** What `authenticator(amount, email)` answers: `show()` resolves to the fast-payment token. */
export interface FastPaymentAuthenticator {
  show(options?: { hideUserConfirmation?: boolean }): Promise<string>;
}

/** MercadoPago's fast payments (saved cards and account money of the buyer's account), JS SDK v2. */
export interface MercadoPagoFastPayments {
  /** `amount`: the order total as a string with 2 decimals. Rejects (errorCode) when the account cannot authenticate. */
  authenticator(amount: string, payerEmail: string): Promise<FastPaymentAuthenticator>;
  getAccountPaymentMethods(fastPaymentToken: string): Promise<{ results: AccountPaymentMethod[] }>;
  getCardId(fastPaymentToken: string, pseudotoken: string): Promise<{ card_id: string }>;
  /** Binds a fresh card token (made from the card id and the typed code) to the saved card. */
  updatePseudotoken(fastPaymentToken: string, pseudotoken: string, cardToken: string): Promise<unknown>;
}

export interface MercadoPagoInstance extends MercadoPagoFastPayments {
  fields: {
    create(type: SecureFieldType, options?: SecureFieldOptions): SecureField;
    createCardToken(data: { cardholderName?: string; cardId?: string }): Promise<CardToken>;
  };
  getPaymentMethods(query: { bin: string }): Promise<{ results: MercadoPagoPaymentMethod[] }>;
  getIssuers(query: { paymentMethodId: string; bin: string }): Promise<MercadoPagoIssuer[]>;
}

type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;

/** Where the provider runs: MercadoPago itself, or this server's sandbox. */
export interface MercadoPagoSdkConfig {
  mode: 'live' | 'sandbox';
  publicKey: string;
}

export const SANDBOX_SDK_URL = '/sandbox/mercadopago/js/v2';

let sandboxScript: Promise<void> | null = null;

/** Injects the sandbox SDK once; a failed load may be retried. */
function injectSandboxSdk(): Promise<void> {
  sandboxScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SANDBOX_SDK_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      sandboxScript = null;
      script.remove();
      reject(new Error('The MercadoPago sandbox SDK could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return sandboxScript;
}

/** Loads the SDK for `config.mode` and answers `new MercadoPago(publicKey, { locale: 'es-MX' })`. */
export async function loadMercadoPagoSdk(config: MercadoPagoSdkConfig): Promise<MercadoPagoInstance> {
  if (config.mode === 'sandbox') await injectSandboxSdk();
  const MercadoPago = (await loadMercadoPago()) as MercadoPagoConstructor | null;
  if (!MercadoPago) throw new Error('MercadoPago.js not available');
  return new MercadoPago(config.publicKey, { locale: 'es-MX' });
}
