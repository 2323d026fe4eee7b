/**
 * Which payment methods an event offers: the one rule, shared by the storefront (the list on
 * the payment step) and the server (`startPayment` refuses a method the rule would not offer).
 * Pure: the event config in, method ids in display order out.
 *
 * A config flag is on only when it is `true`: the event-file schema
 * (schemas/event/event-config.schema.json) types every flag as a boolean, and the import
 * refuses anything else, so `1`, `"1"` or `"true"` never reach a stored event.
 */

export type PaymentMethodId = 'free' | 'openpay' | 'card' | 'bankTransfer' | 'cash' | 'superToken' | 'stripe' | 'paypal';
export type PaidMethodId = Exclude<PaymentMethodId, 'free'>;

/** The event config as stored or sent to the storefront; only its flags matter here. */
export type MethodConfig = Record<string, unknown> | undefined;

/**
 * The methods this storefront can take: all of them — the free claim, bank transfer, the wallet
 * provider's new card (`card`) and super token (`superToken`), cash voucher, PayPal, the second card
 * provider (`openpay`) and the card payment provider (`stripe`: card, Google Pay, Apple Pay). The set
 * stays as the one switch for a method that is not ready.
 */
export const IMPLEMENTED_METHODS: ReadonlySet<PaymentMethodId> = new Set<PaymentMethodId>(['free', 'bankTransfer', 'card', 'cash', 'superToken', 'paypal', 'openpay', 'stripe']);

/** The event-config flags of each paid method (any one switches it on); the free claim depends on the total only. */
export const METHOD_FLAGS: Record<PaidMethodId, readonly string[]> = {
  openpay: ['metodo_pago_open_pay'],
  bankTransfer: ['metodo_pago_fintoc'],
  card: ['metodo_pago_mercadopago_tarjetas'],
  cash: ['metodo_pago_mercadopago_efectivo'],
  superToken: ['metodo_pago_mercadopago_supertoken'],
  stripe: ['metodo_pago_stripe_tarjeta', 'metodo_pago_stripe_google_pay', 'metodo_pago_stripe_apple_pay'],
  paypal: ['metodo_pago_paypal'],
};

/** The display order of the regular list. */
const LIST_ORDER: readonly PaidMethodId[] = ['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal'];

/** One boolean flag of the event config (see the module comment: `true` only). */
export function configFlag(config: MethodConfig, name: string): boolean {
  return config?.[name] === true;
}

/** Amex-only events take cards and nothing else (and show the Amex logo). */
export function isAmexOnly(config: MethodConfig): boolean {
  return configFlag(config, 'tarjetas_amex');
}

/** True when the event config switches `method` on (any of its flags). */
export function methodEnabledInConfig(config: MethodConfig, method: PaidMethodId): boolean {
  return METHOD_FLAGS[method].some((name) => configFlag(config, name));
}

export interface MethodListInput {
  /** amount + amountProductos, in centavos: on the method list, the total is both together. */
  totalCents: number;
  hasTickets: boolean;
  config: MethodConfig;
  /** The payment-methods error flag (set after a failed payment). */
  errorFlag: boolean;
  /** Whether a method may be offered at all (config aside); all by default. */
  available?: (method: PaymentMethodId) => boolean;
}

/**
 * The payment method list, in display order: a 0 total offers only the free claim (the server
 * refuses it for any other total, so no flag is needed); the second card provider alone after
 * a failed payment; the card alone for Amex events; otherwise every enabled method in order.
 * A method that is not `available` counts as off.
 */
export function paymentMethodList(input: MethodListInput): PaymentMethodId[] {
  const available = input.available ?? (() => true);
  if (input.totalCents === 0 && input.hasTickets) return available('free') ? ['free'] : [];
  const on = (method: PaidMethodId) => available(method) && methodEnabledInConfig(input.config, method);
  if (on('openpay') && input.errorFlag) return ['openpay'];
  // Amex-only events take cards and nothing else; with no card method available, nothing is offered.
  if (isAmexOnly(input.config)) return available('card') ? ['card'] : [];
  return LIST_ORDER.filter(on);
}

/** What the storefront offers: the same rule, counting methods not implemented yet as off. */
export function offeredMethodList(input: Omit<MethodListInput, 'available'>): PaymentMethodId[] {
  return paymentMethodList({ ...input, available: (method) => IMPLEMENTED_METHODS.has(method) });
}

/**
 * Whether the event offers the paid `method` to an order with a total above 0, before or after a
 * failed payment (the second card provider is offered only after one; the server cannot see the
 * browser's error flag): what the server checks when a payment starts (the total's own rule —
 * free only for 0, paid only above it — is answered separately, with its own error).
 */
export function offersPaidMethod(config: MethodConfig, method: PaidMethodId): boolean {
  return [false, true].some((errorFlag) => offeredMethodList({ totalCents: 1, hasTickets: true, config, errorFlag }).includes(method));
}
