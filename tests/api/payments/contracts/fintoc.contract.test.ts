import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fintocProvider } from '../../../../src/server/payments/providers/fintoc.provider';
import { signFintoc } from '../../../../src/shared/node/webhook-signatures';
import recorded from '../../fixtures/providers/fintoc.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const SECRET_KEY = 'sk_live_0123456789abcdefghijABCDEFGHIJ';
const WEBHOOK_SECRET = 'whsec_live_9f8e7d6c5b4a3210';
const SESSION = 'cs_li5531onlFDi235';

/** The real Fintoc adapter (checkout sessions), switched on by its keys, against recorded API answers. */
describe.skipIf(skipDatabase)('Fintoc adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;
  let purchaseId: string;
  let attempt: Record<string, any>;
  const event = (id: string) =>
    JSON.stringify({ id, object: 'event', type: 'checkout_session.finished', mode: 'live', created_at: '2026-11-21T18:50:41Z', data: { id: SESSION, object: 'checkout_session', status: 'finished' } });
  const deliver = (raw: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/fintoc', headers: { 'content-type': 'application/json', 'fintoc-signature': signature }, payload: raw });

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx', fintoc: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: api.url } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('creates a checkout session with the secret key, an Idempotency-Key, centavos and the loader URLs', async () => {
    purchaseId = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: purchaseId, buyer_info: buyer() }, headers: t.keyed(purchaseId) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ session_token: 'cs_li5531onlFDi235_sec_a4xK9Zbv7GHdtt9bLcqv8Fdk', widget_url: `https://pay.fintoc.com/checkout/${SESSION}` });
    [attempt] = await t.rows('payment_attempts', 'purchase_id', purchaseId);
    api.vars.attempt_id = attempt.id;
    api.vars.purchase_id = purchaseId;
    const [call] = api.calls('create_session');
    expect(call.headers.authorization).toBe(SECRET_KEY);
    expect(call.headers['idempotency-key']).toBe(attempt.idempotency_key);
    const loader = `https://boletos.example.mx/pagos-api/fintoc/loader?purchase_id=${purchaseId}`;
    expect(call.json).toEqual({
      amount: 22000, currency: 'MXN', customer_email: 'ana@example.mx', success_url: loader, cancel_url: loader,
      metadata: { purchase_id: purchaseId, attempt_id: attempt.id },
    });
  });

  it('verifies Fintoc-Signature over the raw body, re-reads the session and emits the tickets once', async () => {
    const raw = event('evt_2CYrVZ3qmBo6x1VJ');
    const signature = signFintoc(WEBHOOK_SECRET, raw, String(Math.floor(Date.now() / 1000)));
    expect(body(await deliver(raw, signature))).toEqual({ received: true });
    const [read] = api.calls('get_session_finished');
    expect(read).toMatchObject({ method: 'GET', path: `/v1/checkout_sessions/${SESSION}` });
    expect(read.headers.authorization).toBe(SECRET_KEY);
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ status: 'approved', provider_payment_id: 'pi_BO381oEATXonG6bj' });
    expect(await t.rows('tickets', 'purchase_id', purchaseId)).toHaveLength(1);
    // The same delivery again is stored once and not processed again.
    expect(body(await deliver(raw, signature))).toEqual({ received: true, duplicate: true });
    expect(api.calls('get_session_finished')).toHaveLength(1);
  });

  it('refuses a body changed after signing, without asking Fintoc', async () => {
    const raw = event('evt_forged');
    const signature = signFintoc(WEBHOOK_SECRET, raw, String(Math.floor(Date.now() / 1000)));
    const before = api.received.length;
    expect((await deliver(raw.replace('finished', 'expired'), signature)).statusCode).toBe(401);
    expect(api.received.length).toBe(before);
  });

  it('the loader answers approved from the database once tickets exist', async () => {
    const res = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: purchaseId }, headers: t.keyed(purchaseId) }));
    expect(res).toMatchObject({ status: 'approved', reload: { purchase_id: purchaseId, emission_id: expect.any(String) } });
  });

  it('refunds the payment intent with POST /v1/refunds', async () => {
    const adapter = fintocProvider({ mode: 'live', apiUrl: () => api.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, toleranceSeconds: 300 });
    expect(await adapter.refund({ paymentId: 'pi_BO381oEATXonG6bj', amountCents: 22000, currency: 'MXN', idempotencyKey: `refund-${attempt.id}` })).toEqual({ refundId: 'ref_8XzNbCv1LqKjWp4R' });
    const [call] = api.calls('refund');
    expect(call.headers.authorization).toBe(SECRET_KEY);
    expect(call.headers['idempotency-key']).toBe(`refund-${attempt.id}`);
    expect(call.json).toEqual({ resource_type: 'payment_intent', resource_id: 'pi_BO381oEATXonG6bj', amount: 22000 });
  });
});
