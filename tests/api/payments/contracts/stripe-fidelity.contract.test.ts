import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClient } from '../../../../src/server/payments/providers/stripe.provider';
import fixture from '../../fixtures/pagos-api.event.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';

const URL = 'pagos-stripe-fidelity';

/**
 * The Stripe sandbox driven by the official `stripe` package (the client our adapter uses), checked
 * against what Stripe documents: refunds take only what remains, Idempotency-Key reuse, Request-Id,
 * form encoding only, the publishable key's reduced PaymentIntent, the card's funding, events' api_version.
 */
describe.skipIf(skipDatabase)('Stripe sandbox against Stripe (official SDK)', () => {
  let t: PaymentsTestApp;
  let secret: Stripe;
  let publishable: Stripe;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const card = (number: string) => ({ type: 'card', 'card[number]': number, 'card[exp_month]': 12, 'card[exp_year]': 2034, 'card[cvc]': '123', 'billing_details[email]': 'ana@example.mx' });
  const api = (path: string, key: string, fields: Record<string, string | number>) =>
    t.app.inject({ method: 'POST', url: `/sandbox/stripe/api/v1${path}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });
  /** A new intent of `amount` centavos with its metadata, as our adapter creates them. */
  const intent = (amount: number, options: Stripe.RequestOptions = {}) =>
    secret.paymentIntents.create({ amount, currency: 'mxn', automatic_payment_methods: { enabled: true }, metadata: { attempt_id: 'att_fidelity' } }, options);
  /** Confirms an intent as Stripe.js does (publishable key, client secret, a payment method of the card): the answer's status and body. */
  async function confirm(pi: Stripe.PaymentIntent, number: string, returnUrl = 'http://x.invalid/back') {
    const method = await api('/payment_methods', t.sandbox.stripe.publishableKey, card(number));
    const res = await api(`/payment_intents/${pi.id}/confirm`, t.sandbox.stripe.publishableKey, { payment_method: body(method).id, client_secret: pi.client_secret!, return_url: returnUrl });
    return { status: res.statusCode, body: body(res) };
  }
  const charged = async (amount: number) => {
    const pi = await intent(amount);
    expect((await confirm(pi, '4242424242424242')).status).toBe(200);
    return pi;
  };
  const chargeOf = async (id: string) => (await secret.paymentIntents.retrieve(id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } });
    secret = stripeClient(t.sandbox.stripe.secretKey, `${t.baseUrl}/sandbox/stripe/api`);
    publishable = stripeClient(t.sandbox.stripe.publishableKey, `${t.baseUrl}/sandbox/stripe/api`);
  });
  afterAll(() => t.close());

  it('a refund with no amount returns only what remains; the charge shows amount_refunded; more is refused as Stripe refuses it', async () => {
    const pi = await charged(5000);
    expect(await secret.refunds.create({ payment_intent: pi.id, amount: 1000 })).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded' });
    expect(await chargeOf(pi.id)).toMatchObject({ amount: 5000, amount_refunded: 1000, refunded: false });
    await expect(secret.refunds.create({ payment_intent: pi.id, amount: 4001 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'amount_too_large' });
    expect(await secret.refunds.create({ payment_intent: pi.id })).toMatchObject({ amount: 4000, charge: expect.stringMatching(/^ch_/) });
    expect(await chargeOf(pi.id)).toMatchObject({ amount: 5000, amount_refunded: 5000, refunded: true });
    await expect(secret.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'charge_already_refunded' });
  });

  it('an Idempotency-Key reused with other parameters is 400 idempotency_error; with the same ones, the first answer', async () => {
    const first = await intent(3000, { idempotencyKey: 'fidelity-intent-1' });
    expect((await intent(3000, { idempotencyKey: 'fidelity-intent-1' })).id).toBe(first.id);
    await expect(intent(3100, { idempotencyKey: 'fidelity-intent-1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400, rawType: 'idempotency_error' });
    const pi = await charged(4000);
    const refund = await secret.refunds.create({ payment_intent: pi.id, amount: 500 }, { idempotencyKey: 'fidelity-refund-1' });
    expect((await secret.refunds.create({ payment_intent: pi.id, amount: 500 }, { idempotencyKey: 'fidelity-refund-1' })).id).toBe(refund.id);
    await expect(secret.refunds.create({ payment_intent: pi.id, amount: 700 }, { idempotencyKey: 'fidelity-refund-1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect((await chargeOf(pi.id)).amount_refunded).toBe(500);
  });

  it('every API answer carries a Request-Id (req_…), errors and unknown paths too', async () => {
    const pi = await intent(2000);
    expect(pi.lastResponse.requestId).toMatch(/^req_\w{14,}$/);
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/api/v1/payment_intents/pi_nothing', headers: { authorization: `Bearer ${t.sandbox.stripe.secretKey}` } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['request-id']).toMatch(/^req_\w{14,}$/);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/stripe/api/v1/nothing' })).headers['request-id']).toMatch(/^req_/);
  });

  it('a JSON body is not read (Stripe parses form encoding only): the parameters are missing', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/sandbox/stripe/api/v1/payment_intents',
      headers: { authorization: `Bearer ${t.sandbox.stripe.secretKey}`, 'content-type': 'application/json' }, payload: { amount: 2000, currency: 'mxn' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'amount' });
  });

  it('the publishable key reads the reduced PaymentIntent Stripe documents (no metadata, no charge, no return_url)', async () => {
    const pi = await intent(2500);
    const read = await publishable.paymentIntents.retrieve(pi.id, { client_secret: pi.client_secret! } as Stripe.PaymentIntentRetrieveParams);
    expect(read).toMatchObject({ id: pi.id, object: 'payment_intent', amount: 2500, currency: 'mxn', status: 'requires_payment_method', client_secret: pi.client_secret, payment_method_types: ['card'] });
    for (const field of ['metadata', 'latest_charge', 'amount_received', 'customer', 'return_url']) expect(read, field).not.toHaveProperty(field);
    // What Stripe.js reads after confirming (status, next_action), in the reduced shape too.
    const confirmed = await confirm(pi, '4000002500003155');
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: expect.any(String), return_url: 'http://x.invalid/back' } } });
    expect(confirmed.body).not.toHaveProperty('metadata');
    expect(confirmed.body).not.toHaveProperty('return_url');
    // The secret key still reads the whole intent, with no field Stripe's PaymentIntent lacks.
    const whole = await secret.paymentIntents.retrieve(pi.id);
    expect(whole).toMatchObject({ metadata: { attempt_id: 'att_fidelity' }, amount_received: 0 });
    expect(whole).not.toHaveProperty('return_url');
  });

  it('a declined confirmation: last_payment_error.payment_method.card has funding; events carry the SDK\'s API version', async () => {
    const pi = await intent(2600);
    const declined = await confirm(pi, '4000000000000002');
    expect(declined.status).toBe(402);
    const whole = await secret.paymentIntents.retrieve(pi.id);
    expect(whole.last_payment_error?.payment_method?.card).toMatchObject({ brand: 'visa', last4: '0002', funding: 'credit' });
    const events = (await t.rows('webhook_inbox', 'provider', 'stripe')).map((row) => JSON.parse(row.body));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.api_version).toBe(Stripe.API_VERSION);
      expect(event.data.object).not.toHaveProperty('return_url');
    }
  });
});
