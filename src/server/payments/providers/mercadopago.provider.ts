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
  type StartInput,
  type WebhookRequest,
  type CardFunding,
} from '../provider';
import { fresh, mercadoPagoManifest, timestampMs, verifyMercadoPago } from '../../../shared/node/webhook-signatures';
import { mercadoPagoCards, type MercadoPagoCards } from './mercadopago-cards';
import type { MercadoPagoPayment } from '../../../shared/provider-wire';

export interface MercadoPagoOptions {
  mode: ProviderMode;
  /** REST base (https://api.mercadopago.com, or the configured URL); a function because a path's origin is known once listening. */
  apiUrl: () => string;
  accessToken: string;
  webhookSecret: string;
  toleranceSeconds: number;
  /** Card payments' 3-D Secure mode (see mercadopago-cards.ts). */
  threeDSecureMode?: 'optional' | 'not_supported';
}


/** MercadoPago statuses → ours. `authorized` is money reserved but not captured: still pending. */
const STATES: Record<string, ObservedState> = {
  approved: 'approved',
  authorized: 'pending',
  pending: 'pending',
  in_process: 'pending',
  in_mediation: 'pending',
  rejected: 'rejected',
  cancelled: 'cancelled',
  refunded: 'refunded',
  charged_back: 'refunded',
};

/** Every payment type except cash at a store ("ticket"): the voucher option of the storefront. */
const NOT_CASH = ['credit_card', 'debit_card', 'prepaid_card', 'bank_transfer', 'atm', 'digital_currency', 'digital_wallet'];

/** The card kinds of MercadoPago's `payment_type_id`. */
const CARD_FUNDING: Record<string, CardFunding> = { credit_card: 'credit', debit_card: 'debit', prepaid_card: 'prepaid' };

/** Our view of one MercadoPago payment. */
export function observeMercadoPagoPayment(payment: MercadoPagoPayment): ObservedPayment {
  return {
    attemptId: payment.external_reference ?? null,
    reference: null,
    paymentId: String(payment.id),
    state: STATES[payment.status] ?? 'pending',
    amountCents: typeof payment.transaction_amount === 'number' ? pesosToCents(payment.transaction_amount) : null,
    refundedCents: payment.transaction_amount_refunded ? pesosToCents(payment.transaction_amount_refunded) : null,
    refundKind: payment.status === 'charged_back' ? 'dispute_lost' : 'refunded',
    currency: payment.currency_id ?? null,
    deadline: payment.date_of_expiration ? new Date(payment.date_of_expiration).toISOString() : null,
    detail: payment.status_detail ?? null,
    cardFunding: CARD_FUNDING[payment.payment_type_id ?? ''] ?? null,
  };
}

/**
 * MercadoPago Checkout Pro for the convenience-store voucher: a preference limited to
 * cash payment types, payments read back by id, webhooks checked with `x-signature`
 * (HMAC-SHA256 of the manifest), refunds through /v1/payments/{id}/refunds.
 */
/** The MercadoPago adapter: the four verbs, plus card payments (`cards`). */
export type MercadoPagoProvider = PaymentProvider & { cards: MercadoPagoCards };

