import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import Stripe from 'stripe';
import { findSandboxObject, insertSandboxObject, moveSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { signStripe } from '../../src/shared/node/webhook-signatures';
import { deliverWebhook } from './deliver';

export const P = 'stripe';

/**
 * Stripe's published test cards the sandbox knows (any other number passing the Luhn check succeeds, as in Stripe's test mode);
 * all are credit cards (`card.funding`) but the ones marked `funding`.
 * `disputed`: the charge succeeds, then its payer disputes it (`charge.dispute.created`; closing the dispute loses it).
 */
export const TEST_CARDS: Record<string, { outcome: CardOutcome; brand: string; disputed?: true; funding?: CardFunding; installments?: number[] }> = {
  // Stripe's Mexican card with meses sin intereses; its Visa debit test card (below) has no plans.
  '4000004840008001': { outcome: 'succeeds', brand: 'visa', installments: [3, 6, 9, 12] },
  '4242424242424242': { outcome: 'succeeds', brand: 'visa' },
  '4000056655665556': { outcome: 'succeeds', brand: 'visa', funding: 'debit' },
  '4000000000000259': { outcome: 'succeeds', brand: 'visa', disputed: true },
  '4000000000000002': { outcome: 'generic_decline', brand: 'visa' },
  '4000000000009995': { outcome: 'insufficient_funds', brand: 'visa' },
  '4000002500003155': { outcome: 'requires_authentication', brand: 'visa' },
};
export type CardFunding = 'credit' | 'debit' | 'prepaid';
export type CardOutcome = 'succeeds' | 'generic_decline' | 'insufficient_funds' | 'requires_authentication';

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failure: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export interface BillingDetails { name: string | null; email: string | null; phone: string | null }

/** A payment method as the sandbox keeps it: never the card number, only what Stripe shows of it plus the test outcome. */
export interface StoredPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; funding: CardFunding; exp_month: number; exp_year: number; wallet: { type: 'google_pay' | 'apple_pay' } | null };
  billing_details: BillingDetails;
  created: number;
  livemode: false;
  /** Sandbox only (stripped from answers): what confirming with this method does. */
  outcome: CardOutcome;
  /** Sandbox only (stripped from answers): a charge made with it is disputed by its payer. */
  disputed?: boolean;
  /** Sandbox only (stripped from answers): the months of its issuer's meses sin intereses (MXN intents with installments enabled). */
  installments?: number[];
}

/** A Mexican instalment plan in Stripe's shape. */
export interface InstallmentsPlan { count: number; interval: 'month'; type: 'fixed_count' }

/** `payment_method_options.card.installments` of an intent: on when created so, the card's plans once a method is attached, the plan confirmed. */
export interface IntentInstallments { enabled: boolean; plan: InstallmentsPlan | null; available_plans: InstallmentsPlan[] }

export interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method_types: string[];
  payment_method: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string; payment_method?: unknown } | null;
  latest_charge: string | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  capture_method: 'automatic_async';
  confirmation_method: 'automatic';
  customer: null;
  processing: null;
  setup_future_usage: null;
  shipping: null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
  /** Sandbox only (stripped from answers: a PaymentIntent has no such field): where the 3-D Secure page sends the buyer back. */
  return_url: string | null;
  payment_method_options: { card: { installments: IntentInstallments | null } };
}

/** The fields of a PaymentIntent Stripe answers to the publishable key (its object reference marks them "retrievable with publishable key"). */
const PUBLISHABLE_FIELDS = [
  'id', 'object', 'amount', 'automatic_payment_methods', 'canceled_at', 'cancellation_reason', 'capture_method', 'client_secret', 'confirmation_method', 'created',
  'currency', 'description', 'last_payment_error', 'livemode', 'next_action', 'payment_method', 'payment_method_types', 'processing', 'receipt_email',
  'setup_future_usage', 'shipping', 'status',
] as const satisfies readonly (keyof Stripe.PaymentIntent & keyof StoredIntent)[];

/** An intent as answered: the whole object to the secret key (and in events), the reduced client-side one to the publishable key. */
export function shownIntent(intent: StoredIntent, access: 'secret' | 'publishable' = 'secret'): Partial<StoredIntent> {
  if (access === 'publishable') return Object.fromEntries(PUBLISHABLE_FIELDS.map((field) => [field, intent[field]]));
  const { return_url: _returnUrl, ...whole } = intent;
  return whole;
}

export interface StoredCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  payment_intent: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  billing_details: BillingDetails;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string; funding: string; wallet: { type: string } | null; installments: { plan: InstallmentsPlan } | null } };
  failure_code: string | null;
  refunded: boolean;
  amount_refunded: number;
  disputed: boolean;
  created: number;
  livemode: false;
}

/** A payer's dispute of a charge, as Stripe shows it; closing it (the merchant accepts it) loses it. */
export interface StoredDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: 'fraudulent';
  status: 'needs_response' | 'lost';
  is_charge_refundable: false;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Stripe's error body: `{error: {type, code, message, param, decline_code, payment_intent}}`, read by the package and by Stripe.js. */
export function stripeError(reply: FastifyReply, status: number, error: { type?: string; code?: string; message: string; param?: string; decline_code?: string; payment_intent?: unknown }) {
  return reply.status(status).send({ error: { type: 'invalid_request_error', ...error, doc_url: error.code ? `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` : undefined } });
}

