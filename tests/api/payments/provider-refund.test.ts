import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, stockLineDiffers } from '../../../src/server/services/stock-check.service';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { payPalProvider } from '../../../src/server/payments/providers/paypal.provider';
import { buyer, createPaymentsApp, mailHeader, pathOf, URL_SLUG, type PaymentsTestApp } from './helpers';

const HOLD = 15 * 60_000;

/** The text of a single-part quoted-printable message (the cancellation e-mail has no attachment). */
const plainBody = (eml: string) =>
  eml.split(/\r?\n\r?\n/).slice(1).join('\n\n').replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
const OPENPAY = 'reembolso-openpay';
const STRIPE = 'reembolso-stripe';
const CARDS = 'reembolso-tarjeta';

/**
 * A payment given back at the provider (a refund from its dashboard, a chargeback, a lost dispute) calls the
 * order off: the purchase ends `refunded`, its units go back on sale, and its PDF, pass page and passes stop
 * opening. A partial refund only records what was given back. Owed refunds of MercadoPago card payments go through.
 */
describe.skipIf(skipDatabase)('payments refunded at the provider', () => {
  let t: PaymentsTestApp;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const withConfig = (url: string, config: Record<string, unknown>) => t.importEvent({ ...fixture, url, event: { ...fixture.event, config: { ...fixture.event.config, ...config } } });
  const sold = async (url: string) => {
    const [event] = await t.rows('events', 'url', url);
    return ((await t.rows('ticket_types', 'event_id', event.id)).find((tt) => tt.external_id === 1) as { sold: number }).sold;
  };
  const stockAgrees = async (url: string) => {
    const [event] = await t.rows('events', 'url', url);
    return (await checkStock(t.ctx.db.kysely, event.id)).filter(stockLineDiffers);
  };
  const heldPurchase = async (url: string) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const purchaseRow = async (id: string) => (await t.rows('purchases', 'id', id))[0];

  /** Every door to a paid purchase's tickets: the PDF of all, one ticket's PDF, its pass page and its Apple pass. */
  async function ticketDoors(id: string) {
    const { emission_id: emission } = await purchaseRow(id);
    const list = body(await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${emission}&purchase_id=${id}`, headers: t.keyed(id) })).emisiones;
    const pass = body(await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: list[0].id, purchase_id: id }, headers: t.keyed(id) })).url as string;
    const signed = body(await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: emission, purchase_id: id }, headers: t.keyed(id) })).url as string;
    return async (withApplePass = false) => {
      const urls = [
        { url: `/api/emissions/download/all?emission_id=${emission}&purchase_id=${id}`, headers: t.keyed(id) },
        { url: pathOf(signed) },
        { url: pass },
        ...(withApplePass ? [{ url: `${pass}/apple.pkpass` }] : []),
      ];
      return Promise.all(urls.map(async (request) => (await t.app.inject(request)).statusCode));
    };
  }

  /** The changes of a purchase's history that called it off (its moves out of `paid`). */
  async function callOffs(id: string) {
    return (await t.rows('order_status_changes', 'purchase_id', id)).filter((row) => row.from_status === 'paid');
  }

  /** What a cancelled order leaves: the purchase refunded, the attempt refunded, the units back, one cancellation e-mail. */
  async function expectCancelled(id: string, url: string, soldBefore: number, reason: string) {
    expect(await purchaseRow(id)).toMatchObject({ status: 'refunded', emission_id: expect.any(String) });
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt.status).toBe('refunded');
    expect(await callOffs(id)).toMatchObject([{ from_status: 'paid', to_status: 'refunded', actor: 'provider', reason, attempt_id: attempt.id }]);
    expect(await sold(url)).toBe(soldBefore - 2);
    expect(await stockAgrees(url)).toEqual([]);
    const mails = t.mails().filter((m) => m.path.endsWith(`cancelled-${id}.eml`));
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0].text, 'Subject')).toBe('Tu compra para Concierto de Prueba fue cancelada');
    const text = plainBody(mails[0].text);
    expect(text).toContain(reason === 'dispute_lost' ? 'Tu banco te devolvió el pago de tu compra tras una aclaración.' : 'El pago de tu compra fue reembolsado.');
    expect(text).toContain('Los boletos de esta compra y sus códigos QR ya no son válidos.');
    // The phones holding its passes are told (wallet/pass-updates.ts): each ticket's pass changed.
    const tickets = await t.rows('tickets', 'purchase_id', id);
    const changes = (await Promise.all(tickets.map((ticket) => t.rows('wallet_pass_changes', 'ticket_id', ticket.id)))).flat();
    expect(changes.map((change) => change.ticket_id).sort()).toEqual(tickets.map((ticket) => ticket.id).sort());
  }

  // ---- Openpay ----
  const op = () => t.sandbox.openpay;
  const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
  async function paidWithOpenpay(): Promise<{ id: string; chargeId: string }> {
    const id = await heldPurchase(OPENPAY);
    const token = await t.app.inject({
      method: 'POST', url: `/sandbox/openpay/api/v1/${op().merchantId}/tokens`, headers: basic(op().publicKey),
      payload: { card_number: '4111111111111111', holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2: '123' },
    });
    const res = await t.app.inject({
      method: 'POST', url: '/api/payments/open-pay/process-payment', headers: t.keyed(id),
      payload: { purchase_id: id, token: body(token).id, buyer_info: { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' }, device_session_id: 'd3v1c3s3ss10n0000000000000000001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await purchaseRow(id)).status).toBe('paid');
    return { id, chargeId: body(res).payment_id as string };
  }

  // ---- Stripe ----
  const stripeApi = (method: 'GET' | 'POST', path: string, fields: Record<string, string | number> = {}, key = t.sandbox.stripe.secretKey) =>
    t.app.inject({ method, url: `/sandbox/stripe/api/v1${path}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: method === 'POST' ? form(fields) : undefined });
  async function paidWithStripe(number = '4242424242424242'): Promise<{ id: string; intentId: string }> {
    const id = await heldPurchase(STRIPE);
    const { clientSecret } = body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } }));
    const publishable = t.sandbox.stripe.publishableKey;
    const method = await stripeApi('POST', '/payment_methods', {
      type: 'card', 'card[number]': number, 'card[exp_month]': 12, 'card[exp_year]': 2034, 'card[cvc]': '123',
      'billing_details[name]': 'Ana López', 'billing_details[email]': 'ana@example.mx', 'billing_details[phone]': '5512345678',
    }, publishable);
    const intentId = String(clientSecret).split('_secret_')[0];
    const confirmed = await stripeApi('POST', `/payment_intents/${intentId}/confirm`, { payment_method: body(method).id, client_secret: clientSecret, return_url: `${t.baseUrl}/${STRIPE}/stripe/loader` }, publishable);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await purchaseRow(id)).status).toBe('paid');
    return { id, intentId };
  }

  beforeAll(async () => {
    t = await createPaymentsApp();
    await withConfig(OPENPAY, { metodo_pago_open_pay: true });
    await withConfig(STRIPE, { metodo_pago_stripe_tarjeta: true });
    await withConfig(CARDS, { metodo_pago_mercadopago_tarjetas: true });
  });
  afterAll(() => t.close());

  it('Openpay: a charge refunded at Openpay (charge.refunded) cancels the order; PDF, pass page and .pkpass answer 404', async () => {
    const { id, chargeId } = await paidWithOpenpay();
    const doors = await ticketDoors(id);
    expect(await doors(true)).toEqual([200, 200, 200, 200]);
    const soldBefore = await sold(OPENPAY);
    // The merchant refunds from Openpay's dashboard: Openpay delivers charge.refunded, the server re-reads the charge.
    const refund = await t.app.inject({ method: 'POST', url: `/sandbox/openpay/api/v1/${op().merchantId}/charges/${chargeId}/refund`, headers: basic(op().privateKey), payload: {} });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await doors(true)).toEqual([404, 404, 404, 404]);
    await expectCancelled(id, OPENPAY, soldBefore, 'refunded');
    // The loader (re-reading the charge again changes nothing more) no longer offers the tickets.
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/open-pay/loader-process', payload: { payment_id: chargeId }, headers: t.keyed(id) });
    expect(body(loader)).toMatchObject({ status: 'other', reload: { emission_id: null } });
    await expectCancelled(id, OPENPAY, soldBefore, 'refunded');
  });

  it('Stripe: a full refund (charge.refunded, amount_refunded = amount) cancels the order', async () => {
    const { id, intentId } = await paidWithStripe();
    const doors = await ticketDoors(id);
    const soldBefore = await sold(STRIPE);
    const refund = await stripeApi('POST', '/refunds', { payment_intent: intentId });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await doors()).toEqual([404, 404, 404]);
    await expectCancelled(id, STRIPE, soldBefore, 'refunded');
  });

  it('Stripe: a partial refund is recorded and the tickets stay valid', async () => {
    const { id, intentId } = await paidWithStripe();
    const doors = await ticketDoors(id);
    const soldBefore = await sold(STRIPE);
    const refund = await stripeApi('POST', '/refunds', { payment_intent: intentId, amount: 5000 });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await doors()).toEqual([200, 200, 200]);
    expect((await purchaseRow(id)).status).toBe('paid');
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', refunded_cents: 5000 });
    expect(await callOffs(id)).toEqual([]);
    expect(await sold(STRIPE)).toBe(soldBefore);
  });

  it('Stripe: a dispute lost (charge.dispute.closed, status lost) cancels the order; one still open does not', async () => {
    // Stripe's test card whose charge succeeds and is then disputed.
    const { id, intentId } = await paidWithStripe('4000000000000259');
    const doors = await ticketDoors(id);
    const soldBefore = await sold(STRIPE);
    const disputes = body(await stripeApi('GET', `/disputes?payment_intent=${intentId}`)).data as { id: string; status: string }[];
    expect(disputes).toMatchObject([{ status: 'needs_response' }]);
    expect(await doors()).toEqual([200, 200, 200]);
    // Accepting the dispute (POST /v1/disputes/{id}/close) loses it: Stripe delivers charge.dispute.closed.
    const closed = await stripeApi('POST', `/disputes/${disputes[0].id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(body(closed).status).toBe('lost');
    expect(await doors()).toEqual([404, 404, 404]);
    await expectCancelled(id, STRIPE, soldBefore, 'dispute_lost');
  });

  /** A purchase paid with PayPal through the sandbox: its id and the attempt (the capture id is its provider_payment_id). */
  async function paidWithPayPal() {
    const id = await heldPurchase(URL_SLUG);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=ana%40example.mx' });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) })).status).toBe('approved');
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    return { id, attempt };
  }

  /** A refund of part of a PayPal capture, as the merchant makes it from PayPal's dashboard (the same API call). */
  async function payPalRefund(captureId: string, value: string) {
    const basic = Buffer.from(`${t.sandbox.paypal.clientId}:${t.sandbox.paypal.clientSecret}`).toString('base64');
    const token = body(await t.app.inject({ method: 'POST', url: '/sandbox/paypal/api/v1/oauth2/token', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' })).access_token;
    return t.app.inject({ method: 'POST', url: `/sandbox/paypal/api/v2/payments/captures/${captureId}/refund`, headers: { authorization: `Bearer ${token}` }, payload: { amount: { currency_code: 'MXN', value } } });
  }

  it('PayPal: a partial refund (PAYMENT.CAPTURE.REFUNDED, capture PARTIALLY_REFUNDED) is recorded and the tickets stay valid; refunding the rest cancels the order', async () => {
    const { id, attempt } = await paidWithPayPal();
    const doors = await ticketDoors(id);
    const soldBefore = await sold(URL_SLUG);
    const partial = await payPalRefund(attempt.provider_payment_id, '50.00');
    expect(partial.statusCode, partial.body).toBe(201);
    expect(await doors()).toEqual([200, 200, 200]);
    expect((await purchaseRow(id)).status).toBe('paid');
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', refunded_cents: 5000 });
    expect(await callOffs(id)).toEqual([]);
    expect(await sold(URL_SLUG)).toBe(soldBefore);

    const rest = await payPalRefund(attempt.provider_payment_id, ((attempt.amount_cents - 5000) / 100).toFixed(2));
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await doors()).toEqual([404, 404, 404]);
    await expectCancelled(id, URL_SLUG, soldBefore, 'refunded');
  });

  it('PayPal: a capture refunded at PayPal (PAYMENT.CAPTURE.REFUNDED) cancels the order', async () => {
    const id = await heldPurchase(URL_SLUG);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=ana%40example.mx' });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) }));
    expect(loader.status).toBe('approved');
    const doors = await ticketDoors(id);
    const soldBefore = await sold(URL_SLUG);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    // The merchant refunds from PayPal's dashboard (the same API call): PayPal delivers PAYMENT.CAPTURE.REFUNDED.
    const paypal = payPalProvider({ mode: 'sandbox', apiUrl: () => `${t.baseUrl}/sandbox/paypal/api`, ...t.sandbox.paypal, toleranceSeconds: 300 });
    await paypal.refund({ paymentId: attempt.provider_payment_id, amountCents: attempt.amount_cents, currency: 'MXN', idempotencyKey: 'dashboard-refund' });
    expect(await doors()).toEqual([404, 404, 404]);
    await expectCancelled(id, URL_SLUG, soldBefore, 'refunded');
  });

  it('MercadoPago card: a late payment whose stock is gone is refunded through the sandbox (owed refund settles)', async () => {
    const id = await heldPurchase(CARDS);
    const token = body(await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: '5474925432670366', security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: 'CONT' } },
    })).id;
    const res = await t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(id),
      payload: { purchase_id: id, token, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'ana@example.mx', buyer_info: buyer() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = String(body(res).payment_id);
    // The hold runs out while the issuer reviews the card, and every unit is sold meanwhile.
    t.advance(HOLD + 60_000);
    const [event] = await t.rows('events', 'url', CARDS);
    await t.ctx.db.kysely.updateTable('ticket_types').set((eb) => ({ sold: eb.ref('capacity') })).where('event_id', '=', event.id).execute();
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/payments/${paymentId}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approved.statusCode).toBe(200);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ status: 'refunded', refund_status: 'done', refund_reason: 'sold_out' });
    expect((await purchaseRow(id)).status).toBe('refunded');
    const atSandbox = (await t.rows('sandbox_payment_objects', 'id', paymentId)).find((r) => r.provider === 'mercadopago' && r.kind === 'payment')!;
    expect(JSON.parse(atSandbox.data_json)).toMatchObject({ status: 'refunded' });
    // The refund e-mail, not a cancellation: this purchase was never paid.
    expect(t.mails().filter((m) => m.text.includes(id)).map((m) => mailHeader(m.text, 'Subject'))).toEqual(['Reembolso de tu pago para Concierto de Prueba']);
  });
});
