import Stripe from 'stripe';
import {
  header,
  ProviderError,
  WebhookRejected,
  type ObservedPayment,
  type ObservedState,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderMode,
  type StartInput,
  type WebhookRequest,
  fundingOf,
} from '../provider';
import { fresh } from '../../../shared/node/webhook-signatures';
import type { InstallmentPlan } from '../../../shared/api/installments';

export interface StripeOptions {
  mode: ProviderMode;
  /** `https://api.stripe.com`, or the configured URL (a path is on this server: known once it listens). */
  apiUrl: () => string;
  secretKey: string;
  webhookSecret: string;
  toleranceSeconds: number;
}

/** The part of a PaymentIntent the server reads. */
export interface StripePaymentIntent {
  id: string;
  object?: string;
  status: string;
  amount: number;
  currency: string;
  client_secret?: string | null;
  metadata?: Record<string, string> | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null; message?: string | null } | null;
  /** Mexican instalments: enabled on creation, the attached card's plans, the plan confirmed. */
  payment_method_options?: { card?: { installments?: { enabled?: boolean; plan?: StripePlan | null; available_plans?: StripePlan[] } | null } | null } | null;
  /** Expanded on read: the billing details the buyer confirmed with (card form or wallet sheet), and what went back of it. */
  latest_charge?: string | StripeCharge | null;
}

/** A Mexican instalment plan as Stripe spells it. */
interface StripePlan {
  count: number | null;
  interval: string | null;
  type: string;
}

/**
 * The plans Stripe lists for the card attached to an intent, in our words: monthly fixed counts only,
 * each interest-free for the buyer (the merchant pays Stripe's instalment fee), over the intent's amount.
 */
export function plansOfIntent(intent: StripePaymentIntent): InstallmentPlan[] {
  return (intent.payment_method_options?.card?.installments?.available_plans ?? [])
    .filter((plan): plan is StripePlan & { count: number } => plan.type === 'fixed_count' && plan.interval === 'month' && typeof plan.count === 'number')
    .map((plan) => ({ months: plan.count, monthly_cents: Math.round(intent.amount / plan.count), total_cents: intent.amount, interest_free: true }));
}

/** The part of a Charge the server reads (the intent's `latest_charge`, expanded). */
interface StripeCharge {
  id: string;
  amount?: number;
  amount_refunded?: number;
  disputed?: boolean;
  billing_details?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  /** The card that paid: `funding` is credit, debit, prepaid or unknown. */
  payment_method_details?: { card?: { funding?: string | null } | null } | null;
}

/** Who paid, from the latest charge's billing details (the purchase has no buyer until then: create-order takes none). */
function payerOf(intent: StripePaymentIntent): ObservedPayment['payer'] {
  const details = typeof intent.latest_charge === 'object' ? intent.latest_charge?.billing_details : null;
  if (!details?.email) return null;
  return { name: (details.name ?? '').slice(0, 100), email: details.email.slice(0, 155), phone: (details.phone ?? '').slice(0, 30) };
}

/**
 * A PaymentIntent's status in our words: a confirmation that failed leaves it `requires_payment_method` with the error kept.
 * A succeeded intent stays `succeeded` after a refund or a dispute: its charge says what went back
 * (`amount_refunded`; all of it → refunded, part → still approved), and `disputeLost` (read from its disputes) takes it all back.
 */
export function observeStripeIntent(intent: StripePaymentIntent, disputeLost = false): ObservedPayment {
  const error = intent.last_payment_error ?? null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const refundedCents = disputeLost ? intent.amount : (charge?.amount_refunded ?? 0);
  const states: Record<string, ObservedState> = {
    requires_payment_method: error ? 'rejected' : 'created',
    requires_confirmation: 'created',
    requires_action: 'pending',
    processing: 'pending',
    requires_capture: 'pending',
    succeeded: 'approved',
    canceled: 'cancelled',
  };
  const givenBack = intent.status === 'succeeded' && (disputeLost || (charge?.amount !== undefined && refundedCents >= charge.amount));
  return {
    attemptId: intent.metadata?.attempt_id ?? null,
    reference: intent.id,
    paymentId: intent.id,
    state: givenBack ? 'refunded' : (states[intent.status] ?? 'pending'),
    amountCents: intent.amount,
    refundedCents: refundedCents > 0 ? refundedCents : null,
    refundKind: disputeLost ? 'dispute_lost' : 'refunded',
    // Stripe spells currencies in lower case; attempts keep ISO upper case.
    currency: intent.currency ? intent.currency.toUpperCase() : null,
    deadline: null,
    detail: error ? (error.decline_code ?? error.code ?? 'payment_failed') : intent.status,
    payer: payerOf(intent),
    cardFunding: fundingOf(charge?.payment_method_details?.card?.funding),
  };
}

