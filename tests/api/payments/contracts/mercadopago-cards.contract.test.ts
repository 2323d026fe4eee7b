import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoProvider } from '../../../../src/server/payments/providers/mercadopago.provider';
import { signMercadoPago } from '../../../../src/shared/node/webhook-signatures';
import fixture from '../../fixtures/pagos-api.event.json';
import recorded from '../../fixtures/providers/mercadopago-cards.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const TOKEN = 'APP_USR-6295877106812064-112110-0a1b2c3d4e5f-202809963';
const WEBHOOK_SECRET = 'mp-webhook-secret-de-prueba';
const URL = 'pagos-tarjeta-contrato';

/**
 * The real MercadoPago card adapter (`POST /v1/payments` with a browser card token), switched
 * on by its keys, against recorded answers: approved, in process, rejected, a 3-D Secure
 * challenge settled by a signed notification, a refused token, and a refund. The recorded
 * interactions for `POST /v1/payments` are answered in order, one per test below.
 */
describe.skipIf(skipDatabase)('MercadoPago card adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;

  const heldPurchase = () => t.purchase([{ ticket_id: 2, cantidad: 1 }], { url: URL });
  const pay = (purchaseId: string, token: string) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(purchaseId),
      payload: { purchase_id: purchaseId, token, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'Ana@Example.mx', buyer_info: buyer() },
    });
  const attemptOf = async (purchaseId: string) => (await t.rows('payment_attempts', 'purchase_id', purchaseId))[0]!;
  const lastCharge = () => api.received.filter((r) => r.method === 'POST' && r.path === '/v1/payments').at(-1)!;

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({
      publicUrl: 'https://boletos.example.mx',
      mercadopago: { accessToken: TOKEN, webhookSecret: WEBHOOK_SECRET, apiUrl: api.url, threeDSecureMode: 'optional' },
    });
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true } } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('approved: POST /v1/payments with the bearer token, the attempt as idempotency key and reference, the purchase\'s amount, 3-D Secure optional', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'ff8080814c11e237014c1ff593b57b4d');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ payment_id: '1319100001' });
    const attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ provider: 'mercadopago', mode: 'live', status: 'approved', provider_payment_id: '1319100001', amount_cents: 22000 });
    const call = lastCharge();
    expect(call.name).toBe('pay_approved');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers['x-idempotency-key']).toBe(attempt.idempotency_key);
    expect(call.json).toEqual({
      token: 'ff8080814c11e237014c1ff593b57b4d', transaction_amount: 220, installments: 1, payment_method_id: 'master', issuer_id: '158',
      payer: { email: 'ana@example.mx' }, external_reference: attempt.id, description: 'Boletos',
      notification_url: 'https://boletos.example.mx/api/webhooks/mercadopago', statement_descriptor: 'BOLETOS', binary_mode: false, three_d_secure_mode: 'optional',
    });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(1);
  });

  it('in process (pending_contingency): the hold stays while the notification is awaited, no tickets yet', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'ff8080814c11e237014c1ff593b57b4e');
    expect(body(res)).toEqual({ payment_id: '1319100002' });
    expect(lastCharge().name).toBe('pay_in_process');
    expect(await attemptOf(id)).toMatchObject({ status: 'pending', status_detail: 'pending_contingency' });
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'held' });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
  });

  it('rejected (cc_rejected_insufficient_amount): 402 with the reason in the buyer\'s words, the hold kept for another try', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'ff8080814c11e237014c1ff593b57b4f');
    expect(lastCharge().name).toBe('pay_rejected');
    expect(res.statusCode).toBe(402);
    expect(body(res)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', mensaje: expect.stringMatching(/fondos/i) });
    expect(await attemptOf(id)).toMatchObject({ status: 'rejected', provider_payment_id: '1319100003' });
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'held' });
  });

  it('3-D Secure challenge: the answer carries the issuer\'s page and creq; a signed notification then settles the payment', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'ff8080814c11e237014c1ff593b57b50');
    expect(lastCharge().name).toBe('pay_challenge');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      payment_id: '1319100004',
      three_ds_info: { external_resource_url: 'https://acs-public.tp.mastercard.com/api/v1/browser_challenges', creq: expect.stringMatching(/^eyJ/) },
    });
    const attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ status: 'pending', status_detail: 'pending_challenge' });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);

    // The buyer passed the challenge: MercadoPago notifies, we re-read the payment (approved).
    api.vars.challenge_attempt = attempt.id;
    const requestId = 'c0ffee00-3d5e-4c0a-9a1b-000000000004';
    const ts = String(Math.floor(Date.now() / 1000));
    const raw = JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id: '1319100004' }, date_created: '2026-11-21T10:05:00Z', id: 92000004, live_mode: true, type: 'payment', user_id: '202809963' });
    const notified = await t.app.inject({
      method: 'POST', url: '/api/webhooks/mercadopago?data.id=1319100004&type=payment',
      headers: { 'content-type': 'application/json', 'x-signature': signMercadoPago(WEBHOOK_SECRET, '1319100004', requestId, ts), 'x-request-id': requestId },
      payload: raw,
    });
    expect(body(notified)).toEqual({ received: true });
    expect(api.calls('get_challenged_approved')).toHaveLength(1);
    expect(await attemptOf(id)).toMatchObject({ status: 'approved' });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(1);
  });

  it('a token MercadoPago refuses (400): 422 CARD_TOKEN_INVALID, nothing charged, the attempt closed', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'ff8080814c11e237014c1ff593b57b51');
    expect(lastCharge().name).toBe('pay_token_used');
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({ code: 'CARD_TOKEN_INVALID' });
    expect(await attemptOf(id)).toMatchObject({ status: 'rejected', provider_payment_id: null });
  });

  it('refunds an approved card payment with POST /v1/payments/{id}/refunds and an idempotency key', async () => {
    const adapter = mercadoPagoProvider({ mode: 'live', apiUrl: () => api.url, accessToken: TOKEN, webhookSecret: WEBHOOK_SECRET, toleranceSeconds: 300 });
    expect(await adapter.refund({ paymentId: '1319100001', amountCents: 22000, currency: 'MXN', idempotencyKey: 'refund-card-1' })).toEqual({ refundId: '1009042101' });
    const [call] = api.calls('refund');
    expect(call!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call!.headers['x-idempotency-key']).toBe('refund-card-1');
  });

  it('live keys open the page to MercadoPago\'s SDK, its API and an issuer\'s 3-D Secure frame (the sandbox needs none of it)', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: `/${URL}` })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/sdk\.mercadopago\.com/);
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.mercadopago\.com/);
    expect(csp).toMatch(/frame-src 'self'[^;]* https:/);
    expect(csp).toMatch(/form-action 'self' https:/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('asked nothing that was not recorded', () => {
    expect(api.received.every((r) => r.name !== null)).toBe(true);
  });
});
