import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider } from '../../../../src/server/payments/providers/stripe.provider';
import { signStripe } from '../../../../src/shared/node/webhook-signatures';
import fixture from '../../fixtures/pagos-api.event.json';
import recorded from '../../fixtures/providers/stripe.json';
import { body, createTestApp } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const SECRET_KEY = 'sk_live_51QxLiveContractKeyAbCdEf0123456789';
const WEBHOOK_SECRET = 'whsec_live_5f4e3d2c1b0a9f8e7d6c';
const PUBLISHABLE_KEY = 'pk_live_51QxLiveContractPublishable';
const INTENT = 'pi_3QxLiveStripe0Contract';
const URL = 'pagos-stripe-live';

/** The real Stripe adapter (the official `stripe` package), switched on by its keys, against recorded API answers. */
describe.skipIf(skipDatabase)('Stripe adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;
  let purchaseId: string;
  let attempt: Record<string, any>;
  const event = (id: string, type = 'payment_intent.succeeded') =>
    JSON.stringify({ id, object: 'event', api_version: '2025-10-29.clover', created: 1763837343, livemode: true, pending_webhooks: 1, type, data: { object: { id: INTENT, object: 'payment_intent', status: 'succeeded', metadata: { attempt_id: attempt.id } } } });
  const deliver = (raw: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: raw });
  const now = () => String(Math.floor(Date.now() / 1000));

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({
      publicUrl: 'https://boletos.example.mx',
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publishableKey: PUBLISHABLE_KEY, apiUrl: api.url, appleDomainAssociation: 'apple-association-file-content' },
    });
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('live mode: /api/config gives the publishable key, the CSP lets Stripe.js in, the sandbox is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(body(res).stripe).toEqual({ mode: 'live', publishableKey: PUBLISHABLE_KEY });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/stripe/v3' })).statusCode).toBe(404);
  });

  it('creates the PaymentIntent with the secret key, the attempt\'s Idempotency-Key, centavos in mxn and our attempt in the metadata', async () => {
    purchaseId = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url: URL });
    await t.fillForm(purchaseId, ['Ana López', 'Luis Pérez']);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', payload: { purchase_id: purchaseId }, headers: t.keyed(purchaseId) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ clientSecret: `${INTENT}_secret_Vq1oZ7yTt0cC4mE8nB2k` });
    [attempt] = await t.rows('payment_attempts', 'purchase_id', purchaseId);
    expect(attempt).toMatchObject({ provider: 'stripe', mode: 'live', provider_reference: INTENT, amount_cents: 22000 });
    api.vars.attempt_id = attempt.id;
    api.vars.purchase_id = purchaseId;
    const [call] = api.calls('create_intent');
    expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.headers['idempotency-key']).toBe(attempt.idempotency_key);
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      amount: '22000', currency: 'mxn', 'automatic_payment_methods[enabled]': 'true', description: 'Boletos · Concierto de Prueba',
      'metadata[purchase_id]': purchaseId, 'metadata[attempt_id]': attempt.id,
    });
  });

  it('3-D Secure: the loader reads requires_action as pending', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', payload: { payment_intent: INTENT, url: URL }, headers: t.keyed(purchaseId) });
    expect(body(res)).toMatchObject({ status: 'pending' });
    const [read] = api.calls('get_intent_requires_action');
    expect(read.method).toBe('GET');
    expect(decodeURIComponent(read.path)).toBe(`/v1/payment_intents/${INTENT}?expand[0]=latest_charge`);
    expect(read.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('verifies Stripe-Signature with constructEvent over the raw body, re-reads the intent and emits the tickets once', async () => {
    const raw = event('evt_3QxLiveSucceeded1');
    expect(body(await deliver(raw, signStripe(WEBHOOK_SECRET, raw, now())))).toEqual({ received: true });
    expect(api.calls('get_intent_succeeded')).toHaveLength(1);
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ status: 'approved', provider_payment_id: INTENT });
    expect(await t.rows('tickets', 'purchase_id', purchaseId)).toHaveLength(2);
    // The buyer is who the charge's billing details name (create-order takes no buyer).
    const [purchase] = await t.rows('purchases', 'id', purchaseId);
    expect(JSON.parse(purchase.buyer_info_json)).toMatchObject({ name: 'Ana López', email: 'ana@example.mx', phone: '+52 55 1234 5678' });
    // The same delivery again (Stripe retries; a replay): stored once, not processed again.
    expect(body(await deliver(raw, signStripe(WEBHOOK_SECRET, raw, now())))).toEqual({ received: true, duplicate: true });
    expect(api.calls('get_intent_succeeded')).toHaveLength(1);
  });

  it('refuses a forged, re-signed, stale or unsigned delivery without asking Stripe', async () => {
    const raw = event('evt_forged');
    const before = api.received.length;
    expect((await deliver(raw.replace('succeeded', 'canceled'), signStripe(WEBHOOK_SECRET, raw, now()))).statusCode).toBe(401);
    expect((await deliver(raw, signStripe('whsec_someone_else', raw, now()))).statusCode).toBe(401);
    expect((await deliver(raw, signStripe(WEBHOOK_SECRET, raw, String(Number(now()) - 600)))).statusCode).toBe(401);
    expect((await deliver(raw, signStripe(WEBHOOK_SECRET, raw, String(Number(now()) + 600)))).statusCode).toBe(401);
    expect((await deliver(raw, '')).statusCode).toBe(401);
    expect(api.received.length).toBe(before);
  });

  it('an event that is not about a payment intent is stored and ignored', async () => {
    const raw = JSON.stringify({ id: 'evt_3QxLiveCharge', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_3QxLiveStripe0Contract', object: 'charge' } } });
    expect(body(await deliver(raw, signStripe(WEBHOOK_SECRET, raw, now())))).toEqual({ received: true, ignored: true });
  });

  it('refunds the intent with POST /v1/refunds and its idempotency key; a missing intent is a 404 ProviderError', async () => {
    const adapter = stripeProvider({ mode: 'live', apiUrl: () => api.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, toleranceSeconds: 300 });
    expect(await adapter.refund({ paymentId: INTENT, amountCents: 22000, currency: 'MXN', idempotencyKey: 'refund-key-1' })).toEqual({ refundId: 're_3QxLiveStripe0Contract' });
    const [call] = api.calls('refund');
    expect(call.headers['idempotency-key']).toBe('refund-key-1');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({ payment_intent: INTENT, amount: '22000' });
    await expect(adapter.read({ reference: 'pi_missing' })).rejects.toMatchObject({ name: 'ProviderError', status: 404 });
  });

  it('serves the Apple Pay domain-association file when configured (its content, or a file path)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('apple-association-file-content');
    const file = join(tmpdir(), `apple-association-${process.pid}.txt`);
    writeFileSync(file, 'from-a-file');
    const other = await createTestApp({ stripe: { secretKey: undefined, webhookSecret: undefined, publishableKey: undefined, apiUrl: 'https://api.stripe.com', appleDomainAssociation: file } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' })).body).toBe('from-a-file');
    } finally {
      await other.close();
    }
    const none = await createTestApp({});
    try {
      expect((await none.app.inject({ method: 'GET', url: '/.well-known/apple-developer-merchantid-domain-association' })).statusCode).toBe(404);
    } finally {
      await none.close();
    }
  });
});
