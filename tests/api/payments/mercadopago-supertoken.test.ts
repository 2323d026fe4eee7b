import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, mailHeader, type PaymentsTestApp } from './helpers';

const VISA = 'pst_9f1c2a7e4b3d4c10a1';
const MASTER = 'pst_3b8e6d0f2a9c4e21b2';
const CUSTOMER = 'test_user_mx@testuser.com';

/** Paying a held purchase with a method of the buyer's MercadoPago account: POST /api/payments/mercadopago-supertoken/create-order. */
describe.skipIf(skipDatabase)('MercadoPago super-token payments', () => {
  let t: PaymentsTestApp;
  const FAST = '/sandbox/mercadopago/api/v1/fast_payments';
  const key = () => `public_key=${encodeURIComponent(t.sandbox.mercadopago.publicKey)}`;
  const withConfig = (url: string, extra: Record<string, unknown>) =>
    t.importEvent({ ...fixture, url, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_supertoken: true, ...extra } } });
  /** What the browser does: the authenticator, the buyer's confirmation (show), the fast-payment token. */
  const tokenFor = async (email = CUSTOMER) => {
    const started = await t.app.inject({ method: 'POST', url: `${FAST}/authentications?${key()}`, payload: { amount: '220.00', payer_email: email } });
    const confirmed = await t.app.inject({ method: 'POST', url: `${FAST}/authentications/${body(started).id}/confirm?${key()}` });
    return body(confirmed).fast_payment_token as string;
  };
  const heldPurchase = async (url = 'pagos-super') => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const order = (purchase_id: string, token: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago-supertoken/create-order', headers: { ...t.keyed(purchase_id), ...headers },
      payload: { purchase_id, token, id: MASTER, type: 'credit_card', email: CUSTOMER, ...extra },
    });
  const attemptsOf = async (purchaseId: string) => (await t.rows('payment_attempts', 'purchase_id', purchaseId)).map((a) => a.id as string);
  const sandboxPayments = async (attemptIds: string[]) =>
    (await t.rows('sandbox_payment_objects', 'kind', 'payment')).map((r) => JSON.parse(r.data_json)).filter((p) => attemptIds.includes(p.external_reference));

  beforeAll(async () => {
    t = await createPaymentsApp();
    await withConfig('pagos-super', {});
    await withConfig('pagos-super-bines', { bines_permitidos: [{ bin: '547492' }] });
  });
  afterAll(() => t.close());

  it('approved: tickets and one e-mail to the account, for the purchase\'s own amount; the loader answers approved', async () => {
    const id = await heldPurchase();
    const res = await order(id, await tokenFor(), { lang: 'en' });
    expect(res.statusCode).toBe(200);
    const paymentId = body(res).payment_id;
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ provider: 'mercadopago', status: 'approved', provider_payment_id: paymentId, amount_cents: 22000, lang: 'en' });
    const [payment] = await sandboxPayments([attempt.id]);
    // The amount is the server's: the authenticator was told 220.00 by the page, the charge is the purchase's total.
    expect(payment).toMatchObject({ transaction_amount: 220, installments: 1, payment_method_id: 'master', payer: { email: CUSTOMER }, card: { last_four_digits: '0366' } });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    const mails = t.mails().filter((m) => m.text.includes(id));
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0]!.text, 'To')).toContain(CUSTOMER);
    for (const route of ['mercadopago-supertoken', 'mercadopago']) {
      const loader = await t.app.inject({ method: 'POST', url: `/api/payments/${route}/loader-process`, payload: { payment_id: paymentId }, headers: t.keyed(id) });
      expect(body(loader).status).toBe('approved');
      expect(body(loader).reload).toMatchObject({ purchase_id: id });
    }
    // Repeating the request finds the purchase paid: no second payment, no second e-mail.
    await order(id, await tokenFor());
    expect(await sandboxPayments(await attemptsOf(id))).toHaveLength(1);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('the loader of an unknown payment: 404 PAYMENT_NOT_FOUND, as the card loader', async () => {
    for (const route of ['mercadopago-supertoken', 'mercadopago']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/${route}/loader-process`, payload: { payment_id: '123' } });
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe('PAYMENT_NOT_FOUND');
    }
  });

  it('pending (+cont): no tickets yet; the sandbox approves it, its signed webhook runs the confirm path once', async () => {
    const id = await heldPurchase();
    const email = 'test_user_mx+cont@testuser.com';
    const res = await order(id, await tokenFor(email), { email });
    expect(res.statusCode).toBe(200);
    const paymentId = body(res).payment_id;
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('pending');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/payments/${paymentId}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approved.statusCode).toBe(200);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('approved');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('account money pays too', async () => {
    const id = await heldPurchase();
    const res = await order(id, await tokenFor(), { id: 'account_money', type: 'account_money' });
    expect(res.statusCode).toBe(200);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('approved');
  });

  it('rejected (the test customer\'s +othe / +fund): 402 with the reason and the payment id; no tickets, the purchase still held', async () => {
    for (const [tag, mensaje] of [['othe', 'Tu pago fue rechazado. Intenta con otra tarjeta u otro método de pago.'], ['fund', 'Tu tarjeta no tiene fondos suficientes. Usa otra tarjeta u otro método de pago.']]) {
      const id = await heldPurchase();
      const email = `test_user_mx+${tag}@testuser.com`;
      const res = await order(id, await tokenFor(email), { email, id: VISA });
      expect(res.statusCode).toBe(402);
      expect(body(res)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', mensaje, payment_id: expect.stringMatching(/^\d+$/) });
      expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
      expect((await t.rows('purchases', 'id', id))[0].status).toBe('held');
    }
  });

  it('refuses a BIN outside bines_permitidos (and account money) before charging: no attempt, nothing at the sandbox', async () => {
    const id = await heldPurchase('pagos-super-bines');
    const token = await tokenFor();
    const before = (await t.rows('sandbox_payment_objects', 'kind', 'payment')).length;
    for (const extra of [{ id: VISA }, { id: 'account_money', type: 'account_money' }]) {
      const res = await order(id, token, extra);
      expect(res.statusCode).toBe(422);
      expect(body(res)).toMatchObject({ code: 'CARD_BIN_NOT_ALLOWED', mensaje: expect.stringContaining('BIN') });
    }
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
    expect((await t.rows('sandbox_payment_objects', 'kind', 'payment')).length).toBe(before);
    // A card inside the list pays, with the same token.
    expect((await order(id, token, { id: MASTER })).statusCode).toBe(200);
  });

  it('refuses a bad body (400): card-number-looking strings, a missing field, an amount, a bad e-mail or type', async () => {
    const id = await heldPurchase();
    const token = await tokenFor();
    for (const extra of [{ token: '5474925432670366' }, { id: '4075 5957 1648 3764' }, { email: '4075-5957-1648-3764@example.mx' }]) {
      const res = await order(id, token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res)).toMatchObject({ code: 'VALIDATION_ERROR', mensaje: expect.stringMatching(/números de tarjeta/) });
    }
    for (const extra of [{ id: undefined }, { transaction_amount: 1 }, { email: 'no-es-correo' }, { type: 'Credit Card' }, { token: '' }]) {
      const res = await order(id, token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_ERROR');
    }
    // The storefront's super-token e-mail rule, judged again by the server: an ending outside the list.
    const ending = await order(id, token, { email: 'ana@example.co' });
    expect(ending.statusCode).toBe(400);
    expect(body(ending)).toMatchObject({ code: 'FORM_INVALID', errors: [{ path: '/email', message: 'errors:buyer.emailInvalid' }] });
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
  });

  it('refuses an unknown token, another account\'s method, or a type that is not the method\'s: 422, nothing charged', async () => {
    const id = await heldPurchase();
    for (const [token, extra] of [
      ['f'.repeat(32), {}],
      [await tokenFor('test_user_otra@testuser.com'), { email: 'test_user_otra@testuser.com' }],
      [await tokenFor(), { type: 'account_money' }],
    ] as const) {
      const res = await order(id, token, extra, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(422);
      expect(body(res)).toMatchObject({ code: 'SUPER_TOKEN_INVALID', mensaje: expect.stringContaining('Mercado Pago account') });
    }
    expect(await sandboxPayments(await attemptsOf(id))).toHaveLength(0);
  });

  it('refuses when the super token is off for the event, and without the purchase key', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(id, ['Ana López']);
    const res = await order(id, await tokenFor());
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('PAYMENT_METHOD_DISABLED');
    const other = await heldPurchase();
    const unkeyed = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago-supertoken/create-order', payload: { purchase_id: other, token: 'abc', id: MASTER, type: 'credit_card', email: CUSTOMER } });
    expect(unkeyed.statusCode).toBe(404);
  });

  it('30 concurrent duplicates of one request → one attempt, one payment, one emission, one e-mail', async () => {
    const id = await heldPurchase();
    const token = await tokenFor();
    const answers = await Promise.all(Array.from({ length: 30 }, () => order(id, token)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((r) => body(r).payment_id)).size).toBe(1);
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(1);
    expect(await sandboxPayments(attempts)).toHaveLength(1);
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });
});
