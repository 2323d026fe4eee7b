import { timingSafeEqual } from 'node:crypto';
import { centsToPesos, pesosToCents } from '../../../shared/money';
import { joinUrl, requestJson } from '../http-client';
import {
  header,
  ProviderError,
  WebhookRejected,
  type ObservedPayment,
  type ObservedState,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderMode,
  type WebhookRequest,
  fundingOf,
} from '../provider';
import type { OpenpayCard, OpenpayCharge } from '../../../shared/provider-wire';

export interface OpenpayOptions {
  mode: ProviderMode;
  /** REST base (https://api.openpay.mx, or the configured URL); a function because a path's origin is known once listening. */
  apiUrl: () => string;
  merchantId: string;
  privateKey: string;
  /** The basic-auth user and password configured on the webhook at Openpay (they are how Openpay authenticates its deliveries). */
  webhookUser: string;
  webhookPassword: string;
}


/** The part of Openpay's token resource the server reads (`GET /v1/{merchant}/tokens/{id}`). */
export interface OpenpayToken {
  id: string;
  card?: OpenpayCard | null;
}


/** Openpay's error body (every non-2xx answer). */
export interface OpenpayErrorBody {
  category?: string;
  description?: string;
  http_code?: number;
  error_code?: number;
  request_id?: string;
}

/** Openpay charge statuses → ours. `charge_pending` is a charge waiting for 3-D Secure: not finished yet. */
const STATES: Record<string, ObservedState> = {
  completed: 'approved',
  in_progress: 'pending',
  charge_pending: 'created',
  failed: 'rejected',
  cancelled: 'cancelled',
  refunded: 'refunded',
  chargeback_accepted: 'refunded',
};

/** Our view of one Openpay charge. A refund of only part of it leaves the sale standing (`approved`, the part recorded). */
export function observeOpenpayCharge(charge: OpenpayCharge): ObservedPayment {
  const amountCents = typeof charge.amount === 'number' ? pesosToCents(charge.amount) : null;
  const refundedCents = typeof charge.refund?.amount === 'number' ? pesosToCents(charge.refund.amount) : null;
  const partial = charge.status === 'refunded' && refundedCents !== null && amountCents !== null && refundedCents < amountCents;
  return {
    attemptId: charge.order_id ?? null,
    reference: charge.id,
    paymentId: charge.id,
    state: partial ? 'approved' : (STATES[charge.status] ?? 'pending'),
    amountCents,
    refundedCents: charge.status === 'chargeback_accepted' ? amountCents : refundedCents,
    refundKind: charge.status === 'chargeback_accepted' ? 'dispute_lost' : 'refunded',
    currency: charge.currency ? charge.currency.toUpperCase() : null,
    deadline: null,
    detail: charge.error_code ? String(charge.error_code) : charge.status,
    cardFunding: fundingOf(charge.card?.type),
  };
}

export interface OpenpayChargeInput {
  /** Our attempt: Openpay's `order_id`, unique per merchant, so a repeated request cannot charge twice. */
  attemptId: string;
  token: string;
  deviceSessionId: string;
  amountCents: number;
  currency: string;
  description: string;
  customer: { name: string; email: string };
  /** Where Openpay sends the buyer back after 3-D Secure (it appends `id=` the charge). */
  redirectUrl: string;
}

/** A charge as created: our view, plus the 3-D Secure page when the bank asks for it. */
export interface OpenpayChargeResult {
  observed: ObservedPayment;
  redirectUrl: string | null;
}

export interface OpenpayCards {
  /** The masked card Openpay keeps for a token (its first six digits are the BIN). */
  readToken(tokenId: string): Promise<OpenpayToken>;
  /** `POST /v1/{merchant}/charges` with the token; a declined card throws ProviderError 402 with Openpay's error body. */
  charge(input: OpenpayChargeInput): Promise<OpenpayChargeResult>;
}

export type OpenpayProvider = PaymentProvider & { cards: OpenpayCards };

/** Openpay answers a second charge with an `order_id` it already has with 409 and this code. */
const ORDER_ID_TAKEN = 1006;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Openpay card payments through its REST API (private key as the basic-auth user): the
 * browser makes the token (openpay.v1.js), the server checks its BIN, then charges it with
 * the device session id, our attempt as `order_id` and the purchase's amount; 3-D Secure
 * answers a charge waiting at `payment_method.url`. Webhooks are authenticated with the
 * basic-auth pair configured on them at Openpay, then the charge is re-read.
 */