export function mercadoPagoProvider(options: MercadoPagoOptions): MercadoPagoProvider {
  const auth = () => ({ authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' });
  const api = (path: string) => joinUrl(options.apiUrl(), path);

  async function readPayment(paymentId: string): Promise<ObservedPayment> {
    const { body } = await requestJson<MercadoPagoPayment>('mercadopago', api(`/v1/payments/${encodeURIComponent(paymentId)}`), { method: 'GET', headers: auth() });
    return observeMercadoPagoPayment(body);
  }

  return {
    name: 'mercadopago',
    mode: options.mode,
    cards: mercadoPagoCards(options),

    async start(input: StartInput) {
      const buyer = input.buyer;
      const body = {
        items: [{ id: input.purchaseId, title: input.title, quantity: 1, unit_price: centsToPesos(input.amountCents), currency_id: input.currency }],
        payer: buyer ? { name: buyer.name, email: buyer.email, phone: { area_code: '52', number: buyer.phone } } : undefined,
        external_reference: input.attemptId,
        back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.cancelUrl },
        auto_return: 'all',
        notification_url: input.notificationUrl,
        payment_methods: { excluded_payment_types: NOT_CASH.map((id) => ({ id })), installments: 1 },
        // The buyer must pick the voucher while the hold lasts; the voucher itself is payable until its deadline.
        expires: true,
        expiration_date_to: input.holdExpiresAt,
        date_of_expiration: input.voucherDeadline,
        statement_descriptor: 'BOLETOS',
        metadata: { purchase_id: input.purchaseId, attempt_id: input.attemptId },
      };
      const { body: preference } = await requestJson<{ id?: string; init_point?: string }>('mercadopago', api('/checkout/preferences'), {
        method: 'POST',
        headers: { ...auth(), 'x-idempotency-key': input.idempotencyKey },
        body: JSON.stringify(body),
      });
      if (!preference.id || !preference.init_point) throw new ProviderError('mercadopago', 'preference without id or init_point');
      return { reference: preference.id, redirectUrl: preference.init_point };
    },

    async read(lookup: PaymentLookup) {
      if (lookup.paymentId) return readPayment(lookup.paymentId);
      if (!lookup.attemptId) throw new ProviderError('mercadopago', 'a payment id or our external_reference is needed');
      // No payment id yet: the newest payment made for our external_reference, if any.
      const query = new URLSearchParams({ external_reference: lookup.attemptId, sort: 'date_created', criteria: 'desc' });
      const { body } = await requestJson<{ results?: MercadoPagoPayment[] }>('mercadopago', api(`/v1/payments/search?${query}`), { method: 'GET', headers: auth() });
      const newest = body.results?.[0];
      if (!newest) return { attemptId: lookup.attemptId, reference: lookup.reference ?? null, paymentId: null, state: 'created', amountCents: null, currency: null, deadline: null, detail: null };
      return observeMercadoPagoPayment(newest);
    },

    async verifyWebhook(request: WebhookRequest, now: Date) {
      const signature = header(request.headers, 'x-signature');
      const requestId = header(request.headers, 'x-request-id');
      if (!signature) throw new WebhookRejected('falta x-signature');
      let body: { id?: string | number; type?: string; action?: string; data?: { id?: string | number } };
      try {
        body = JSON.parse(request.rawBody) as typeof body;
      } catch {
        throw new WebhookRejected('cuerpo no es JSON');
      }
      // MercadoPago signs the data.id of the query string; it repeats it in the body, where it must be the same.
      const bodyDataId = body.data?.id !== undefined ? String(body.data.id) : undefined;
      const queryDataId = request.query['data.id'];
      if (queryDataId !== undefined && bodyDataId !== undefined && queryDataId !== bodyDataId) throw new WebhookRejected('data.id del cuerpo distinto del firmado');
      const dataId = queryDataId ?? bodyDataId;
      const check = verifyMercadoPago(options.webhookSecret, signature, dataId, requestId);
      if (!check.ok) throw new WebhookRejected('firma x-signature inválida');
      if (!fresh(timestampMs(check.ts!), now, options.toleranceSeconds)) throw new WebhookRejected('x-signature vencida');
      const type = body.type ?? request.query.type ?? request.query.topic ?? 'unknown';
      return {
        // The body's own `id` is not signed: the inbox is keyed by what the signature covers, so a
        // signed delivery replayed with another body id is the same delivery (a duplicate).
        eventId: mercadoPagoManifest(dataId, requestId, check.ts!),
        eventType: body.action ?? type,
        resourceId: dataId ?? null,
        lookup: type === 'payment' && dataId ? { paymentId: dataId } : null,
      };
    },

    async refund(input) {
      const { body } = await requestJson<{ id?: number | string }>('mercadopago', api(`/v1/payments/${encodeURIComponent(input.paymentId)}/refunds`), {
        method: 'POST',
        headers: { ...auth(), 'x-idempotency-key': input.idempotencyKey },
        // The amount asked, always: a buyer's partial cancellation gives back part of the payment.
        body: JSON.stringify({ amount: centsToPesos(input.amountCents) }),
      });
      return { refundId: String(body.id ?? '') };
    },
  };
}
