import type { BuyerInfo, PaymentLanguage } from '../../shared/api';
import type { CardFunding, OrderChangeReason, PaymentProviderName } from '../db/schema';

export type { CardFunding, PaymentProviderName };
export type ProviderMode = 'live' | 'sandbox';

/**
 * A payment's state as a provider reports it, in our words (see payment-state.ts for the order).
 * `refunded`: the whole payment went back to the payer — refunded in full, charged back, or a dispute lost.
 * A partial refund leaves it `approved` (with `refundedCents` saying how much went back).
 */
export type ObservedState = 'created' | 'pending' | 'approved' | 'rejected' | 'cancelled' | 'refunded';

/** What every provider needs to start a payment for one attempt. */
export interface StartInput {
  attemptId: string;
  purchaseId: string;
  amountCents: number;
  currency: string;
  /** One line for the provider's page ("Boletos · Festival …"). */
  title: string;
  buyer: BuyerInfo | null;
  /** The buyer's language for the provider's pages. */
  lang: PaymentLanguage;
  /** Storefront loader page the buyer returns to (absolute). */
  returnUrl: string;
  /** Where a cancelled approval returns (absolute). */
  cancelUrl: string;
  /** Our webhook route for this provider (absolute). */
  notificationUrl: string;
  /** End of the purchase's hold: the buyer must start paying before it. */
  holdExpiresAt: string;
  /** A cash voucher's payment deadline. */
  voucherDeadline: string;
  /** Sent as the provider's idempotency header, so a retried call never creates a second payment. */
  idempotencyKey: string;
  /** Card instalments may be offered (Stripe: the intent is created with them enabled; the plan is chosen before confirming). */
  cardInstallments?: boolean;
}

export interface StartResult {
  /** The provider's id for what the buyer pays (preference, order, checkout session, free-claim secret). */
  reference: string;
  /** Where the browser goes to pay (hosted checkout, approval page, bank widget). */
  redirectUrl: string;
  sessionToken?: string;
  links?: { href: string; rel: string; method: string }[];
}

/** A payment re-read from the provider: the only source its state is taken from. */
export interface ObservedPayment {
  /** Our attempt id as the provider echoes it back (external_reference, custom_id, metadata). */
  attemptId: string | null;
  reference: string | null;
  paymentId: string | null;
  state: ObservedState;
  amountCents: number | null;
  currency: string | null;
  /** A voucher's deadline (pending cash payments). */
  deadline: string | null;
  detail: string | null;
  /** What went back to the payer so far (refunds, chargebacks), when the provider says. */
  refundedCents?: number | null;
  /** The kind of card that paid, when the provider says (a debit card's CFDI is FormaPago 28). */
  cardFunding?: CardFunding | null;
  /** Why a `refunded` payment went back: refunded by the merchant, or taken back by the payer's bank (chargeback, dispute lost). */
  refundKind?: OrderChangeReason;
  /** The payer as the provider knows them (PayPal account, Stripe billing details), for purchases started without buyer info. */
  payer?: { name: string; email: string; phone?: string } | null;
}

/** How to find a payment at the provider (any of them, the adapter picks what it can use). */
export interface PaymentLookup {
  paymentId?: string | null;
  reference?: string | null;
  attemptId?: string | null;
}

/** A webhook delivery as received: headers, the exact bytes of the body, the query string. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, string | undefined>;
}

/** A verified webhook: its event id (inbox key), type and where the payment it speaks of can be read. */
export interface WebhookNotice {
  eventId: string;
  eventType: string;
  resourceId: string | null;
  /** Null when the event is not about a payment (it is stored and ignored). */
  lookup: PaymentLookup | null;
}

/** The four verbs every payment provider offers: start, read the status, verify a webhook, refund. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly mode: ProviderMode;
  /** Creates the payment at the provider (preference, order, session). */
  start(input: StartInput): Promise<StartResult>;
  /** Reads the payment's current state from the provider (PayPal: captures an approved order). */
  read(lookup: PaymentLookup): Promise<ObservedPayment>;
  /**
   * True when `read` may move money (PayPal captures an approved order). Such a provider is
   * read only for a payment this store started: an order created by another client of the
   * same merchant account would otherwise be captured and then ignored — money taken, no tickets.
   */
  readonly readMovesMoney?: boolean;
  /** Checks the delivery's signature with the provider's scheme; throws WebhookRejected otherwise. */
  verifyWebhook(request: WebhookRequest, now: Date): Promise<WebhookNotice>;
  /** Gives the whole payment back. */
  refund(input: { paymentId: string; amountCents: number; currency: string; idempotencyKey: string }): Promise<{ refundId: string }>;
}

/** The provider could not be reached or answered something unusable (→ 502 to the buyer, retry later). */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** A webhook whose signature, timestamp or shape does not check out (→ 401, never processed). */
export class WebhookRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/** First value of a header (Node gives arrays for repeated ones). */
export function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A card's kind as Stripe (`card.funding`) and Openpay (`card.type`) spell it; null when unknown. */
export function fundingOf(value: string | null | undefined): CardFunding | null {
  return value === 'credit' || value === 'debit' || value === 'prepaid' ? value : null;
}
