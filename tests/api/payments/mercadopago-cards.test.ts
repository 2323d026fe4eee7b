import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

const CARDS = { master: ['5474925432670366', '123'], visa: ['4075595716483764', '123'], amex: ['371180303257522', '1234'] } as const;

/** Paying a held purchase with a MercadoPago card token through the sandbox: POST /api/payments/mercadopago/process-payment. */
describe.skipIf(skipDatabase)('MercadoPago card payments', () => {
  let t: PaymentsTestApp;
  const withConfig = (url: string, extra: Record<string, unknown>) =>
    t.importEvent({ ...fixture, url, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true, ...extra } } });
  const tokenize = async (holder: string, brand: keyof typeof CARDS = 'master') => {
    const [card_number, security_code] = CARDS[brand];
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number, security_code, expiration_month: 11, expiration_year: 2030, cardholder: { name: holder } },
    });
    return body(res).id as string;
  };
  const heldPurchase = async (url = 'pagos-tarjeta') => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const pay = (purchase_id: string, token: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'ana@example.mx', buyer_info: buyer(), ...extra },
    });
  const sandboxPayments = async (attemptIds: string[]) =>
    (await t.rows('sandbox_payment_objects', 'kind', 'payment')).map((r) => JSON.parse(r.data_json)).filter((p) => attemptIds.includes(p.external_reference));
  const attemptsOf = async (purchaseId: string) => (await t.rows('payment_attempts', 'purchase_id', purchaseId)).map((a) => a.id as string);

  beforeAll(async () => {
    t = await createPaymentsApp();
    await withConfig('pagos-tarjeta', {});
    await withConfig('pagos-bines', { bines_permitidos: [{ bin: '547492' }] });
  });
  afterAll(() => t.close());

  it('APRO: approved at once → tickets and one e-mail, for the purchase\'s own amount', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize('APRO'));
    expect(res.statusCode).toBe(200);
    const paymentId = body(res).payment_id;
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ provider: 'mercadopago', status: 'approved', provider_payment_id: paymentId, amount_cents: 22000 });
    const [payment] = await sandboxPayments([attempt.id]);
    expect(payment).toMatchObject({ transaction_amount: 220, installments: 1, external_reference: attempt.id, payer: { email: 'ana@example.mx' }, card: { first_six_digits: '547492', last_four_digits: '0366' } });
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    // The loader answers approved from the database.
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId }, headers: t.keyed(id) });
    expect(body(loader).status).toBe('approved');
  });

  it('CONT: pending, then approved by the sandbox → signed webhook → tickets', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize('CONT'));
    expect(res.statusCode).toBe(200);
    const paymentId = body(res).payment_id;
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('pending');
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(0);
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/payments/${paymentId}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approved.statusCode).toBe(200);
    // The sandbox delivered its signed webhook before answering; the webhook ran the confirm path.
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('approved');
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('OTHE/FUND/SECU: 402 with a reason the buyer understands and the refused payment\'s id, no tickets', async () => {
    const expected: Record<string, [string, string]> = {
      OTHE: ['Tu pago fue rechazado. Intenta con otra tarjeta u otro método de pago.', 'Your payment was rejected. Please try another card or another payment method.'],
      FUND: ['Tu tarjeta no tiene fondos suficientes. Usa otra tarjeta u otro método de pago.', 'Your card has insufficient funds. Please use another card or another payment method.'],
      SECU: ['El código de seguridad de tu tarjeta es incorrecto. Revísalo e inténtalo de nuevo.', "Your card's security code is wrong. Please check it and retry."],
    };
    for (const [holder, [es, en]] of Object.entries(expected)) {
      const id = await heldPurchase();
      const res = await pay(id, await tokenize(holder));
      expect(res.statusCode).toBe(402);
      expect(body(res)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', mensaje: es, payment_id: expect.stringMatching(/^\d+$/) });
      // The refused payment exists at MercadoPago: its loader answers rejected (the storefront's rejected view).
      const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
      expect(attempt).toMatchObject({ status: 'rejected', provider_payment_id: body(res).payment_id });
      const loader = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: body(res).payment_id }, headers: t.keyed(id) });
      // …and says why, in MercadoPago's words (the storefront words it for the buyer).
      expect(body(loader)).toMatchObject({ status: 'rejected', status_detail: { OTHE: 'cc_rejected_other_reason', FUND: 'cc_rejected_insufficient_amount', SECU: 'cc_rejected_bad_filled_security_code' }[holder] });
      const english = await t.app.inject({
        method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: { ...t.keyed(id), 'accept-language': 'en' },
        payload: { purchase_id: id, token: await tokenize(holder), installments: 1, paymentMethodId: 'master', email: 'ana@example.mx', buyer_info: buyer() },
      });
      expect(body(english)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', mensaje: en });
      expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(0);
      expect((await t.rows('payment_attempts', 'purchase_id', id)).every((a) => a.status === 'rejected')).toBe(true);
      expect((await t.rows('purchases', 'id', id))[0].status).toBe('held');
    }
  });

  it('refuses a BIN outside bines_permitidos before charging: nothing at the sandbox', async () => {
    const id = await heldPurchase('pagos-bines');
    const res = await pay(id, await tokenize('APRO', 'visa'), { paymentMethodId: 'visa' });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({ code: 'CARD_BIN_NOT_ALLOWED', mensaje: expect.stringContaining('BIN') });
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
    const all = (await t.rows('sandbox_payment_objects', 'kind', 'payment')).map((r) => JSON.parse(r.data_json));
    expect(all.filter((p) => p.card?.first_six_digits === '407559')).toHaveLength(0);
    // A card inside the list pays.
    const ok = await pay(id, await tokenize('APRO', 'master'));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a body carrying a card number anywhere (400), and any amount or unknown field', async () => {
    const id = await heldPurchase();
    const token = await tokenize('APRO');
    for (const extra of [
      { token: '5474925432670366' },
      { buyer_info: buyer({ name: 'Ana 4075 5957 1648 3764' }) },
      { email: '4075-5957-1648-3764@example.mx' },
      { issuer: '371180303257522' },
    ]) {
      const res = await pay(id, token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_ERROR');
      expect(body(res).mensaje).toMatch(/números de tarjeta/);
    }
    const badEmail = await pay(id, token, { email: 'no-es-correo' });
    expect(badEmail.statusCode).toBe(400);
    const amount = await pay(id, token, { transaction_amount: 1 });
    expect(amount.statusCode).toBe(400);
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
  });

  it('refuses when the card method is off for the event, and without the purchase key', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(id, ['Ana López']);
    const res = await pay(id, await tokenize('APRO'));
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('PAYMENT_METHOD_DISABLED');
    const other = await heldPurchase();
    const unkeyed = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/process-payment', payload: { purchase_id: other, token: 'abc', installments: 1, paymentMethodId: 'master', email: 'a@b.mx', buyer_info: buyer() } });
    expect(unkeyed.statusCode).toBeGreaterThanOrEqual(400);
    expect(unkeyed.statusCode).toBeLessThan(500);
  });

  it('a used or unknown token: 422, nothing charged', async () => {
    const id = await heldPurchase();
    const res = await pay(id, 'f'.repeat(32));
    expect(res.statusCode).toBe(422);
    expect(body(res).code).toBe('CARD_TOKEN_INVALID');
    // No payment exists for it: no id for a loader (the storefront shows its error dialog).
    expect(body(res)).not.toHaveProperty('payment_id');
  });

  it('a saved card pays with the card token made from its card id (the Mastercard, whose code is not mandatory)', async () => {
    const id = await heldPurchase();
    const tokenized = await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`, payload: { card_id: '9000000002' } });
    const res = await pay(id, body(tokenized).id, { email: 'test_user_mx@testuser.com' });
    expect(res.statusCode).toBe(200);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', provider_payment_id: body(res).payment_id });
  });

  it('30 concurrent duplicates of one request → one attempt, one payment, one emission, one e-mail', async () => {
    const id = await heldPurchase();
    const token = await tokenize('APRO');
    const answers = await Promise.all(Array.from({ length: 30 }, () => pay(id, token)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => body(r).payment_id)).size).toBe(1);
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(1);
    expect(await sandboxPayments(attempts)).toHaveLength(1);
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });
});
