import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

const URL = 'pagos-stripe-sbx';

/** The Stripe sandbox's own surface: the browser script and card frame, the wallet sheet, errors in Stripe's shape, cancellation. */
describe.skipIf(skipDatabase)('Stripe sandbox', () => {
  let t: PaymentsTestApp;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const api = (method: 'GET' | 'POST', path: string, key: string, fields?: Record<string, string | number>, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/sandbox/stripe/api/v1${path}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: fields ? form(fields) : undefined });
  const held = async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }], { url: URL });
    await t.fillForm(id, ['Ana López']);
    return id;
  };
  const createOrder = async (purchase_id: string) =>
    body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(purchase_id), payload: { purchase_id } })).clientSecret as string;

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_google_pay: true } } });
  });
  afterAll(() => t.close());

  it('serves the Stripe.js subset and the card frame (framable by our own pages only)', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/v3' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('window.Stripe = Stripe');
    const frame = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/elements/payment?id=f1' });
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame.headers['x-frame-options']).toBeUndefined();
    for (const label of ['Card number', 'Expiration date', 'Security code']) expect(frame.body).toContain(`>${label}</label>`);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/stripe/browser/other.js' })).statusCode).toBe(404);
  });

  it('answers in Stripe\'s error shape: bad key, unknown path, missing parameter, incorrect card number', async () => {
    const bad = await api('POST', '/payment_intents', 'sk_test_wrong', { amount: 100, currency: 'mxn' });
    expect(bad.statusCode).toBe(401);
    expect(body(bad).error).toMatchObject({ type: 'invalid_request_error', message: expect.any(String) });
    expect(body(await api('GET', '/nothing', t.sandbox.stripe.secretKey)).error).toMatchObject({ type: 'invalid_request_error' });
    const missing = await api('POST', '/payment_intents', t.sandbox.stripe.secretKey, { currency: 'mxn' });
    expect(body(missing).error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    const card = await api('POST', '/payment_methods', t.sandbox.stripe.publishableKey, { type: 'card', 'card[number]': '4242424242424241', 'card[exp_month]': 12, 'card[exp_year]': 2034, 'card[cvc]': '123' });
    expect(card.statusCode).toBe(402);
    expect(body(card).error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
    // The publishable key reads an intent only with its client secret.
    const id = await held();
    const secret = await createOrder(id);
    const intent = secret.split('_secret_')[0];
    expect((await api('GET', `/payment_intents/${intent}`, t.sandbox.stripe.publishableKey)).statusCode).toBe(404);
    expect(body(await api('GET', `/payment_intents/${intent}?client_secret=${secret}`, t.sandbox.stripe.publishableKey)).id).toBe(intent);
  });

  it('the wallet sheet (Google Pay and Apple Pay) keeps the line items it showed and pays with the wallet\'s contact details', async () => {
    for (const wallet of ['google_pay', 'apple_pay'] as const) {
      const id = await held();
      const secret = await createOrder(id);
      const lines = [{ name: 'General', amount: 10000 }, { name: 'Cargo por servicio', amount: 1000 }];
      const sheet = await t.app.inject({
        method: 'POST', url: '/sandbox/stripe/wallet-sheet',
        payload: { key: t.sandbox.stripe.publishableKey, client_secret: secret, wallet, line_items: lines, billing_details: { name: 'Wallet Tester', email: 'wallet@example.mx', phone: '+52 55 5555 0100' } },
      });
      expect(sheet.statusCode).toBe(200);
      expect(body(sheet)).toMatchObject({ object: 'payment_method', card: { wallet: { type: wallet } } });
      expect(body(sheet).outcome).toBeUndefined();
      const [stored] = (await t.rows('sandbox_payment_objects', 'id', body(sheet).id)).filter((r) => r.kind === 'wallet_sheet');
      expect(JSON.parse(stored.data_json)).toMatchObject({ wallet, line_items: lines });
      const intent = secret.split('_secret_')[0];
      const confirmed = await api('POST', `/payment_intents/${intent}/confirm`, t.sandbox.stripe.publishableKey, { payment_method: body(sheet).id, client_secret: secret, return_url: 'http://x.invalid/back' });
      expect(body(confirmed).status).toBe('succeeded');
      const loader = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', headers: t.keyed(id), payload: { payment_intent: intent, url: URL } });
      expect(body(loader).status).toBe('approved');
      expect(JSON.parse((await t.rows('purchases', 'id', id))[0].buyer_info_json)).toMatchObject({ email: 'wallet@example.mx', phone: '+52 55 5555 0100' });
    }
    // A wrong key is refused.
    const secret = await createOrder(await held());
    const refused = await t.app.inject({ method: 'POST', url: '/sandbox/stripe/wallet-sheet', payload: { key: 'pk_wrong', client_secret: secret, wallet: 'apple_pay', line_items: [], billing_details: {} } });
    expect(refused.statusCode).toBe(401);
  });

  it('a cancelled intent: the loader says rejected and create-order starts a fresh intent', async () => {
    const id = await held();
    const secret = await createOrder(id);
    const intent = secret.split('_secret_')[0];
    expect(body(await api('POST', `/payment_intents/${intent}/cancel`, t.sandbox.stripe.secretKey, {})).status).toBe('canceled');
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', headers: t.keyed(id), payload: { payment_intent: intent, url: URL } });
    expect(body(loader).status).toBe('rejected');
    const fresh = await createOrder(id);
    expect(fresh).not.toBe(secret);
    expect(await createOrder(id)).toBe(fresh);
    const attempts = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempts.map((a) => a.status).sort()).toEqual(['cancelled', 'created']);
  });
});
