import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openpayProvider } from '../../../../src/server/payments/providers/openpay.provider';
import fixture from '../../fixtures/pagos-api.event.json';
import recorded from '../../fixtures/providers/openpay.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const MERCHANT = 'mzdtln0bmtms6o3kck8f';
const PRIVATE_KEY = 'sk_e568c42a6c384b7ab02cd47d2e407cab';
const PUBLIC_KEY = 'pk_f0660ad5a39f4912872e24a7a660370c';
const WEBHOOK = { user: 'boletos-webhook', password: 'p4ss-0f-the-webhook' };
const TOKEN = 'kqgykn96i7bcs1wwhvgw';
const DEVICE = 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f';

/** The real Openpay adapter, switched on by its keys, against recorded API answers. */
describe.skipIf(skipDatabase)('Openpay adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;
  const privateAuth = `Basic ${Buffer.from(`${PRIVATE_KEY}:`).toString('base64')}`;
  const held = async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const pay = (purchase_id: string) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/open-pay/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token: TOKEN, device_session_id: DEVICE, buyer_info: { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' } },
    });
  const attemptOf = async (purchaseId: string) => (await t.rows('payment_attempts', 'purchase_id', purchaseId))[0];
  const deliver = (raw: string, user = WEBHOOK.user, password = WEBHOOK.password) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/openpay', payload: raw, headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } });
  let completedPurchase: string;

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({
      publicUrl: 'https://boletos.example.mx',
      openpay: { merchantId: MERCHANT, privateKey: PRIVATE_KEY, publicKey: PUBLIC_KEY, webhookUser: WEBHOOK.user, webhookPassword: WEBHOOK.password, apiUrl: api.url, scriptUrl: 'https://js.openpay.mx/openpay.v1.min.js' },
    });
    await t.importEvent({ ...fixture, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_open_pay: true, bines_permitidos: [{ bin: '411111' }] } } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('reads the token\'s BIN, then charges with the private key: method card, amount in pesos, our attempt as order_id, the device session', async () => {
    completedPurchase = await held();
    const res = await pay(completedPurchase);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ payment_id: 'trzjaozcik8msyqshka4' });
    const attempt = await attemptOf(completedPurchase);
    api.vars.attempt_completed = attempt.id;
    const [token] = api.calls('read_token');
    expect(token.headers.authorization).toBe(privateAuth);
    const [call] = api.calls('charge_completed');
    expect(call.path).toBe(`/v1/${MERCHANT}/charges`);
    expect(call.headers.authorization).toBe(privateAuth);
    expect(call.json).toEqual({
      method: 'card', source_id: TOKEN, amount: 220, currency: 'MXN', description: 'Boletos', order_id: attempt.id, device_session_id: DEVICE,
      customer: { name: 'Ana López', email: 'ana@example.mx' },
      redirect_url: `https://boletos.example.mx/pagos-api/open-pay/loader?payment_id=${attempt.id}`,
    });
    expect(attempt).toMatchObject({ provider: 'openpay', mode: 'live', status: 'approved', provider_payment_id: 'trzjaozcik8msyqshka4' });
    expect(await t.rows('tickets', 'purchase_id', completedPurchase)).toHaveLength(2);
  });

  it('3-D Secure: answers the bank\'s page; the loader re-reads the charge once it is completed', async () => {
    const id = await held();
    const res = await pay(id);
    expect(body(res)).toEqual({ payment_id: 'tr6cxbcefzatd10guvvw', redirect_url: `https://sandbox-api.openpay.mx/v1/${MERCHANT}/charges/tr6cxbcefzatd10guvvw/redirect/` });
    const attempt = await attemptOf(id);
    expect(attempt.status).toBe('created');
    api.vars.attempt_3ds = attempt.id;
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/open-pay/loader-process', payload: { payment_id: attempt.id }, headers: t.keyed(id) });
    expect(body(loader).status).toBe('approved');
    expect(api.calls('get_3ds_completed')[0].headers.authorization).toBe(privateAuth);
  });

  it('a declined card (402, 3001): the buyer gets 402 with error_message, the attempt is rejected', async () => {
    const id = await held();
    const res = await pay(id);
    expect(res.statusCode).toBe(402);
    expect(body(res)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', error_message: expect.any(String) });
    expect((await attemptOf(id)).status).toBe('rejected');
  });

  it('a repeated request: Openpay refuses the order_id again (409, 1006) and the first charge is the answer', async () => {
    const res = await pay(completedPurchase);
    expect(body(res)).toEqual({ payment_id: 'trzjaozcik8msyqshka4' });
    expect(api.calls('charge_order_taken')).toHaveLength(1);
    const [search] = api.calls('charges_of_order');
    expect(search.path).toBe(`/v1/${MERCHANT}/charges?order_id=${(await attemptOf(completedPurchase)).id}`);
    expect(await t.rows('tickets', 'purchase_id', completedPurchase)).toHaveLength(2);
  });

  it('webhook: the configured basic-auth pair accepted, anything else 401; the charge re-read, a replay not processed', async () => {
    const raw = JSON.stringify({ type: 'charge.succeeded', event_date: '2026-11-24T11:56:27-06:00', transaction: { id: 'trzjaozcik8msyqshka4', status: 'completed', order_id: api.vars.attempt_completed, amount: 220, method: 'card' } });
    expect((await deliver(raw, WEBHOOK.user, 'forged')).statusCode).toBe(401);
    const before = api.calls('get_completed').length;
    expect(body(await deliver(raw))).toEqual({ received: true });
    expect(api.calls('get_completed').length).toBe(before + 1);
    expect(body(await deliver(raw))).toEqual({ received: true, duplicate: true });
    expect(api.calls('get_completed').length).toBe(before + 1);
    const verification = await deliver(JSON.stringify({ type: 'verification', event_date: '2026-11-24T11:50:00-06:00', verification_code: 'OjVxVoU9' }));
    expect(body(verification)).toEqual({ received: true, ignored: true });
  });

  it('refund: POST /charges/{id}/refund with the amount; the refund id is answered', async () => {
    const adapter = openpayProvider({ mode: 'live', apiUrl: () => api.url, merchantId: MERCHANT, privateKey: PRIVATE_KEY, webhookUser: WEBHOOK.user, webhookPassword: WEBHOOK.password });
    expect(await adapter.refund({ paymentId: 'trzjaozcik8msyqshka4', amountCents: 22000, currency: 'MXN', idempotencyKey: 'x' })).toEqual({ refundId: 'trcbsmjkroqmgbbpy4xf' });
    const [call] = api.calls('refund');
    expect(call.headers.authorization).toBe(privateAuth);
    expect(call.json).toEqual({ description: 'Reembolso', amount: 220 });
    await expect(adapter.read({ paymentId: 'trnotours0000000000' })).rejects.toMatchObject({ status: 404, body: { error_code: 1005 } });
  });

  it('live: the card frame loads openpay.v1.min.js from Openpay\'s CDN and the CSP allows it and Openpay\'s API', async () => {
    const frame = await t.app.inject({ method: 'GET', url: '/payments/openpay/card-frame' });
    expect(frame.body).toContain('<script src="https://js.openpay.mx/openpay.v1.min.js"></script>');
    expect(frame.body).toContain(`data-merchant-id="${MERCHANT}"`);
    expect(frame.body).toContain(`data-public-key="${PUBLIC_KEY}"`);
    expect(frame.body).not.toContain(PRIVATE_KEY);
    const csp = String(frame.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.openpay\.mx/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.openpay\.mx/);
    expect(csp).toContain("frame-ancestors 'self'");
    // The storefront's own pages load the two scripts too (the device session id).
    const store = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(String(store.headers['content-security-policy'])).toMatch(/script-src [^;]*https:\/\/js\.openpay\.mx/);
    expect(JSON.parse(store.body).openpay).toEqual({ mode: 'live', merchantId: MERCHANT, publicKey: PUBLIC_KEY, sandboxMode: false });
    // No sandbox routes for a provider with keys.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/openpay/js/openpay.v1.min.js' })).statusCode).toBe(404);
  });
});
