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
  type StartInput,
  type WebhookRequest,
} from '../provider';
import { fresh, timestampMs, verifyFintoc } from '../../../shared/node/webhook-signatures';
import type { FintocSession } from '../../../shared/provider-wire';

export interface FintocOptions {
  mode: ProviderMode;
  apiUrl: () => string;
  secretKey: string;
  webhookSecret: string;
  toleranceSeconds: number;
}

const INTENT_STATES: Record<string, ObservedState> = {
  succeeded: 'approved',
  pending: 'pending',
  in_progress: 'pending',
  failed: 'rejected',
  rejected: 'rejected',
  expired: 'cancelled',
  refunded: 'refunded',
};

/** Our view of a checkout session: its payment intent decides; an expired session is cancelled. Amounts are centavos for MXN. */
export function observeFintocSession(session: FintocSession): ObservedPayment {
  const intent = session.payment_resource?.payment_intent ?? null;
  const state: ObservedState = intent ? (INTENT_STATES[intent.status] ?? 'pending') : session.status === 'expired' ? 'cancelled' : 'created';
  return {
    attemptId: session.metadata?.attempt_id ?? intent?.metadata?.attempt_id ?? null,
    reference: session.id,
    paymentId: intent?.id ?? null,
    state,
    amountCents: intent?.amount ?? session.amount ?? null,
    currency: intent?.currency ?? session.currency ?? null,
    deadline: null,
    detail: intent ? `payment_intent ${intent.status}` : `session ${session.status}`,
  };
}

/**
 * Fintoc direct bank payment: a checkout session (hosted page or widget with its
 * session_token), read back by id; webhooks carry `Fintoc-Signature` (HMAC-SHA256 of
 * "{t}.{raw body}"); refunds through POST /v1/refunds of the payment intent.
 */
export function fintocProvider(options: FintocOptions): PaymentProvider {
  const api = (path: string) => joinUrl(options.apiUrl(), path);
  const headers = (idempotencyKey?: string) => ({
    authorization: options.secretKey,
    'content-type': 'application/json',
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  });

  return {
    name: 'fintoc',
    mode: options.mode,

    async start(input: StartInput) {
      const { body: session } = await requestJson<FintocSession>('fintoc', api('/v1/checkout_sessions'), {
        method: 'POST',
        headers: headers(input.idempotencyKey),
        body: JSON.stringify({
          amount: input.amountCents,
          currency: input.currency,
          customer_email: input.buyer?.email,
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          metadata: { purchase_id: input.purchaseId, attempt_id: input.attemptId },
        }),
      });
      if (!session.id || !session.redirect_url) throw new ProviderError('fintoc', 'checkout session without id or redirect_url');
      return { reference: session.id, redirectUrl: session.redirect_url, sessionToken: session.session_token };
    },

    async read(lookup: PaymentLookup) {
      if (!lookup.reference) throw new ProviderError('fintoc', 'a checkout session id is needed');
      const { body } = await requestJson<FintocSession>('fintoc', api(`/v1/checkout_sessions/${encodeURIComponent(lookup.reference)}`), { method: 'GET', headers: headers() });
      return observeFintocSession(body);
    },

    async verifyWebhook(request: WebhookRequest, now: Date) {
      const check = verifyFintoc(options.webhookSecret, header(request.headers, 'fintoc-signature'), request.rawBody);
      if (!check.ok) throw new WebhookRejected('firma Fintoc-Signature inválida');
      if (!fresh(timestampMs(check.t!), now, options.toleranceSeconds)) throw new WebhookRejected('Fintoc-Signature vencida');
      let event: { id?: string; type?: string; data?: { id?: string; object?: string; checkout_session?: string; metadata?: Record<string, string> } };
      try {
        event = JSON.parse(request.rawBody) as typeof event;
      } catch {
        throw new WebhookRejected('cuerpo no es JSON');
      }
      if (!event.id || !event.type) throw new WebhookRejected('evento sin id');
      const data = event.data;
      let lookup: PaymentLookup | null = null;
      if (event.type.startsWith('checkout_session.') && data?.id) lookup = { reference: data.id };
      if (event.type.startsWith('payment_intent.') && data?.id) {
        lookup = { paymentId: data.id, reference: data.checkout_session ?? null, attemptId: data.metadata?.attempt_id ?? null };
      }
      return { eventId: event.id, eventType: event.type, resourceId: data?.id ?? null, lookup };
    },

    async refund(input) {
      const { body } = await requestJson<{ id?: string }>('fintoc', api('/v1/refunds'), {
        method: 'POST',
        headers: headers(input.idempotencyKey),
        body: JSON.stringify({ resource_type: 'payment_intent', resource_id: input.paymentId, amount: input.amountCents }),
      });
      return { refundId: body.id ?? '' };
    },
  };
}
