import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider } from '../../../src/server/payments/providers/stripe.provider';
import { signStripe } from '../../../src/shared/node/webhook-signatures';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, pathOf, type PaymentsTestApp } from './helpers';

const URL = 'pagos-stripe';
const BILLING = { name: 'Ana López', email: 'Ana@Example.mx', phone: '+52 55 1234 5678' };

/** The card payment provider (Stripe) through its sandbox: create-order, the browser's confirmation, loader, webhooks, refunds. */
describe.skipIf(skipDatabase)('Stripe payments (sandbox)', () => {
  let t: PaymentsTestApp;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  /** What Stripe.js does with the publishable key: a payment method from the card element, then confirm with the client secret. */
  const stripeJs = (path: string, fields: Record<string, string | number>) =>
    t.app.inject({ method: 'POST', url: `/sandbox/stripe/api/v1${path}`, headers: { authorization: `Bearer ${t.sandbox.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });
  const heldPurchase = async (url = URL) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const createOrder = (purchase_id: string) => t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(purchase_id), payload: { purchase_id } });
  const confirmWith = async (clientSecret: string, number: string) => {
    const method = await stripeJs('/payment_methods', {
      type: 'card', 'card[number]': number, 'card[exp_month]': 12, 'card[exp_year]': 2034, 'card[cvc]': '123',
      'billing_details[name]': BILLING.name, 'billing_details[email]': BILLING.email, 'billing_details[phone]': BILLING.phone,
    });
    expect(method.statusCode).toBe(200);
    const intentId = clientSecret.split('_secret_')[0];
    return stripeJs(`/payment_intents/${intentId}/confirm`, { payment_method: body(method).id as string, client_secret: clientSecret, return_url: `${t.baseUrl}/${URL}/stripe/loader` });
  };
  const loader = (purchaseId: string, payment_intent: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', headers: t.keyed(purchaseId), payload: { payment_intent, url: URL } });
  const intents = async () => (await t.rows('sandbox_payment_objects', 'kind', 'intent')).filter((r) => r.provider === 'stripe').map((r) => JSON.parse(r.data_json));

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } });
  });
  afterAll(() => t.close());

  it('GET /api/config gives the sandbox publishable key', async () => {
    const res = body(await t.app.inject({ method: 'GET', url: '/api/config' }));
    expect(res.stripe).toEqual({ mode: 'sandbox', publishableKey: t.sandbox.stripe.publishableKey });
  });

  it('create-order: one PaymentIntent of the server\'s amount, in MXN, our attempt in its metadata; repeated and concurrent calls answer the same', async () => {
    const id = await heldPurchase();
    const answers = await Promise.all([createOrder(id), createOrder(id), createOrder(id)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const secrets = new Set(answers.map((res) => body(res).clientSecret));
    expect(secrets.size).toBe(1);
    expect(body(await createOrder(id)).clientSecret).toBe([...secrets][0]);
    const attempts = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ provider: 'stripe', mode: 'sandbox', amount_cents: 22000, currency: 'MXN', status: 'created' });
    const mine = (await intents()).filter((pi) => pi.metadata.attempt_id === attempts[0].id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 22000, currency: 'mxn', status: 'requires_payment_method', automatic_payment_methods: { enabled: true }, metadata: { purchase_id: id } });
    expect(attempts[0].provider_reference).toBe(mine[0].id);
  });

  it('create-order needs the access key, the method on for the event, and answers 4xx JSON for bad input', async () => {
    const id = await heldPurchase();
    // Without the purchase's access key the purchase is not found (nothing is said about it).
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', payload: { purchase_id: id } })).statusCode).toBe(404);
    const off = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(off, ['Ana López']);
    const disabled = await createOrder(off);
    expect(disabled.statusCode).toBe(409);
    expect(body(disabled).code).toBe('PAYMENT_METHOD_DISABLED');
    const bad = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id, amount: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: expect.any(String), mensaje: expect.any(String) });
  });

  it('4242: approved → tickets once, the buyer from the billing details, one e-mail; the loader answers approved', async () => {
    const id = await heldPurchase();
    const { clientSecret } = body(await createOrder(id));
    const res = await confirmWith(clientSecret, '4242424242424242');
    expect(res.statusCode).toBe(200);
    // Stripe.js confirms with the publishable key: the reduced intent (no amount_received); the secret key reads it all.
    expect(body(res)).toMatchObject({ status: 'succeeded', amount: 22000 });
    const intentId = clientSecret.split('_secret_')[0];
    const whole = await t.app.inject({ method: 'GET', url: `/sandbox/stripe/api/v1/payment_intents/${intentId}`, headers: { authorization: `Bearer ${t.sandbox.stripe.secretKey}` } });
    expect(body(whole)).toMatchObject({ status: 'succeeded', amount_received: 22000 });
    expect(body(await loader(id, intentId))).toMatchObject({ status: 'approved', reload: { purchase_id: id, emission_id: expect.any(String) } });
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ status: 'approved', provider_payment_id: intentId });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    const [purchase] = await t.rows('purchases', 'id', id);
    expect(JSON.parse(purchase.buyer_info_json)).toMatchObject({ name: 'Ana López', email: 'ana@example.mx', phone: '+52 55 1234 5678' });
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    // Without the access key the loader answers the status only.
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', payload: { payment_intent: intentId, url: URL } }))).toEqual({ status: 'approved' });
  });

  it('0002 and 9995: declined (402 card_error with the decline code) → loader rejected; the same intent then succeeds with another card', async () => {
    const id = await heldPurchase();
    const { clientSecret } = body(await createOrder(id));
    const intentId = clientSecret.split('_secret_')[0];
    const declined = await confirmWith(clientSecret, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(body(declined).error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(body(await loader(id, intentId)).status).toBe('rejected');
    const poor = await confirmWith(clientSecret, '4000000000009995');
    expect(body(poor).error).toMatchObject({ decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    // A decline after a decline leaves the attempt rejected (statuses only move forward).
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'rejected', status_detail: 'generic_decline' });
    expect(body(await confirmWith(clientSecret, '4242424242424242')).status).toBe('succeeded');
    expect(body(await loader(id, intentId)).status).toBe('approved');
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(1);
  });

  it('3155: requires_action → loader pending; the challenge completed → approved, failed → rejected', async () => {
    for (const outcome of ['complete', 'fail'] as const) {
      const id = await heldPurchase();
      const { clientSecret } = body(await createOrder(id));
      const intentId = clientSecret.split('_secret_')[0];
      const res = await confirmWith(clientSecret, '4000002500003155');
      expect(body(res)).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
      expect(body(await loader(id, intentId)).status).toBe('pending');
      const challenge = pathOf(body(res).next_action.redirect_to_url.url);
      const page = await t.app.inject({ method: 'GET', url: challenge });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Complete authentication');
      const done = await t.app.inject({ method: 'POST', url: `${challenge.split('?')[0]}/${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ client_secret: clientSecret }) });
      expect(done.statusCode).toBe(303);
      const back = new globalThis.URL(done.headers.location as string);
      expect(back.pathname).toBe(`/${URL}/stripe/loader`);
      expect(back.searchParams.get('payment_intent')).toBe(intentId);
      expect(back.searchParams.get('redirect_status')).toBe(outcome === 'complete' ? 'succeeded' : 'failed');
      expect(body(await loader(id, intentId)).status).toBe(outcome === 'complete' ? 'approved' : 'rejected');
    }
  });

  it('webhooks: the sandbox\'s signed deliveries are processed once; a forged, stale or replayed one is not', async () => {
    const processed = (await t.rows('webhook_inbox', 'provider', 'stripe')).filter((r) => r.event_type === 'payment_intent.succeeded');
    expect(processed.length).toBeGreaterThan(0);
    expect(processed.every((r) => r.status === 'processed')).toBe(true);
    const [first] = processed;
    const deliver = (raw: string, signature: string) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: raw });
    const now = String(Math.floor(Date.now() / 1000));
    // The same event again (a retry of Stripe's, or a replay): stored once, not processed again.
    expect(body(await deliver(first.body, signStripe(t.sandbox.stripe.webhookSecret, first.body, now)))).toEqual({ received: true, duplicate: true });
    // Changed after signing, signed with another secret, or too old: 401.
    const signature = signStripe(t.sandbox.stripe.webhookSecret, first.body, now);
    expect((await deliver(first.body.replace('succeeded', 'canceled'), signature)).statusCode).toBe(401);
    expect((await deliver(first.body, signStripe('whsec_other', first.body, now))).statusCode).toBe(401);
    expect((await deliver(first.body, signStripe(t.sandbox.stripe.webhookSecret, first.body, String(Number(now) - 3600)))).statusCode).toBe(401);
    expect((await deliver(first.body, '')).statusCode).toBe(401);
  });

  it('loader-process: an unknown intent is 404, a malformed one 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', payload: { payment_intent: 'pi_unknown123', url: URL } });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe('PAYMENT_NOT_FOUND');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', payload: { payment_intent: '../x', url: URL } })).statusCode).toBe(400);
  });

  it('refunds the whole intent through the adapter, once per idempotency key', async () => {
    const id = await heldPurchase();
    const { clientSecret } = body(await createOrder(id));
    await confirmWith(clientSecret, '4242424242424242');
    const intentId = clientSecret.split('_secret_')[0];
    const adapter = stripeProvider({ mode: 'sandbox', apiUrl: () => `${t.baseUrl}/sandbox/stripe/api`, secretKey: t.sandbox.stripe.secretKey, webhookSecret: t.sandbox.stripe.webhookSecret, toleranceSeconds: 300 });
    const first = await adapter.refund({ paymentId: intentId, amountCents: 22000, currency: 'MXN', idempotencyKey: `refund-${intentId}` });
    const again = await adapter.refund({ paymentId: intentId, amountCents: 22000, currency: 'MXN', idempotencyKey: `refund-${intentId}` });
    expect(first.refundId).toMatch(/^re_/);
    expect(again.refundId).toBe(first.refundId);
    const refunds = (await t.rows('sandbox_payment_objects', 'kind', 'refund')).filter((r) => r.provider === 'stripe').map((r) => JSON.parse(r.data_json));
    expect(refunds.filter((r) => r.payment_intent === intentId)).toEqual([expect.objectContaining({ amount: 22000, currency: 'mxn', status: 'succeeded' })]);
    await expect(adapter.refund({ paymentId: 'pi_missing', amountCents: 100, currency: 'MXN', idempotencyKey: 'x-missing' })).rejects.toMatchObject({ status: 404 });
  });
});