export interface StripeProvider extends PaymentProvider {
  /** The client secret of an existing PaymentIntent (create-order repeated for the same attempt), with its state. */
  intentSecret(intentId: string): Promise<{ clientSecret: string; observed: ObservedPayment }>;
  /** Attaches the card the buyer entered (a PaymentMethod made by Stripe.js) to the intent: the plans Stripe lists for it. */
  attachCard(intentId: string, paymentMethodId: string): Promise<InstallmentPlan[]>;
  /** The plans Stripe lists now for the card attached to the intent (read again before confirming). */
  availablePlans(intentId: string): Promise<InstallmentPlan[]>;
  /** Confirms the intent with its attached card, with the plan of `months` (null: one payment). */
  confirm(intentId: string, months: number | null, returnUrl: string): Promise<{ observed: ObservedPayment; redirectUrl: string | null }>;
}

/**
 * The Stripe client pointed at `apiUrl`: host, port and protocol are the package's own options;
 * a path under that host (a stand-in's, as the demo configures) is put in front of every request
 * path by a thin wrapper around the package's Node HTTP client.
 */
export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const inner = Stripe.createNodeHttpClient();
  const httpClient = prefix
    ? (Object.assign(Object.create(inner) as object, {
        makeRequest: (host: string, port: string, path: string, ...rest: unknown[]) =>
          (inner.makeRequest as (...args: unknown[]) => unknown)(host, port, `${prefix}${path}`, ...rest),
      }) as typeof inner)
    : inner;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    httpClient,
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

/**
 * Any failure of the package (network, 4xx, 5xx) as our ProviderError, its HTTP status kept (404 = no such intent).
 * Only Stripe's type and code travel on: its raw error may carry the payment method's billing details, and errors are logged.
 */
function providerError(error: unknown): ProviderError {
  if (error instanceof Stripe.errors.StripeError) return new ProviderError('stripe', error.message, error.statusCode, { type: error.type, code: error.code });
  return new ProviderError('stripe', error instanceof Error ? error.message : String(error));
}

/**
 * The card payment provider through the official `stripe` package: a PaymentIntent per
 * attempt (automatic payment methods: card, Google Pay, Apple Pay), read back by id;
 * webhooks checked with `stripe.webhooks.constructEvent` over the raw body; refunds of the
 * whole intent. The same client talks to any configured API URL (the demo's stand-in when no keys are set).
 */
