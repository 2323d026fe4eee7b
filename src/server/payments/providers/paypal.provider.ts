import { pesosToCents } from '../../../shared/money';
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
import { fresh } from '../../../shared/node/webhook-signatures';
import type { PayPalCapture, PayPalOrder } from '../../../shared/provider-wire';

export interface PayPalOptions {
  mode: ProviderMode;
  apiUrl: () => string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  toleranceSeconds: number;
}


const CAPTURE_STATES: Record<string, ObservedState> = {
  COMPLETED: 'approved',
  PENDING: 'pending',
  DECLINED: 'rejected',
  FAILED: 'rejected',
  REFUNDED: 'refunded',
  // Part of the capture given back: the sale stands.
  PARTIALLY_REFUNDED: 'approved',
  // Taken back from the merchant after the payer's dispute or chargeback.
  REVERSED: 'refunded',
};

/** Pesos as PayPal writes them: a string with two decimals. */
function value(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Our view of one PayPal order (its first capture decides once it has one). */
export function observePayPalOrder(order: PayPalOrder): ObservedPayment {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const state: ObservedState = capture
    ? (CAPTURE_STATES[capture.status] ?? 'pending')
    : order.status === 'VOIDED'
      ? 'cancelled'
      : 'created';
  const amount = capture?.amount ?? unit?.amount;
  const refunds = (unit?.payments?.refunds ?? []).filter((r) => r.status === 'COMPLETED' && r.amount);
  const refundedCents = refunds.reduce((sum, r) => sum + pesosToCents(Number(r.amount!.value)), 0);
  return {
    attemptId: unit?.custom_id ?? capture?.custom_id ?? null,
    reference: order.id,
    paymentId: capture?.id ?? null,
    state,
    amountCents: amount ? pesosToCents(Number(amount.value)) : null,
    currency: amount?.currency_code ?? null,
    deadline: null,
    detail: capture ? `capture ${capture.status}` : `order ${order.status}`,
    refundedCents: refundedCents > 0 ? refundedCents : null,
    refundKind: capture?.status === 'REVERSED' ? 'dispute_lost' : 'refunded',
    payer: order.payer?.email_address
      ? { email: order.payer.email_address, name: [order.payer.name?.given_name, order.payer.name?.surname].filter(Boolean).join(' ') }
      : null,
  };
}

function issues(error: unknown): string[] {
  if (!(error instanceof ProviderError) || !error.body || typeof error.body !== 'object') return [];
  const details = (error.body as { details?: { issue?: string }[] }).details ?? [];
  return details.map((d) => d.issue ?? '').filter(Boolean);
}

interface PayPalEvent { id: string; event_type: string; resource?: Record<string, unknown> & PayPalCapture }

/**
 * The capture a PAYMENT.CAPTURE.* event is about: the resource itself, or — for a refund
 * (PAYMENT.CAPTURE.REFUNDED carries the refund, which names no order) — the capture its `up` link points at.
 */
function captureIdOf(resource: PayPalCapture): string {
  for (const link of resource.links ?? []) {
    if (link.rel !== 'up' || typeof link.href !== 'string') continue;
    const found = /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})$/.exec(link.href.split('?')[0]);
    if (found) return found[1];
  }
  return resource.id;
}

/** The event types this server acts on (subscribe the webhook to these); any other is refused before PayPal is asked. */
const HANDLED_EVENT = /^(CHECKOUT\.ORDER|PAYMENT\.CAPTURE)\.[A-Z_.]{1,60}$/;

/**
 * Everything about a PayPal delivery that can be judged here, so a forged one costs no call to
 * PayPal's verify-webhook-signature: a known RSA algorithm, a certificate URL on PayPal's own
 * hosts over HTTPS (a stand-in's: its configured API's origin), a transmission id and a base64 signature
 * of sane shape, a configured webhook id, and a JSON body with an id and an event type we handle.
 */
function localWebhookCheck(fields: Record<'auth_algo' | 'cert_url' | 'transmission_id' | 'transmission_sig', string>, rawBody: string, options: PayPalOptions): PayPalEvent {
  if (!options.webhookId) throw new WebhookRejected('PAYPAL_WEBHOOK_ID sin configurar');
  if (!/^SHA(1|256|384|512)withRSA$/.test(fields.auth_algo)) throw new WebhookRejected('PAYPAL-AUTH-ALGO desconocido');
  if (!/^[A-Za-z0-9-]{1,64}$/.test(fields.transmission_id)) throw new WebhookRejected('PAYPAL-TRANSMISSION-ID mal formado');
  if (!/^[A-Za-z0-9+/]{16,2048}={0,2}$/.test(fields.transmission_sig)) throw new WebhookRejected('PAYPAL-TRANSMISSION-SIG mal formada');
  let cert: URL;
  try {
    cert = new URL(fields.cert_url);
  } catch {
    throw new WebhookRejected('PAYPAL-CERT-URL mal formada');
  }
  const paypalHost = cert.protocol === 'https:' && (cert.hostname === 'paypal.com' || cert.hostname.endsWith('.paypal.com'));
  const standInHost = options.mode === 'sandbox' && cert.origin === new URL(options.apiUrl()).origin;
  if (!paypalHost && !standInHost) throw new WebhookRejected('PAYPAL-CERT-URL fuera de PayPal');
  let event: Partial<PayPalEvent>;
  try {
    event = JSON.parse(rawBody) as Partial<PayPalEvent>;
  } catch {
    throw new WebhookRejected('cuerpo no es JSON');
  }
  if (typeof event?.id !== 'string' || !event.id || typeof event.event_type !== 'string') throw new WebhookRejected('evento sin id');
  if (!HANDLED_EVENT.test(event.event_type)) throw new WebhookRejected('tipo de evento no atendido');
  return event as PayPalEvent;
}