export function openpayProvider(options: OpenpayOptions): OpenpayProvider {
  const auth = () => ({ authorization: `Basic ${Buffer.from(`${options.privateKey}:`).toString('base64')}`, 'content-type': 'application/json' });
  const api = (path: string) => joinUrl(options.apiUrl(), `/v1/${encodeURIComponent(options.merchantId)}${path}`);

  async function readCharge(chargeId: string): Promise<OpenpayCharge> {
    return (await requestJson<OpenpayCharge>('openpay', api(`/charges/${encodeURIComponent(chargeId)}`), { method: 'GET', headers: auth() })).body;
  }

  async function chargeOfOrder(orderId: string): Promise<OpenpayCharge | undefined> {
    const query = new URLSearchParams({ order_id: orderId });
    const { body } = await requestJson<OpenpayCharge[]>('openpay', api(`/charges?${query}`), { method: 'GET', headers: auth() });
    return Array.isArray(body) ? body[0] : undefined;
  }

  const cards: OpenpayCards = {
    async readToken(tokenId) {
      return (await requestJson<OpenpayToken>('openpay', api(`/tokens/${encodeURIComponent(tokenId)}`), { method: 'GET', headers: auth() })).body;
    },
    async charge(input) {
      const body = {
        method: 'card',
        source_id: input.token,
        amount: centsToPesos(input.amountCents),
        currency: input.currency,
        description: input.description,
        order_id: input.attemptId,
        device_session_id: input.deviceSessionId,
        customer: { name: input.customer.name, email: input.customer.email },
        // The bank decides whether the buyer authenticates; the return address is needed when it does.
        redirect_url: input.redirectUrl,
      };
      let charge: OpenpayCharge;
      try {
        charge = (await requestJson<OpenpayCharge>('openpay', api('/charges'), { method: 'POST', headers: auth(), body: JSON.stringify(body) })).body;
      } catch (error) {
        // The same order_id again (a retried request): the charge made the first time is the answer.
        const code = error instanceof ProviderError ? (error.body as OpenpayErrorBody | undefined)?.error_code : undefined;
        if (!(error instanceof ProviderError && error.status === 409 && code === ORDER_ID_TAKEN)) throw error;
        const first = await chargeOfOrder(input.attemptId);
        if (!first) throw error;
        charge = first;
      }
      const redirect = charge.status === 'charge_pending' && charge.payment_method?.type === 'redirect' ? (charge.payment_method.url ?? null) : null;
      return { observed: observeOpenpayCharge(charge), redirectUrl: redirect };
    },
  };

  return {
    name: 'openpay',
    mode: options.mode,
    cards,

    async start() {
      // A card payment starts from a browser token (cards.charge), never from a hosted page.
      throw new ProviderError('openpay', 'card payments start with cards.charge');
    },

    async read(lookup: PaymentLookup) {
      const id = lookup.paymentId ?? lookup.reference;
      if (id) return observeOpenpayCharge(await readCharge(id));
      if (!lookup.attemptId) throw new ProviderError('openpay', 'a charge id or our order_id is needed');
      const charge = await chargeOfOrder(lookup.attemptId);
      if (!charge) return { attemptId: lookup.attemptId, reference: null, paymentId: null, state: 'created', amountCents: null, currency: null, deadline: null, detail: null };
      return observeOpenpayCharge(charge);
    },

    async verifyWebhook(request: WebhookRequest) {
      // Openpay signs nothing: it sends the user and password configured on the webhook as HTTP basic auth.
      const authorization = header(request.headers, 'authorization') ?? '';
      const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
      if (!match) throw new WebhookRejected('falta la autenticación básica');
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const split = decoded.indexOf(':');
      const user = split < 0 ? decoded : decoded.slice(0, split);
      const password = split < 0 ? '' : decoded.slice(split + 1);
      // Both compared, always: which half was wrong is not told by the timing.
      const userOk = sameSecret(user, options.webhookUser);
      const passwordOk = sameSecret(password, options.webhookPassword);
      if (!userOk || !passwordOk) throw new WebhookRejected('usuario o contraseña del webhook inválidos');
      let body: { type?: string; event_date?: string; verification_code?: string; transaction?: { id?: string; status?: string; order_id?: string } };
      try {
        body = JSON.parse(request.rawBody) as typeof body;
      } catch {
        throw new WebhookRejected('cuerpo no es JSON');
      }
      const type = typeof body.type === 'string' ? body.type : 'unknown';
      // The first delivery to a new webhook only carries the code an operator types in Openpay's dashboard.
      if (type === 'verification') return { eventId: `verification:${body.verification_code ?? ''}`, eventType: type, resourceId: null, lookup: null };
      const transaction = body.transaction;
      const chargeId = typeof transaction?.id === 'string' ? transaction.id : null;
      return {
        // Openpay's events carry no id of their own: one event type per charge and status is one delivery.
        eventId: `${type}:${chargeId ?? ''}:${transaction?.status ?? ''}`,
        eventType: type,
        resourceId: chargeId,
        lookup: type.startsWith('charge.') && chargeId ? { paymentId: chargeId, attemptId: transaction?.order_id ?? null } : null,
      };
    },

    async refund(input) {
      const { body } = await requestJson<OpenpayCharge>('openpay', api(`/charges/${encodeURIComponent(input.paymentId)}/refund`), {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ description: 'Reembolso', amount: centsToPesos(input.amountCents) }),
      });
      return { refundId: String(body.refund?.id ?? body.id) };
    },
  };
}