export function stripeProvider(options: StripeOptions): StripeProvider {
  let client: { url: string; stripe: Stripe } | null = null;
  const stripe = () => {
    const url = options.apiUrl();
    if (client?.url !== url) client = { url, stripe: stripeClient(options.secretKey, url) };
    return client.stripe;
  };
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw providerError(error);
    }
  };
  const retrieve = (id: string) => call(() => stripe().paymentIntents.retrieve(id, { expand: ['latest_charge'] }) as Promise<unknown> as Promise<StripePaymentIntent>);

  return {
    name: 'stripe',
    mode: options.mode,

    async start(input: StartInput) {
      const intent = (await call(() =>
        stripe().paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            description: input.title,
            receipt_email: input.buyer?.email,
            metadata: { purchase_id: input.purchaseId, attempt_id: input.attemptId },
            ...(input.cardInstallments ? { payment_method_options: { card: { installments: { enabled: true } } } } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )) as unknown as StripePaymentIntent;
      if (!intent.id || !intent.client_secret) throw new ProviderError('stripe', 'payment intent without id or client_secret');
      return { reference: intent.id, redirectUrl: '', sessionToken: intent.client_secret };
    },

    async intentSecret(intentId: string) {
      const intent = await retrieve(intentId);
      if (!intent.client_secret) throw new ProviderError('stripe', 'payment intent without client_secret');
      return { clientSecret: intent.client_secret, observed: observeStripeIntent(intent) };
    },

    async attachCard(intentId, paymentMethodId) {
      const intent = (await call(() => stripe().paymentIntents.update(intentId, { payment_method: paymentMethodId }))) as unknown as StripePaymentIntent;
      return plansOfIntent(intent);
    },

    async availablePlans(intentId) {
      return plansOfIntent(await retrieve(intentId));
    },

    async confirm(intentId, months, returnUrl) {
      const plan = months === null ? undefined : { payment_method_options: { card: { installments: { plan: { count: months, interval: 'month' as const, type: 'fixed_count' as const } } } } };
      const intent = (await call(() => stripe().paymentIntents.confirm(intentId, { return_url: returnUrl, ...plan, expand: ['latest_charge'] }))) as unknown as StripePaymentIntent & { next_action?: { redirect_to_url?: { url?: string } } | null };
      return { observed: observeStripeIntent(intent), redirectUrl: intent.next_action?.redirect_to_url?.url ?? null };
    },

    async read(lookup: PaymentLookup) {
      const id = lookup.reference ?? lookup.paymentId;
      if (!id) throw new ProviderError('stripe', 'a payment intent id is needed');
      const intent = await retrieve(id);
      // A disputed charge: whether a dispute of it was lost is read from Stripe, never from the event that told us.
      const disputed = intent.status === 'succeeded' && typeof intent.latest_charge === 'object' && intent.latest_charge?.disputed === true;
      const lost = disputed && (await call(() => stripe().disputes.list({ payment_intent: intent.id, limit: 10 }))).data.some((d) => d.status === 'lost');
      return observeStripeIntent(intent, lost);
    },

    async verifyWebhook(request: WebhookRequest, now: Date) {
      let event: { id: string; type: string; created?: number; data: { object: { id?: string; object?: string; metadata?: Record<string, string> | null; payment_intent?: unknown } } };
      try {
        event = Stripe.webhooks.constructEvent(
          request.rawBody,
          header(request.headers, 'stripe-signature') ?? '',
          options.webhookSecret,
          options.toleranceSeconds,
          undefined,
          now.getTime(),
        ) as unknown as typeof event;
      } catch {
        throw new WebhookRejected('firma Stripe-Signature inválida o vencida');
      }
      // constructEvent bounds the age only; a timestamp far in the future would stay "fresh" too long.
      const t = /(?:^|,)t=(\d+)/.exec(header(request.headers, 'stripe-signature') ?? '')?.[1];
      if (!t || !fresh(Number(t) * 1000, now, options.toleranceSeconds)) throw new WebhookRejected('Stripe-Signature vencida');
      if (!event.id || !event.type) throw new WebhookRejected('evento sin id');
      const object = event.data?.object;
      // `payment_intent.*` events carry the intent; `charge.*` ones (charge.refunded, charge.dispute.closed, …) a charge or a
      // dispute naming it. Either way the intent is re-read: what went back, and how a dispute ended, come from Stripe.
      const intentId = event.type.startsWith('payment_intent.') ? object?.id : event.type.startsWith('charge.') && typeof object?.payment_intent === 'string' ? object.payment_intent : undefined;
      const lookup: PaymentLookup | null = intentId
        ? { paymentId: intentId, reference: intentId, attemptId: event.type.startsWith('payment_intent.') ? (object?.metadata?.attempt_id ?? null) : null }
        : null;
      return { eventId: event.id, eventType: event.type, resourceId: object?.id ?? null, lookup };
    },

    async refund(input) {
      const refund = await call(() => stripe().refunds.create({ payment_intent: input.paymentId, amount: input.amountCents }, { idempotencyKey: input.idempotencyKey }));
      return { refundId: refund.id };
    },
  };
}
