import { createHmac, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { pesosToCents } from '../../../shared/money';
import type { Database } from '../../db/schema';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from '../../repositories/sandbox.repository';
import type { PayPalOrder } from '../providers/paypal.provider';
import { sandboxCredentials } from '../registry';
import type { PaymentsRuntime } from '../runtime';
import { payPalSignedMessage, signPayPal, verifyPayPal } from '../signatures';
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
}

function publicOrder(order: StoredOrder): PayPalOrder & { create_time: string; intent: string } {
  const { context: _context, capture_request_id: _id, ...rest } = order;
  return rest;
}

function paypalId(length = 17): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** The sandbox's RSA key pair for webhook signatures, created once and shared by every process through the database. */
async function signingKeys(db: Kysely<Database>, now: string): Promise<{ privateKey: string; publicKey: string }> {
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
export async function payPalSandbox(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  sandboxApi(app, '/sandbox/paypal/api', payPalFailure);
  const db = rt.ctx.db.kysely;
  const creds = sandboxCredentials(rt.ctx.config.signingSecret).paypal;
  const accessToken = `A21AASBX${createHmac('sha256', creds.clientSecret).update('token').digest('hex').slice(0, 40)}`;
  const now = () => rt.ctx.now().toISOString();
  const pages = `${rt.ctx.config.publicUrl ?? ''}/sandbox/paypal`;
  const authorised = (request: FastifyRequest) => request.headers.authorization === `Bearer ${accessToken}`;
  const certPath = `/sandbox/paypal/api/v1/notifications/certs/${CERT_ID}`;

  async function notify(eventType: string, resourceType: string, resource: unknown, summary: string) {
    const keys = await signingKeys(db, now());
    const body = JSON.stringify({ id: `WH-${paypalId(17)}-${paypalId(17)}`, event_version: '1.0', create_time: now(), resource_type: resourceType, resource_version: '2.0', event_type: eventType, summary, resource, links: [] });
    const transmissionId = randomUUID();
    const transmissionTime = now();
    await deliverWebhook(rt, P, {
      headers: {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signPayPal(keys.privateKey, payPalSignedMessage(transmissionId, transmissionTime, creds.webhookId, body)),
        'paypal-cert-url': `${rt.selfUrl()}${certPath}`,
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
    const base = `${rt.selfUrl()}/sandbox/paypal/api/v2/checkout/orders/${id}`;
    const order: StoredOrder = {
      id, intent: 'CAPTURE', status: 'CREATED', create_time: now(), purchase_units: body.purchase_units, context: body.application_context ?? {},
      links: [
        { href: base, rel: 'self', method: 'GET' },
        { href: `${pages}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        { href: base, rel: 'update', method: 'PATCH' },
        { href: `${base}/capture`, rel: 'capture', method: 'POST' },
      ],
    };
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
      const captureId = paypalId();
      const completed: StoredOrder = {
        ...order, status: 'COMPLETED', capture_request_id: requestId,
        purchase_units: [{ ...unit, payments: { captures: [{ id: captureId, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id, supplementary_data: { related_ids: { order_id: order.id } } }] } }],
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

  app.post<{ Params: { id: string } }>('/sandbox/paypal/api/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!authorised(request)) return payPalError(reply, 401);
    const requestId = String(request.headers['paypal-request-id'] ?? randomUUID());
    const done = await findSandboxObject<{ id: string }>(db, P, 'refund', requestId);
    if (done) return reply.status(201).send(done.data);
    const link = await findSandboxObject<{ order_id: string }>(db, P, 'capture', request.params.id);
    const order = link && (await getOrder(link.data.order_id));
    if (!order) return payPalError(reply, 404, { issue: 'INVALID_RESOURCE_ID', location: 'path' });
    const unit = order.data.purchase_units![0];
    const captured = unit.payments!.captures![0];
    if (captured.status !== 'COMPLETED') return payPalError(reply, 422, { issue: 'CAPTURE_FULLY_REFUNDED' });
    const refunded = { ...captured, status: 'REFUNDED' };
    const moved = await moveOrder(order.data, ['COMPLETED'], { purchase_units: [{ ...unit, payments: { captures: [refunded] } }] });
    if (!moved) return payPalError(reply, 422, { issue: 'CAPTURE_FULLY_REFUNDED' });
    const refund = { id: paypalId(), status: 'COMPLETED', amount: captured.amount, create_time: now() };
    await insertSandboxObject(db, P, 'refund', { id: requestId, status: 'COMPLETED', data: refund }, now());
    await notify('PAYMENT.CAPTURE.REFUNDED', 'refund', { ...refund, supplementary_data: { related_ids: { order_id: order.id, capture_id: captured.id } } }, 'A payment was refunded');
    return reply.status(201).send(refund);
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
    const payerId = paypalId(13);
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(request.body?.email ?? '') ? request.body!.email! : 'comprador.sandbox@example.mx';
    const payer = { email_address: email, payer_id: payerId, name: { given_name: 'Comprador', surname: 'Sandbox' }, address: { country_code: 'MX' } };
    const moved = await moveOrder(found.data, ['CREATED'], { status: 'APPROVED', payer });
    if (moved) await notify('CHECKOUT.ORDER.APPROVED', 'checkout-order', publicOrder(moved), 'An order has been approved by buyer');
    const target = found.data.context.return_url;
    if (!target) return reply.redirect(`${pages}/checkoutnow?token=${found.id}`, 303);
    const url = new URL(target, 'http://sandbox.invalid');
    url.searchParams.set('token', found.id);
    url.searchParams.set('PayerID', payerId);
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