/**
 * PayPal Orders v2: an order with intent CAPTURE and an approval link; once the buyer
 * approves, reading the order captures it (idempotent through PayPal-Request-Id).
 * Webhooks are checked by PayPal itself (POST /v1/notifications/verify-webhook-signature).
 */
export function payPalProvider(options: PayPalOptions): PaymentProvider {
  const api = (path: string) => joinUrl(options.apiUrl(), path);
  // The OAuth token is a credential cache, not state: losing it only costs one more token call.
  let token: { value: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { body } = await requestJson<{ access_token?: string; expires_in?: number }>('paypal', api('/v1/oauth2/token'), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!body.access_token) throw new ProviderError('paypal', 'token response without access_token');
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, extra: { body?: string; requestId?: string } = {}) {
    const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', prefer: 'return=representation' };
    if (extra.requestId) headers['paypal-request-id'] = extra.requestId;
    return (await requestJson<T>('paypal', api(path), { method, headers, body: extra.body })).body;
  }

  async function getOrder(orderId: string): Promise<PayPalOrder> {
    return call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  return {
    name: 'paypal',
    mode: options.mode,
    readMovesMoney: true,

    async start(input: StartInput) {
      const order = await call<PayPalOrder>('POST', '/v2/checkout/orders', {
        requestId: input.idempotencyKey,
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{
            reference_id: input.purchaseId,
            custom_id: input.attemptId,
            invoice_id: input.attemptId,
            description: input.title.slice(0, 127),
            amount: { currency_code: input.currency, value: value(input.amountCents) },
          }],
          application_context: {
            brand_name: 'Boletos',
            locale: input.lang === 'en' ? 'en-US' : 'es-MX',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        }),
      });
      const approve = order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
      if (!order.id || !approve) throw new ProviderError('paypal', 'order without id or approval link');
      return { reference: order.id, redirectUrl: approve.href, links: order.links };
    },

    async read(lookup: PaymentLookup) {
      if (!lookup.reference) throw new ProviderError('paypal', 'an order id is needed');
      let order = await getOrder(lookup.reference);
      if (order.status === 'APPROVED') {
        try {
          // One request id per order: concurrent or repeated captures are the same capture at PayPal.
          order = await call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(order.id)}/capture`, { requestId: `capture-${order.id}`, body: '{}' });
        } catch (error) {
          const found = issues(error);
          if (found.includes('ORDER_ALREADY_CAPTURED')) order = await getOrder(order.id);
          else if (found.includes('INSTRUMENT_DECLINED') || found.includes('PAYER_ACTION_REQUIRED')) {
            return { ...observePayPalOrder(order), state: 'rejected', detail: found.join(',') };
          } else throw error;
        }
      }
      return observePayPalOrder(order);
    },

    async verifyWebhook(request: WebhookRequest, now: Date) {
      const fields = {
        auth_algo: header(request.headers, 'paypal-auth-algo'),
        cert_url: header(request.headers, 'paypal-cert-url'),
        transmission_id: header(request.headers, 'paypal-transmission-id'),
        transmission_sig: header(request.headers, 'paypal-transmission-sig'),
        transmission_time: header(request.headers, 'paypal-transmission-time'),
      };
      if (Object.values(fields).some((v) => !v)) throw new WebhookRejected('faltan cabeceras PAYPAL-TRANSMISSION-*');
      if (!fresh(Date.parse(fields.transmission_time!), now, options.toleranceSeconds)) throw new WebhookRejected('PAYPAL-TRANSMISSION-TIME vencida');
      const event = localWebhookCheck(fields as Record<keyof typeof fields, string>, request.rawBody, options);
      // The event goes back byte for byte: PayPal's CRC32 is over the body as it was sent.
      const verifyBody = `{${Object.entries({ ...fields, webhook_id: options.webhookId }).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${request.rawBody}}`;
      const answer = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', { body: verifyBody });
      if (answer.verification_status !== 'SUCCESS') throw new WebhookRejected('PayPal no reconoce la firma');
      const resource = event.resource;
      let lookup: PaymentLookup | null = null;
      if (event.event_type.startsWith('CHECKOUT.ORDER.') && typeof resource?.id === 'string') lookup = { reference: resource.id };
      if (event.event_type.startsWith('PAYMENT.CAPTURE.') && resource) {
        lookup = { reference: resource.supplementary_data?.related_ids?.order_id ?? null, paymentId: captureIdOf(resource), attemptId: resource.custom_id ?? null };
      }
      return { eventId: event.id, eventType: event.event_type, resourceId: typeof resource?.id === 'string' ? resource.id : null, lookup };
    },

    async refund(input) {
      const refund = await call<{ id?: string }>('POST', `/v2/payments/captures/${encodeURIComponent(input.paymentId)}/refund`, {
        requestId: input.idempotencyKey,
        // The amount asked, always: a buyer's partial cancellation gives back part of the capture.
        body: JSON.stringify({ amount: { value: value(input.amountCents), currency_code: input.currency } }),
      });
      return { refundId: refund.id ?? '' };
    },
  };
}
