import { createHmac, generateKeyPairSync, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { pesosToCents } from '../../src/shared/money';
import type { SandboxTables } from '../store';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from './objects.repository';
import type { PayPalCapture, PayPalLink, PayPalMoney, PayPalOrder, PayPalRefund } from '../../src/shared/provider-wire';
import type { SandboxRuntime } from '../runtime';
import { payPalSignedMessage, signPayPal, verifyPayPal } from '../../src/shared/node/webhook-signatures';
import { sandboxApi } from './api-errors';
import { deliverWebhook } from './deliver';
import { payPalError, payPalFailure } from './error-formats';
import { actionButton, esc, facts, money, page } from './html';

const P = 'paypal';
const CERT_ID = 'CERT-SBX-1';

interface StoredOrder extends PayPalOrder {
  create_time: string;
  intent: string;
  /** Kept by the sandbox, never returned: where the approval page sends the buyer. */
  context: { return_url?: string; cancel_url?: string; brand_name?: string };
  capture_request_id?: string;
  /** Kept by the sandbox, never returned: the refund each PayPal-Request-Id made (a repeat answers it again). */
  refund_request_ids?: Record<string, string>;
}

interface SandboxRefund extends PayPalRefund {
  amount: PayPalMoney;
  seller_payable_breakdown: Record<'gross_amount' | 'paypal_fee' | 'net_amount' | 'total_refunded_amount', PayPalMoney>;
  create_time: string;
  update_time: string;
}

/** Which links PayPal lists on an order in each state: approve only before approval, update and capture until captured. */
const ORDER_LINKS: Record<string, string[]> = { CREATED: ['self', 'approve', 'update', 'capture'], APPROVED: ['self', 'update', 'capture'] };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's payer ids (`payer_id`, `PayerID`): digits 2-9 and capitals but I and O. */
const PAYER_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function randomId(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** An order, capture or refund id as PayPal mints them: 17 capitals and digits. */
function paypalId(): string {
  return randomId(ID_ALPHABET, 17);
}

function payerId(): string {
  return randomId(PAYER_ID_ALPHABET, 13);
}

const amountOf = (currency: string, cents: number): PayPalMoney => ({ currency_code: currency, value: (cents / 100).toFixed(2) });
const centsOf = (money: PayPalMoney | undefined) => (money ? pesosToCents(Number(money.value)) : 0);

/**
 * The order row's status: the order's own, plus how many refunds its capture has, so that
 * two refunds at once cannot both spend what remains (each moves the row from the status it read).
 */
function rowStatus(order: StoredOrder): string {
  const refunds = order.purchase_units?.[0]?.payments?.refunds?.length ?? 0;
  return refunds ? `${order.status}/${refunds}` : order.status;
}

/** The sandbox's RSA key pair for webhook signatures, created once and shared by every process through the database. */
async function signingKeys(db: Kysely<SandboxTables>, now: string): Promise<{ privateKey: string; publicKey: string }> {
  const existing = await findSandboxObject<{ privateKey: string; publicKey: string }>(db, P, 'key', CERT_ID);
  if (existing) return existing.data;
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return (await insertSandboxObjectOnce(db, P, 'key', { id: CERT_ID, status: 'active', data: pair }, now)).data;
}

/**
 * The PayPal sandbox: OAuth tokens, Orders v2 (create, get, capture with
 * PayPal-Request-Id), capture refunds and verify-webhook-signature, plus the approval
 * page (approve / cancel). Webhooks are signed SHA256withRSA over PayPal's
 * `id|time|webhook id|crc32` message, with the public key served at PAYPAL-CERT-URL.
 */
export async function payPalSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, '/sandbox/paypal/api', payPalFailure);
  const db = rt.db;
  const creds = rt.credentials.paypal;
  const accessToken = `A21AASBX${createHmac('sha256', creds.clientSecret).update('token').digest('hex').slice(0, 40)}`;
  const now = () => rt.now().toISOString();
  const pages = `${rt.publicUrl ?? ''}/sandbox/paypal`;
  const authorised = (request: FastifyRequest) => request.headers.authorization === `Bearer ${accessToken}`;
  const certPath = `/sandbox/paypal/api/v1/notifications/certs/${CERT_ID}`;
  const apiUrl = (path: string) => `${rt.serverUrl()}/sandbox/paypal/api${path}`;

  function publicOrder(order: StoredOrder): PayPalOrder & { create_time: string; intent: string } {
    const { context: _context, capture_request_id: _id, refund_request_ids: _refunds, ...rest } = order;
    const self = apiUrl(`/v2/checkout/orders/${order.id}`);
    const all: Record<string, PayPalLink> = {
      self: { href: self, rel: 'self', method: 'GET' },
      approve: { href: `${pages}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      update: { href: self, rel: 'update', method: 'PATCH' },
      capture: { href: `${self}/capture`, rel: 'capture', method: 'POST' },
    };
    return { ...rest, links: (ORDER_LINKS[order.status] ?? ['self']).map((rel) => all[rel]) };
  }

  /** A capture as PayPal shows it: self, refund while something remains, and the order as `up`. */
  function captureLinks(capture: PayPalCapture, orderId: string): PayPalLink[] {
    const self = apiUrl(`/v2/payments/captures/${capture.id}`);
    return [
      { href: self, rel: 'self', method: 'GET' },
      ...(capture.status === 'REFUNDED' ? [] : [{ href: `${self}/refund`, rel: 'refund', method: 'POST' }]),
      { href: apiUrl(`/v2/checkout/orders/${orderId}`), rel: 'up', method: 'GET' },
    ];
  }

  async function notify(eventType: string, resourceType: string, resource: unknown, summary: string) {
    const keys = await signingKeys(db, now());
    const body = JSON.stringify({ id: `WH-${paypalId()}-${paypalId()}`, event_version: '1.0', create_time: now(), resource_type: resourceType, resource_version: '2.0', event_type: eventType, summary, resource, links: [] });
    const transmissionId = randomUUID();
    const transmissionTime = now();
    await deliverWebhook(rt, P, {
      headers: {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signPayPal(keys.privateKey, payPalSignedMessage(transmissionId, transmissionTime, creds.webhookId, body)),
        'paypal-cert-url': `${rt.serverUrl()}${certPath}`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body,
    });
  }

  async function getOrder(id: string) {
    return findSandboxObject<StoredOrder>(db, P, 'order', id);
  }

  async function moveOrder(order: StoredOrder, from: string[], patch: Partial<StoredOrder>): Promise<StoredOrder | undefined> {
    const next = { ...order, ...patch };
    return (await moveSandboxObject(db, P, 'order', order.id, from, { status: next.status, data: next }, now())) ? next : undefined;
  }

  // ---- REST API (what api-m.paypal.com answers) ----
  // OAuth errors follow RFC 6749 ({ error, error_description }), not the REST error shape.
  app.post<{ Body: { grant_type?: string } }>('/sandbox/paypal/api/v1/oauth2/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return reply.status(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (request.body?.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    return { scope: 'https://uri.paypal.com/services/payments/payment', access_token: accessToken, token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: 32400, nonce: randomUUID() };
  });

  app.post<{ Body: { intent?: string; purchase_units?: StoredOrder['purchase_units']; application_context?: StoredOrder['context'] } }>('/sandbox/paypal/api/v2/checkout/orders', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const body = request.body ?? {};
    const unit = body.purchase_units?.[0];
    if (body.intent === undefined) return payPalError(reply, 400, { issue: 'MISSING_REQUIRED_PARAMETER', field: '/intent', location: 'body' });
    if (body.intent !== 'CAPTURE') return payPalError(reply, 400, { issue: 'INVALID_PARAMETER_VALUE', field: '/intent', value: String(body.intent), location: 'body' });
    if (!unit) return payPalError(reply, 400, { issue: 'MISSING_REQUIRED_PARAMETER', field: '/purchase_units', location: 'body' });
    if (!unit.amount?.value || !/^\d+(\.\d{1,2})?$/.test(unit.amount.value)) return payPalError(reply, 400, { issue: 'INVALID_PARAMETER_VALUE', field: '/purchase_units/0/amount/value', location: 'body' });
    const id = paypalId();
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId === 'string') {
      const first = await insertSandboxObjectOnce(db, P, 'idempotency', { id: `order:${requestId}`, status: 'used', data: { id } }, now());
      const existing = await getOrder(first.data.id);
      if (existing) return reply.status(201).send(publicOrder(existing.data));
    }
    const order: StoredOrder = { id, intent: 'CAPTURE', status: 'CREATED', create_time: now(), purchase_units: body.purchase_units, context: body.application_context ?? {} };
    await insertSandboxObject(db, P, 'order', { id, status: order.status, data: order }, now());
    return reply.status(201).send(publicOrder(order));
  });

  app.get<{ Params: { id: string } }>('/sandbox/paypal/api/v2/checkout/orders/:id', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const found = await getOrder(request.params.id);
    if (!found) return payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
    return publicOrder(found.data);
  });

  app.post<{ Params: { id: string } }>('/sandbox/paypal/api/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const requestId = String(request.headers['paypal-request-id'] ?? '');
    const found = await getOrder(request.params.id);
    if (!found) return payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
    const capture = async (order: StoredOrder) => {
      const unit = order.purchase_units![0];
      const captured: PayPalCapture = { id: paypalId(), status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id, supplementary_data: { related_ids: { order_id: order.id } } };
      const completed: StoredOrder = {
        ...order, status: 'COMPLETED', capture_request_id: requestId,
        purchase_units: [{ ...unit, payments: { captures: [{ ...captured, links: captureLinks(captured, order.id) }] } }],
      };
      return (await moveSandboxObject(db, P, 'order', order.id, ['APPROVED'], { status: 'COMPLETED', data: completed }, now())) ? completed : undefined;
    };
    let order = found.data;
    if (order.status === 'APPROVED') {
      const done = await capture(order);
      if (done) {
        const captured = done.purchase_units![0].payments!.captures![0];
        await insertSandboxObject(db, P, 'capture', { id: captured.id, status: 'COMPLETED', data: { order_id: done.id } }, now());
        await notify('PAYMENT.CAPTURE.COMPLETED', 'capture', captured, `Payment completed for ${captured.amount?.value} ${captured.amount?.currency_code}`);
        return reply.status(201).send(publicOrder(done));
      }
      order = (await getOrder(order.id))!.data;
    }
    // A repeated request id is the same capture (PayPal's idempotency); anything else is refused.
    if (order.status === 'COMPLETED' && requestId && order.capture_request_id === requestId) return reply.status(201).send(publicOrder(order));
    if (order.status === 'COMPLETED') return payPalError(reply, 422, { issue: 'ORDER_ALREADY_CAPTURED' });
    return payPalError(reply, 422, { issue: 'ORDER_NOT_APPROVED' });
  });

  /** The order a capture or refund belongs to (each id is linked to its order when made). */
  async function orderOf(kind: 'capture' | 'refund', id: string) {
    const link = await findSandboxObject<{ order_id: string }>(db, P, kind, id);
    return link && (await getOrder(link.data.order_id))?.data;
  }

  app.get<{ Params: { id: string } }>('/sandbox/paypal/api/v2/payments/captures/:id', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const capture = (await orderOf('capture', request.params.id))?.purchase_units?.[0]?.payments?.captures?.find((c) => c.id === request.params.id);
    return capture ?? payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
  });

  app.get<{ Params: { id: string } }>('/sandbox/paypal/api/v2/payments/refunds/:id', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const refund = (await orderOf('refund', request.params.id))?.purchase_units?.[0]?.payments?.refunds?.find((r) => r.id === request.params.id);
    return refund ?? payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
  });

  /**
   * Refunds `asked` of a capture (everything that remains when no amount is given), as PayPal
   * does: the capture is PARTIALLY_REFUNDED until its refunds add up to its amount, then
   * REFUNDED; more than remains is REFUND_AMOUNT_EXCEEDED, another currency REFUND_CAPTURE_CURRENCY_MISMATCH.
   */
  function refundCapture(order: StoredOrder, asked: PayPalMoney | undefined): { issue: string } | { refund: SandboxRefund; next: StoredOrder } {
    const unit = order.purchase_units![0];
    const captured = unit.payments!.captures![0];
    const earlier = unit.payments!.refunds ?? [];
    if (captured.status === 'REFUNDED') return { issue: 'CAPTURE_FULLY_REFUNDED' };
    const currency = captured.amount!.currency_code;
    if (asked && asked.currency_code !== currency) return { issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH' };
    const refundedBefore = earlier.reduce((sum, r) => sum + centsOf(r.amount), 0);
    const remaining = centsOf(captured.amount) - refundedBefore;
    const cents = asked ? centsOf(asked) : remaining;
    if (cents > remaining) return { issue: 'REFUND_AMOUNT_EXCEEDED' };
    const id = paypalId();
    const refund: SandboxRefund = {
      id, status: 'COMPLETED', amount: amountOf(currency, cents),
      seller_payable_breakdown: { gross_amount: amountOf(currency, cents), paypal_fee: amountOf(currency, 0), net_amount: amountOf(currency, cents), total_refunded_amount: amountOf(currency, refundedBefore + cents) },
      create_time: now(), update_time: now(),
      links: [{ href: apiUrl(`/v2/payments/refunds/${id}`), rel: 'self', method: 'GET' }, { href: apiUrl(`/v2/payments/captures/${captured.id}`), rel: 'up', method: 'GET' }],
    };
    const status = cents === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const capture = { ...captured, status, links: captureLinks({ ...captured, status }, order.id) };
    return { refund, next: { ...order, purchase_units: [{ ...unit, payments: { captures: [capture], refunds: [...earlier, refund] } }] } };
  }

  app.post<{ Params: { id: string }; Body: { amount?: PayPalMoney } | undefined }>('/sandbox/paypal/api/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const requestId = request.headers['paypal-request-id'];
    const asked = request.body?.amount;
    if (asked !== undefined && (typeof asked?.currency_code !== 'string' || typeof asked.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(asked.value) || Number(asked.value) <= 0)) {
      return payPalError(reply, 400, { issue: 'INVALID_PARAMETER_VALUE', field: '/amount/value', value: String(asked?.value ?? ''), location: 'body' });
    }
    let order = await orderOf('capture', request.params.id);
    // Each pass either makes this refund or finds that another refund of the capture was made meanwhile and reads it again.
    while (order) {
      const earlierId = typeof requestId === 'string' ? order.refund_request_ids?.[requestId] : undefined;
      const earlier = earlierId && order.purchase_units![0].payments!.refunds?.find((r) => r.id === earlierId);
      if (earlier) return reply.status(201).send(earlier);
      const outcome = refundCapture(order, asked);
      if ('issue' in outcome) return payPalError(reply, 422, { issue: outcome.issue });
      const { refund } = outcome;
      const next = typeof requestId === 'string' ? { ...outcome.next, refund_request_ids: { ...order.refund_request_ids, [requestId]: refund.id } } : outcome.next;
      if (await moveSandboxObject(db, P, 'order', order.id, [rowStatus(order)], { status: rowStatus(next), data: next }, now())) {
        await insertSandboxObject(db, P, 'refund', { id: refund.id, status: refund.status, data: { order_id: order.id } }, now());
        // PayPal sends PAYMENT.CAPTURE.REFUNDED for every refund, partial or full, with the refund as its resource.
        await notify('PAYMENT.CAPTURE.REFUNDED', 'refund', refund, `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`);
        return reply.status(201).send(refund);
      }
      order = (await getOrder(order.id))?.data;
    }
    return payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
  });

  app.get('/sandbox/paypal/api/v1/notifications/certs/:id', async (_request, reply) => {
    const keys = await signingKeys(db, now());
    return reply.type('application/x-pem-file').send(keys.publicKey);
  });

  app.post<{ Body: Record<string, unknown> }>('/sandbox/paypal/api/v1/notifications/verify-webhook-signature', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const body = request.body ?? {};
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    if (fields.some((f) => typeof body[f] !== 'string') || typeof body.webhook_event !== 'object') return payPalError(reply, 400, { issue: 'MISSING_REQUIRED_PARAMETER', location: 'body' });
    const keys = await signingKeys(db, now());
    const certOk = String(body.cert_url).endsWith(certPath);
    const message = payPalSignedMessage(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(body.webhook_event));
    const ok = certOk && body.auth_algo === 'SHA256withRSA' && body.webhook_id === creds.webhookId && verifyPayPal(keys.publicKey, message, String(body.transmission_sig));
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  // ---- Approval page (what the buyer sees) ----
  app.get<{ Querystring: { token?: string } }>('/sandbox/paypal/checkoutnow', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const found = request.query.token ? await getOrder(request.query.token) : undefined;
    if (!found) return reply.status(404).send(page({ provider: 'PayPal', accent: '#003087', title: 'Orden no encontrada', body: '<p>Esta orden de PayPal no existe.</p>' }));
    const order = found.data;
    const unit = order.purchase_units?.[0];
    const amount = unit?.amount ? money(pesosToCents(Number(unit.amount.value)), unit.amount.currency_code) : '';
    const states: Record<string, string> = { APPROVED: 'Aprobaste este pago.', COMPLETED: 'Este pago ya se cobró.', VOIDED: 'Cancelaste este pago.' };
    const body = [
      facts([['Comercio', order.context.brand_name ?? 'Boletos'], ['Concepto', unit?.description ?? ''], ['Total', amount], ['Orden', order.id]]),
      order.status === 'CREATED'
        ? `<form method="post" action="${esc(`${pages}/checkoutnow/${order.id}/approve`)}"><label for="email">Correo de tu cuenta PayPal de prueba</label><input id="email" name="email" type="email" autocomplete="email" value="comprador.sandbox@example.mx" required><p>Confirma el pago como comprador de prueba.</p><button type="submit" class="primary">Aprobar pago</button></form>${actionButton(`${pages}/checkoutnow/${order.id}/cancel`, 'Cancelar y volver a la tienda', 'secondary')}`
        : `<p class="status" role="status">${esc(states[order.status] ?? order.status)}</p>`,
    ].join('\n');
    return page({ provider: 'PayPal', accent: '#003087', title: 'Pagar con PayPal', body });
  });

  app.post<{ Params: { id: string }; Body: { email?: string } }>('/sandbox/paypal/checkoutnow/:id/approve', async (request, reply) => {
    const found = await getOrder(request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'PayPal', accent: '#003087', title: 'Orden no encontrada', body: '<p>Esta orden de PayPal no existe.</p>' }));
    const payer_id = payerId();
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(request.body?.email ?? '') ? request.body!.email! : 'comprador.sandbox@example.mx';
    const payer = { email_address: email, payer_id, name: { given_name: 'Comprador', surname: 'Sandbox' }, address: { country_code: 'MX' } };
    const moved = await moveOrder(found.data, ['CREATED'], { status: 'APPROVED', payer });
    if (moved) await notify('CHECKOUT.ORDER.APPROVED', 'checkout-order', publicOrder(moved), 'An order has been approved by buyer');
    const target = found.data.context.return_url;
    if (!target) return reply.redirect(`${pages}/checkoutnow?token=${found.id}`, 303);
    const url = new URL(target, 'http://sandbox.invalid');
    url.searchParams.set('token', found.id);
    url.searchParams.set('PayerID', payer_id);
    return reply.redirect(url.origin === 'http://sandbox.invalid' ? `${url.pathname}${url.search}` : url.toString(), 303);
  });

  app.post<{ Params: { id: string } }>('/sandbox/paypal/checkoutnow/:id/cancel', async (request, reply) => {
    const found = await getOrder(request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'PayPal', accent: '#003087', title: 'Orden no encontrada', body: '<p>Esta orden de PayPal no existe.</p>' }));
    const moved = await moveOrder(found.data, ['CREATED'], { status: 'VOIDED' });
    if (moved) await notify('CHECKOUT.ORDER.VOIDED', 'checkout-order', publicOrder(moved), 'An order has been voided');
    const target = found.data.context.cancel_url;
    if (!target) return reply.redirect(`${pages}/checkoutnow?token=${found.id}`, 303);
    const url = new URL(target, 'http://sandbox.invalid');
    url.searchParams.set('token', found.id);
    return reply.redirect(url.origin === 'http://sandbox.invalid' ? `${url.pathname}${url.search}` : url.toString(), 303);
  });
}
