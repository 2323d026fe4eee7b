import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pesosToCents } from '../../src/shared/money';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, listSandboxObjects, moveSandboxObject } from './objects.repository';
import type { MercadoPagoPayment } from '../../src/shared/provider-wire';
import type { SandboxRuntime } from '../runtime';
import { signMercadoPago } from '../../src/shared/node/webhook-signatures';
import { sandboxApi } from './api-errors';
import { deliverWebhook } from './deliver';
import { mercadoPagoError, mercadoPagoFailure } from './error-formats';
import { actionButton, esc, facts, money, page, when } from './html';

const P = 'mercadopago';

interface Preference {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  items: { id?: string; title: string; quantity: number; unit_price: number; currency_id?: string }[];
  external_reference?: string;
  back_urls?: { success?: string; pending?: string; failure?: string };
  notification_url?: string;
  expiration_date_to?: string;
  date_of_expiration?: string;
  date_created: string;
}

interface SandboxPayment extends MercadoPagoPayment {
  id: string;
  preference_id: string;
  date_created: string;
  date_approved: string | null;
  barcode: { content: string };
  transaction_details: { external_resource_url: string; total_paid_amount: number };
}

export function randomDigits(length: number): string {
  return Array.from({ length }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('');
}

/** Delivers MercadoPago's payment notification for one payment, signed with `x-signature` (voucher and card payments alike). */
export async function notifyMercadoPagoPayment(rt: SandboxRuntime, paymentId: string, action: string): Promise<void> {
  const creds = rt.credentials.mercadopago;
  const requestId = randomUUID();
  const ts = String(Math.floor(rt.now().getTime() / 1000));
  const body = JSON.stringify({
    action, api_version: 'v1', data: { id: paymentId }, date_created: rt.now().toISOString(), id: Number(randomDigits(12)), live_mode: false, type: 'payment', user_id: '1234567890',
  });
  await deliverWebhook(rt, P, {
    query: `data.id=${paymentId}&type=payment`,
    headers: { 'x-signature': signMercadoPago(creds.webhookSecret, paymentId, requestId, ts), 'x-request-id': requestId },
    body,
  });
}

/** Where the buyer goes back to the store from the voucher page: MercadoPago's back_url with its query parameters. */
function backUrl(preference: Preference, payment: SandboxPayment | undefined): string | undefined {
  const target = !payment ? preference.back_urls?.failure
    : payment.status === 'approved' ? preference.back_urls?.success
      : payment.status === 'pending' ? preference.back_urls?.pending
        : preference.back_urls?.failure;
  if (!target) return undefined;
  const url = new URL(target, 'http://sandbox.invalid');
  if (payment) {
    for (const [key, value] of Object.entries({
      collection_id: payment.id, collection_status: payment.status, payment_id: payment.id, status: payment.status,
      external_reference: payment.external_reference ?? '', payment_type: 'ticket', preference_id: preference.id, site_id: 'MLM', processing_mode: 'aggregator',
    })) url.searchParams.set(key, String(value));
  }
  return url.origin === 'http://sandbox.invalid' ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * The MercadoPago sandbox: the part of its REST API our adapter uses (preferences,
 * payments, search, refunds) plus the hosted pages of a cash voucher — checkout,
 * voucher with reference and deadline, "mark as paid" and "let it expire". Every state
 * change is delivered as a payment notification signed with `x-signature`.
 */
export async function mercadoPagoSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, '/sandbox/mercadopago/api', mercadoPagoFailure);
  const db = rt.db;
  const creds = rt.credentials.mercadopago;
  const now = () => rt.now().toISOString();
  const pages = `${rt.publicUrl ?? ''}/sandbox/mercadopago`;
  /** MercadoPago's 401s: no token at all (cause 5) or one it does not know. */
  const refused = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === `Bearer ${creds.accessToken}`) return undefined;
    return request.headers.authorization
      ? mercadoPagoError(reply, 401, 'invalid access token', 'unauthorized')
      : mercadoPagoError(reply, 401, 'Must provide your access token', 5);
  };
  const paymentNotFound = (reply: FastifyReply) => mercadoPagoError(reply, 404, 'Payment not found', 2000);

  // A payment's row id is its id as text; the body of a card or super-token payment keeps it as a number (as MercadoPago answers it).
  const notify = (payment: SandboxPayment, action: string) => notifyMercadoPagoPayment(rt, String(payment.id), action);

  async function movePayment(payment: SandboxPayment, from: string[], patch: Partial<SandboxPayment>): Promise<SandboxPayment | undefined> {
    const next = { ...payment, ...patch };
    return (await moveSandboxObject(db, P, 'payment', String(payment.id), from, { status: next.status, data: next }, now())) ? next : undefined;
  }

  // ---- REST API (what api.mercadopago.com answers) ----
  app.post<{ Body: Record<string, unknown> }>('/sandbox/mercadopago/api/checkout/preferences', async (request, reply) => {
    if (refused(request, reply)) return reply;
    const body = request.body ?? {};
    const items = body.items as Preference['items'] | undefined;
    if (!Array.isArray(items) || items.length === 0 || items.some((i) => typeof i.unit_price !== 'number' || typeof i.quantity !== 'number')) {
      return mercadoPagoError(reply, 400, 'items needed', 'invalid_items', 'invalid_items');
    }
    const id = `1234567890-${randomUUID()}`;
    const key = request.headers['x-idempotency-key'];
    if (typeof key === 'string') {
      const first = await insertSandboxObjectOnce(db, P, 'idempotency', { id: `preference:${key}`, status: 'used', data: { id } }, now());
      const existing = await findSandboxObject<Preference>(db, P, 'preference', first.data.id);
      if (existing) return reply.status(201).send(existing.data);
    }
    const preference: Preference = {
      id,
      init_point: `${pages}/checkout/${id}`,
      sandbox_init_point: `${pages}/checkout/${id}`,
      items,
      external_reference: body.external_reference as string | undefined,
      back_urls: body.back_urls as Preference['back_urls'],
      notification_url: body.notification_url as string | undefined,
      expiration_date_to: body.expiration_date_to as string | undefined,
      date_of_expiration: body.date_of_expiration as string | undefined,
      date_created: now(),
    };
    await insertSandboxObject(db, P, 'preference', { id, status: 'active', data: preference }, now());
    return reply.status(201).send(preference);
  });

  app.get<{ Querystring: Record<string, string> }>('/sandbox/mercadopago/api/v1/payments/search', async (request, reply) => {
    if (refused(request, reply)) return reply;
    const wanted = request.query.external_reference;
    const results = (await listSandboxObjects<SandboxPayment>(db, P, 'payment')).map((o) => o.data).filter((p) => !wanted || p.external_reference === wanted).reverse();
    return { paging: { total: results.length, limit: 30, offset: 0 }, results };
  });

  app.get<{ Params: { id: string } }>('/sandbox/mercadopago/api/v1/payments/:id', async (request, reply) => {
    if (refused(request, reply)) return reply;
    const payment = await findSandboxObject<SandboxPayment>(db, P, 'payment', request.params.id);
    if (!payment) return paymentNotFound(reply);
    return payment.data;
  });

  /**
   * Refunds `amount` of an approved payment (what is left when no amount is given), as MercadoPago does: the payment
   * keeps `approved` with `status_detail: partially_refunded` until its refunds add up to its amount, then is
   * `refunded`; `transaction_amount_refunded` counts them. More than is left, or a payment not approved, is a 400. The
   * payment's row status carries what went back, so two refunds at once never spend the same remainder.
   */
  app.post<{ Params: { id: string }; Body: { amount?: unknown } | undefined }>('/sandbox/mercadopago/api/v1/payments/:id/refunds', async (request, reply) => {
    if (refused(request, reply)) return reply;
    const key = String(request.headers['x-idempotency-key'] ?? randomUUID());
    const earlier = async () => (await findSandboxObject<{ id: number }>(db, P, 'refund', key))?.data;
    const done = await earlier();
    if (done) return reply.status(201).send(done);
    const found = await findSandboxObject<SandboxPayment>(db, P, 'payment', request.params.id);
    if (!found) return paymentNotFound(reply);
    const asked = request.body?.amount;
    if (asked !== undefined && (typeof asked !== 'number' || !Number.isFinite(asked) || asked <= 0)) {
      return mercadoPagoError(reply, 400, 'amount must be a positive number', 'invalid_amount');
    }
    const payment = found.data;
    if (payment.status !== 'approved') return mercadoPagoError(reply, 400, 'The action requested is not valid for the current payment state', 2016);
    const paidCents = pesosToCents(payment.transaction_amount!);
    const givenCents = pesosToCents(payment.transaction_amount_refunded ?? 0);
    const cents = asked === undefined ? paidCents - givenCents : pesosToCents(asked);
    if (cents > paidCents - givenCents) return mercadoPagoError(reply, 400, 'The refund amount exceeds the available balance', 'refund_amount_exceeds');
    const total = givenCents + cents;
    const full = total === paidCents;
    const next: SandboxPayment = { ...payment, status: full ? 'refunded' : 'approved', status_detail: full ? 'refunded' : 'partially_refunded', transaction_amount_refunded: total / 100 };
    if (!(await moveSandboxObject(db, P, 'payment', found.id, [found.status], { status: full ? 'refunded' : `approved/refunded:${total}`, data: next }, now()))) {
      const raced = await earlier();
      return raced ? reply.status(201).send(raced) : mercadoPagoError(reply, 409, 'Another refund of this payment is in progress', 'refund_in_progress', 'conflict');
    }
    const refund = {
      id: Number(randomDigits(10)), payment_id: Number(found.id), amount: cents / 100, metadata: {}, source: { id: '1234567890', name: 'Vendedor sandbox', type: 'collector' },
      date_created: now(), unique_sequence_number: null, refund_mode: 'standard', adjustment_amount: 0, status: 'approved', reason: null, amount_refunded_to_payer: cents / 100,
    };
    await insertSandboxObject(db, P, 'refund', { id: key, status: 'approved', data: refund }, now());
    await notify(next, 'payment.updated');
    return reply.status(201).send(refund);
  });

  // ---- Hosted pages (what the buyer sees) ----
  app.get<{ Params: { id: string } }>('/sandbox/mercadopago/checkout/:id', async (request, reply) => {
    const found = await findSandboxObject<Preference>(db, P, 'preference', request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!found) return reply.status(404).send(page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Pago no encontrado', body: '<p>Este enlace de pago no existe.</p>' }));
    const preference = found.data;
    const total = preference.items.reduce((sum, i) => sum + pesosToCents(i.unit_price) * i.quantity, 0);
    const expired = preference.expiration_date_to !== undefined && preference.expiration_date_to <= now();
    const back = backUrl(preference, undefined);
    const body = [
      facts([['Concepto', preference.items.map((i) => i.title).join(', ')], ['Total', money(total, preference.items[0]?.currency_id ?? 'MXN')]]),
      expired
        ? '<p class="status" role="status">El tiempo para elegir la forma de pago terminó.</p>'
        : `<p>Paga en efectivo en una tienda OXXO: genera tu ficha y págala antes de la fecha límite.</p>${actionButton(`${pages}/checkout/${encodeURIComponent(preference.id)}/voucher`, 'Generar ficha de pago OXXO')}`,
      back ? `<p><a href="${esc(back)}">Volver a la tienda sin pagar</a></p>` : '',
    ].join('\n');
    return page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Pagar en efectivo', body });
  });

  app.post<{ Params: { id: string } }>('/sandbox/mercadopago/checkout/:id/voucher', async (request, reply) => {
    const found = await findSandboxObject<Preference>(db, P, 'preference', request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Pago no encontrado', body: '<p>Este enlace de pago no existe.</p>' }));
    const preference = found.data;
    if (preference.expiration_date_to && preference.expiration_date_to <= now()) return reply.redirect(`${pages}/checkout/${encodeURIComponent(preference.id)}`, 303);
    // One voucher per preference: asking again shows the one already issued.
    const voucher = await insertSandboxObjectOnce(db, P, 'voucher-of', { id: preference.id, status: 'issued', data: { paymentId: randomDigits(11) } }, now());
    const paymentId = voucher.data.paymentId;
    if (!(await findSandboxObject(db, P, 'payment', paymentId))) {
      const amount = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
      const deadline = preference.date_of_expiration ?? new Date(rt.now().getTime() + 72 * 3_600_000).toISOString();
      const payment: SandboxPayment = {
        id: paymentId, status: 'pending', status_detail: 'pending_waiting_payment', external_reference: preference.external_reference ?? null,
        transaction_amount: Math.round(amount * 100) / 100, currency_id: preference.items[0]?.currency_id ?? 'MXN', date_of_expiration: deadline,
        payment_type_id: 'ticket', payment_method_id: 'oxxo', preference_id: preference.id, date_created: now(), date_approved: null,
        barcode: { content: randomDigits(14) },
        transaction_details: { external_resource_url: `${pages}/voucher/${paymentId}`, total_paid_amount: Math.round(amount * 100) / 100 },
      };
      await insertSandboxObjectOnce(db, P, 'payment', { id: paymentId, status: 'pending', data: payment }, now());
      await notify(payment, 'payment.created');
    }
    return reply.redirect(`${pages}/voucher/${paymentId}`, 303);
  });

  app.get<{ Params: { id: string } }>('/sandbox/mercadopago/voucher/:id', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const found = await findSandboxObject<SandboxPayment>(db, P, 'payment', request.params.id);
    if (!found) return reply.status(404).send(page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Ficha no encontrada', body: '<p>Esta ficha de pago no existe.</p>' }));
    const payment = found.data;
    const preference = (await findSandboxObject<Preference>(db, P, 'preference', payment.preference_id))!.data;
    const amount = money(pesosToCents(payment.transaction_amount ?? 0), payment.currency_id ?? 'MXN');
    const overdue = payment.status === 'pending' && (payment.date_of_expiration ?? '') <= now();
    const statusText: Record<string, string> = {
      pending: overdue ? 'La fecha límite pasó: esta ficha ya no se puede pagar.' : 'Pendiente de pago.',
      approved: 'Pagada. Tus boletos llegarán por correo.',
      cancelled: 'Vencida: la ficha no se pagó a tiempo.',
      refunded: 'Pago reembolsado.',
    };
    const back = backUrl(preference, payment);
    const body = [
      facts([['Referencia de pago', payment.barcode.content], ['Monto a pagar', amount], ['Fecha límite', when(payment.date_of_expiration!)], ['Folio de la operación', payment.id]]),
      `<p class="status" role="status">${esc(statusText[payment.status] ?? payment.status)}</p>`,
      payment.status === 'pending' && !overdue
        ? `<p>Simula lo que pasa en la tienda:</p>${actionButton(`${pages}/voucher/${payment.id}/pay`, 'Marcar como pagado')}${actionButton(`${pages}/voucher/${payment.id}/expire`, 'Dejar vencer la ficha', 'secondary')}`
        : '',
      back ? `<p><a href="${esc(back)}">Volver a la tienda</a></p>` : '',
    ].join('\n');
    return page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Ficha de pago OXXO', body });
  });

  app.post<{ Params: { id: string } }>('/sandbox/mercadopago/voucher/:id/pay', async (request, reply) => {
    const found = await findSandboxObject<SandboxPayment>(db, P, 'payment', request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Ficha no encontrada', body: '<p>Esta ficha de pago no existe.</p>' }));
    if ((found.data.date_of_expiration ?? '') > now()) {
      const moved = await movePayment(found.data, ['pending'], { status: 'approved', status_detail: 'accredited', date_approved: now() });
      if (moved) await notify(moved, 'payment.updated');
    }
    return reply.redirect(`${pages}/voucher/${found.id}`, 303);
  });

  app.post<{ Params: { id: string } }>('/sandbox/mercadopago/voucher/:id/expire', async (request, reply) => {
    const found = await findSandboxObject<SandboxPayment>(db, P, 'payment', request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Mercado Pago', accent: '#009ee3', title: 'Ficha no encontrada', body: '<p>Esta ficha de pago no existe.</p>' }));
    const moved = await movePayment(found.data, ['pending'], { status: 'cancelled', status_detail: 'expired' });
    if (moved) await notify(moved, 'payment.updated');
    return reply.redirect(`${pages}/voucher/${found.id}`, 303);
  });
}
