import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoProvider } from '../../../../src/server/payments/providers/mercadopago.provider';
import { signMercadoPago } from '../../../../src/shared/node/webhook-signatures';
import recorded from '../../fixtures/providers/mercadopago.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const TOKEN = 'APP_USR-6295877106812064-112110-0a1b2c3d4e5f-202809963';
const WEBHOOK_SECRET = 'mp-webhook-secret-de-prueba';
const PAYMENT = '1319003003';

/** The real MercadoPago adapter, switched on by its keys, against recorded API answers. */
describe.skipIf(skipDatabase)('MercadoPago adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;
  let purchaseId: string;
  let attempt: Record<string, any>;
  const notify = (headers: Record<string, string>, raw: string) =>
    t.app.inject({ method: 'POST', url: `/api/webhooks/mercadopago?data.id=${PAYMENT}&type=payment`, headers: { 'content-type': 'application/json', ...headers }, payload: raw });
  const signed = (notificationId: number) => {
    const requestId = `bb56a2f1-6aae-46ac-982e-9dcd3581d08e-${notificationId}`;
    const ts = String(Math.floor(Date.now() / 1000));
    return {
      raw: JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id: PAYMENT }, date_created: '2026-11-21T18:40:05Z', id: notificationId, live_mode: true, type: 'payment', user_id: '202809963' }),
      headers: { 'x-signature': signMercadoPago(WEBHOOK_SECRET, PAYMENT, requestId, ts), 'x-request-id': requestId },
    };
  };

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx', mercadopago: { accessToken: TOKEN, webhookSecret: WEBHOOK_SECRET, apiUrl: api.url } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('creates a preference: POST /checkout/preferences with the bearer token, our idempotency key, amounts and return URLs', async () => {
    purchaseId = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: purchaseId, buyer_info: buyer() }, headers: t.keyed(purchaseId) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      preference_id: '202809963-920c288b-4ebb-40be-966f-700250fa5370',
      init_point: 'https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=202809963-920c288b-4ebb-40be-966f-700250fa5370',
    });
    [attempt] = await t.rows('payment_attempts', 'purchase_id', purchaseId);
    expect(attempt).toMatchObject({ mode: 'live', provider_reference: '202809963-920c288b-4ebb-40be-966f-700250fa5370', amount_cents: 22000 });
    const [purchase] = await t.rows('purchases', 'id', purchaseId);

    const [call] = api.calls('create_preference');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['x-idempotency-key']).toBe(attempt.idempotency_key);
    expect(call.json).toMatchObject({
      items: [{ id: purchaseId, title: 'Boletos · Concierto de Prueba', quantity: 1, unit_price: 220, currency_id: 'MXN' }],
      payer: { name: 'Ana López', email: 'ana@example.mx', phone: { area_code: '52', number: '5512345678' } },
      external_reference: attempt.id,
      back_urls: { success: 'https://boletos.example.mx/pagos-api/mp/loader', pending: 'https://boletos.example.mx/pagos-api/mp/loader', failure: 'https://boletos.example.mx/pagos-api/mp/loader' },
      auto_return: 'all',
      notification_url: 'https://boletos.example.mx/api/webhooks/mercadopago',
      payment_methods: { installments: 1 },
      expires: true,
      expiration_date_to: purchase.expires_at,
      metadata: { purchase_id: purchaseId, attempt_id: attempt.id },
    });
    // Only cash at a store remains: every other payment type is excluded.
    expect(call.json.payment_methods.excluded_payment_types.map((x: { id: string }) => x.id)).not.toContain('ticket');
    expect(call.json.payment_methods.excluded_payment_types.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['credit_card', 'debit_card']));
    api.vars.attempt_id = attempt.id;
    api.vars.purchase_id = purchaseId;
    api.vars.voucher_deadline = call.json.date_of_expiration;
    // The voucher is payable for VOUCHER_HOURS (72) from when the preference was made.
    expect(Date.parse(call.json.date_of_expiration) - Date.parse(purchase.created_at)).toBeGreaterThanOrEqual(72 * 3_600_000);
    expect(Date.parse(call.json.date_of_expiration) - Date.parse(purchase.created_at)).toBeLessThan(72 * 3_600_000 + 60_000);
  });

  it('turns an error answer into a 502 with the storefront message', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) });
    expect(api.calls('create_preference_bad_request')).toHaveLength(1);
    expect(res.statusCode).toBe(502);
    expect(body(res)).toEqual({ mensaje: 'Ocurrio un error, intenta con otro metodo de pago.', code: 'PAYMENT_PROVIDER_ERROR' });
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('rejected');
  });

  it('verifies a notification\'s x-signature, then re-reads the payment: pending keeps the stock until the voucher deadline', async () => {
    const { raw, headers } = signed(91000001);
    const res = await notify(headers, raw);
    expect(body(res)).toEqual({ received: true });
    const [read] = api.calls('get_payment_pending');
    expect(read).toMatchObject({ method: 'GET', path: `/v1/payments/${PAYMENT}` });
    expect(read.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const [purchase] = await t.rows('purchases', 'id', purchaseId);
    expect(purchase).toMatchObject({ status: 'pending', stock_until: new Date(api.vars.voucher_deadline).toISOString() });
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ status: 'pending', provider_payment_id: PAYMENT });
  });

  it('refuses a notification signed with another secret before asking MercadoPago anything', async () => {
    const before = api.received.length;
    const { raw } = signed(91000002);
    const res = await notify({ 'x-signature': signMercadoPago('otro', PAYMENT, 'r', String(Math.floor(Date.now() / 1000))), 'x-request-id': 'r' }, raw);
    expect(res.statusCode).toBe(401);
    expect(api.received.length).toBe(before);
  });

  it('the loader re-reads the approved payment and emits the tickets', async () => {
    const res = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: PAYMENT }, headers: t.keyed(purchaseId) }));
    expect(api.calls('get_payment_approved')).toHaveLength(1);
    expect(res.status).toBe('approved');
    expect(res.reload.emission_id).toEqual(expect.any(String));
    expect(await t.rows('tickets', 'purchase_id', purchaseId)).toHaveLength(1);
  });

  it('a payment MercadoPago does not know is a 404 for the loader', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: '999' } });
    expect(api.calls('get_payment_unknown')).toHaveLength(1);
    expect(res.statusCode).toBe(404);
  });

  it('refunds with POST /v1/payments/{id}/refunds and an idempotency key', async () => {
    const adapter = mercadoPagoProvider({ mode: 'live', apiUrl: () => api.url, accessToken: TOKEN, webhookSecret: WEBHOOK_SECRET, toleranceSeconds: 300 });
    expect(await adapter.refund({ paymentId: PAYMENT, amountCents: 22000, currency: 'MXN', idempotencyKey: `refund-${attempt.id}` })).toEqual({ refundId: '1009042015' });
    const [call] = api.calls('refund');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers['x-idempotency-key']).toBe(`refund-${attempt.id}`);
    // The amount asked is always sent: a buyer's partial cancellation gives back part of a payment.
    expect(call.json).toEqual({ amount: 220 });
  });

  it('with keys set there is no MercadoPago sandbox', async () => {
    expect((await t.app.inject('/sandbox/mercadopago/checkout/x')).statusCode).toBe(404);
    expect(api.received.every((r) => r.name !== null)).toBe(true);
  });
});
