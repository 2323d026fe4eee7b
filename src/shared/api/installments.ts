/**
 * A card plan (meses sin intereses, or the issuer's interest-bearing months) as the storefront
 * shows it: what is paid each month and in all. Offered only as the provider offers it for that
 * card and total, narrowed by the event's `installments` rules.
 */
export interface InstallmentPlan {
  months: number;
  monthly_cents: number;
  total_cents: number;
  /** true: the total is the order's (meses sin intereses); false: the issuer's interest is added. */
  interest_free: boolean;
}

/**
 * `POST /api/payments/mercadopago/installments`: the plans of a MercadoPago card (its BIN and
 * payment method, as the card number gives them) for the purchase's total; none when the event
 * offers no instalments, the total is under its minimum, or the card has none (debit).
 */
export interface MercadoPagoInstallmentsRequest {
  purchase_id: string;
  /** The card's first six digits (eight are cut to six). */
  bin: string;
  payment_method_id: string;
}

/**
 * `POST /api/payments/mercadopago/account-installments`: the plans of a card saved in the buyer's
 * MercadoPago account (the saved-card list of the card panel, the super token's methods): the
 * server reads the method behind the fast-payment token from MercadoPago and asks by its BIN;
 * none for a debit card or account money.
 */
export interface MercadoPagoAccountInstallmentsRequest {
  purchase_id: string;
  /** The fast-payment token the authenticator's `show()` gave the browser. */
  token: string;
  /** The chosen account method's id (a pseudotoken or `account_money`) and its type. */
  id: string;
  type: string;
}

/** `POST /api/payments/stripe/installments`: the plans Stripe offers for the card entered on the purchase's PaymentIntent. */
export interface StripeInstallmentsRequest {
  purchase_id: string;
  /** The PaymentMethod Stripe.js created from the card element (`pm_…`). */
  payment_method_id: string;
}

/** `POST /api/payments/stripe/confirm`: the purchase's intent confirmed with its attached card and the months chosen (1: one payment). */
export interface StripeConfirmRequest {
  purchase_id: string;
  installments: number;
}

/** The intent for the loader (`/{url}/stripe/loader?payment_intent=…`); `redirect_url` when 3-D Secure comes first. */
export interface StripeConfirmResponse {
  payment_intent: string;
  redirect_url?: string;
}

export interface InstallmentsResponse {
  plans: InstallmentPlan[];
}