/** What answers carry of a payment method (the sandbox's outcome field stays inside). */
export function publicMethod(method: StoredPaymentMethod): Omit<StoredPaymentMethod, 'outcome' | 'disputed' | 'installments'> {
  const { outcome: _outcome, disputed: _disputed, installments: _installments, ...visible } = method;
  return visible;
}

/** The sandbox's store and clock for Stripe objects, and its signed webhook deliveries. */
export function stripeState(rt: SandboxRuntime) {
  const db = rt.db;
  const creds = rt.credentials.stripe;
  const now = () => rt.now().toISOString();
  const seconds = () => Math.floor(rt.now().getTime() / 1000);

  async function notify(type: string, object: unknown) {
    const body = JSON.stringify({ id: stripeId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: seconds(), livemode: false, pending_webhooks: 1, type, data: { object } });
    await deliverWebhook(rt, P, { headers: { 'stripe-signature': signStripe(creds.webhookSecret, body, String(seconds())) }, body });
  }

  const findIntent = async (id: string) => (await findSandboxObject<StoredIntent>(db, P, 'intent', id))?.data;
  const findMethod = async (id: string) => (await findSandboxObject<StoredPaymentMethod>(db, P, 'payment_method', id))?.data;
  const findCharge = async (id: string) => (await findSandboxObject<StoredCharge>(db, P, 'charge', id))?.data;
  const findDispute = async (id: string) => (await findSandboxObject<StoredDispute>(db, P, 'dispute', id))?.data;

  /** Moves an intent only from the given statuses (compare-and-set); the moved intent, or undefined when another request moved it first. */
  async function moveIntent(intent: StoredIntent, from: StoredIntent['status'][], patch: Partial<StoredIntent>): Promise<StoredIntent | undefined> {
    const next = { ...intent, ...patch };
    return (await moveSandboxObject(db, P, 'intent', intent.id, from, { status: next.status, data: next }, now())) ? next : undefined;
  }

  /** A charge of the intent with the method (succeeded or failed): what `latest_charge` points at, with the billing details. */
  async function charge(intent: StoredIntent, method: StoredPaymentMethod, status: StoredCharge['status'], failureCode: string | null): Promise<StoredCharge> {
    const row: StoredCharge = {
      id: stripeId('ch'), object: 'charge', amount: intent.amount, currency: intent.currency, payment_intent: intent.id, paid: status === 'succeeded', status,
      billing_details: method.billing_details, payment_method: method.id,
      payment_method_details: {
        type: 'card',
        card: { brand: method.card.brand, last4: method.card.last4, funding: method.card.funding, wallet: method.card.wallet, installments: intent.payment_method_options?.card.installments?.plan ? { plan: intent.payment_method_options.card.installments.plan } : null },
      },
      failure_code: failureCode, refunded: false, amount_refunded: 0, disputed: false, created: seconds(), livemode: false,
    };
    await insertSandboxObject(db, P, 'charge', { id: row.id, status, data: row }, now());
    return row;
  }

  /** The payer disputes a succeeded charge: the charge is marked `disputed` and `charge.dispute.created` delivered. */
  async function openDispute(ch: StoredCharge): Promise<void> {
    const created = seconds();
    const dispute: StoredDispute = {
      id: stripeId('dp'), object: 'dispute', amount: ch.amount, currency: ch.currency, charge: ch.id, payment_intent: ch.payment_intent, reason: 'fraudulent',
      status: 'needs_response', is_charge_refundable: false, evidence_details: { due_by: created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      metadata: {}, created, livemode: false,
    };
    await moveSandboxObject(db, P, 'charge', ch.id, ['succeeded'], { status: 'succeeded', data: { ...ch, disputed: true } }, now());
    await insertSandboxObject(db, P, 'dispute', { id: dispute.id, status: dispute.status, data: dispute }, now());
    await notify('charge.dispute.created', dispute);
  }

  /** Settles a confirmation (or an authentication) with the method's outcome, delivering the event Stripe sends. */
  async function settle(intent: StoredIntent, method: StoredPaymentMethod, outcome: 'succeeded' | 'declined' | 'authentication_failure', declineCode?: string): Promise<StoredIntent | undefined> {
    if (outcome === 'succeeded') {
      const ch = await charge(intent, method, 'succeeded', null);
      const moved = await moveIntent(intent, ['requires_payment_method', 'requires_confirmation', 'requires_action'], {
        status: 'succeeded', amount_received: intent.amount, latest_charge: ch.id, payment_method: method.id, next_action: null, last_payment_error: null,
      });
      if (moved) await notify('payment_intent.succeeded', shownIntent(moved));
      if (moved && method.disputed) await openDispute(ch);
      return moved;
    }
    const code = outcome === 'authentication_failure' ? 'payment_intent_authentication_failure' : 'card_declined';
    const decline = outcome === 'authentication_failure' ? undefined : (declineCode ?? 'generic_decline');
    const ch = await charge(intent, method, 'failed', code);
    const moved = await moveIntent(intent, ['requires_payment_method', 'requires_confirmation', 'requires_action'], {
      status: 'requires_payment_method', latest_charge: ch.id, payment_method: null, next_action: null,
      last_payment_error: { type: 'card_error', code, ...(decline ? { decline_code: decline } : {}), message: DECLINE_MESSAGES[decline ?? 'authentication_failure'], payment_method: publicMethod(method) },
    });
    if (moved) await notify('payment_intent.payment_failed', shownIntent(moved));
    return moved;
  }

  return { db, creds, now, seconds, notify, findIntent, findMethod, findCharge, findDispute, moveIntent, settle };
}

export type StripeSandboxState = ReturnType<typeof stripeState>;
