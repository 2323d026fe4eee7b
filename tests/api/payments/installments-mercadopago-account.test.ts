import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

/** The test customer's saved Visa and Mastercard (credit), and the debit customer's saved Visa debit. */
const VISA = 'pst_9f1c2a7e4b3d4c10a1';
const MASTER = 'pst_3b8e6d0f2a9c4e21b2';
const CUSTOMER = 'test_user_mx@testuser.com';
const DEBIT_CUSTOMER = 'test_user_debito@testuser.com';
const DEBIT = 'pst_7d2c9e4a1f6b4a33c3';

/**
 * Meses sin intereses on the methods saved in a MercadoPago account: the plans of the saved card
 * the server reads itself (`POST /api/payments/mercadopago/account-installments`), then the saved
 * card paid by its card token (process-payment) or by the super token (mercadopago-supertoken),
 * each with the plan checked against MercadoPago's offer before anything is charged.
 */
describe.skipIf(skipDatabase)('MercadoPago instalments on saved cards and the super token', () => {
  let t: PaymentsTestApp;
  const FAST = '/sandbox/mercadopago/api/v1/fast_payments';
  const key = () => `public_key=${encodeURIComponent(t.sandbox.mercadopago.publicKey)}`;
  const importWith = (url: string, installments: Record<string, unknown>) =>
    t.importEvent({
      ...fixture, url, installments,
      event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true, metodo_pago_mercadopago_supertoken: true } },
    });
  /** What the browser does: the authenticator, the buyer's confirmation (show), the fast-payment token. */
  const fastToken = async (email = CUSTOMER) => {
    const started = await t.app.inject({ method: 'POST', url: `${FAST}/authentications?${key()}`, payload: { amount: '660.00', payer_email: email } });
    const confirmed = await t.app.inject({ method: 'POST', url: `${FAST}/authentications/${body(started).id}/confirm?${key()}` });
    return body(confirmed).fast_payment_token as string;
  };
  /** A saved card's card token, as the browser makes it: its card id, then a token of it (the codes of these cards are optional). */
  const savedCardToken = async (token: string, pseudotoken: string) => {
    const { card_id } = body(await t.app.inject({ method: 'POST', url: `${FAST}/card_id?${key()}`, payload: { fast_payment_token: token, pseudotoken } }));
    return body(await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?${key()}`, payload: { card_id } })).id as string;
  };
  /** 6 General tickets: $660.00 with the service fee; 2: $220.00. */
  const heldPurchase = async (url = 'msi-cuenta', count = 6) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: count }], { url });
    await t.fillForm(id, Array.from({ length: count }, (_, i) => `Asistente ${i + 1}`));
    return id;
  };
  const plans = (purchase_id: string, token: string, id: string, type = id === 'account_money' ? 'account_money' : id === DEBIT ? 'debit_card' : 'credit_card') =>
    t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/account-installments', headers: t.keyed(purchase_id), payload: { purchase_id, token, id, type } });
  const monthsOf = (res: Parameters<typeof body>[0]) => body(res).plans.map((p: { months: number }) => p.months);
  const payCard = (purchase_id: string, token: string, paymentMethodId: string, installments: number, email = CUSTOMER) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token, installments, paymentMethodId, email, buyer_info: buyer({ email }) },
    });
  const paySuper = (purchase_id: string, token: string, id: string, installments?: number, email = CUSTOMER, type = 'credit_card') =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago-supertoken/create-order', headers: t.keyed(purchase_id),
      payload: { purchase_id, token, id, type, email, ...(installments === undefined ? {} : { installments }) },
    });
  const sandboxPaymentsOf = async (purchaseId: string) => {
    const attempts = (await t.rows('payment_attempts', 'purchase_id', purchaseId)).map((a) => a.id);
    return (await t.rows('sandbox_payment_objects', 'kind', 'payment')).map((r) => JSON.parse(r.data_json)).filter((p) => attempts.includes(p.external_reference));
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    await importWith('msi-cuenta', { enabled: true, min_amount: 300, max_months: 12 });
    await importWith('msi-cuenta-off', { enabled: false });
  });
  afterAll(() => t.close());

  it('offers the saved card\'s issuer plans, read by the server from the account behind the token; debit and account money none', async () => {
    const id = await heldPurchase();
    const token = await fastToken();
    const visa = await plans(id, token, VISA);
    expect(visa.statusCode, visa.body).toBe(200);
    expect(body(visa).plans).toEqual([
      { months: 3, monthly_cents: 22000, total_cents: 66000, interest_free: true },
      { months: 6, monthly_cents: 11000, total_cents: 66000, interest_free: true },
      { months: 12, monthly_cents: 5500, total_cents: 66000, interest_free: true },
    ]);
    expect(monthsOf(await plans(id, token, MASTER))).toEqual([3, 6, 9]);
    expect(monthsOf(await plans(id, token, 'account_money'))).toEqual([]);
    expect(monthsOf(await plans(id, await fastToken(DEBIT_CUSTOMER), DEBIT))).toEqual([]);
    // Under the minimum, or an event without instalments: none (MercadoPago is not asked).
    expect(monthsOf(await plans(await heldPurchase('msi-cuenta', 2), token, VISA))).toEqual([]);
    expect(monthsOf(await plans(await heldPurchase('msi-cuenta-off'), token, VISA))).toEqual([]);
    // Another account's method, or a token MercadoPago does not know: refused, no plan.
    expect((await plans(id, token, DEBIT)).statusCode).toBe(422);
    expect((await plans(id, 'f'.repeat(40), VISA)).statusCode).toBe(422);
  });

  it('a saved card pays with an offered plan: the months reach MercadoPago and are stored; a plan not offered is refused before any charge', async () => {
    const id = await heldPurchase();
    const token = await fastToken();
    const cardToken = await savedCardToken(token, MASTER);
    // The Mastercard's 12 months bear interest; the event offers interest-free plans only.
    const tampered = await payCard(id, cardToken, 'master', 12);
    expect(tampered.statusCode).toBe(422);
    expect(body(tampered).code).toBe('INSTALLMENTS_NOT_OFFERED');
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
    const paid = await payCard(id, cardToken, 'master', 6);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', installments: 6, installments_total_cents: 66000 });
    expect(await sandboxPaymentsOf(id)).toEqual([expect.objectContaining({ installments: 6, payment_method_id: 'master' })]);
  });

  it('a saved debit card gets no plan when paying either', async () => {
    const id = await heldPurchase();
    const token = await fastToken(DEBIT_CUSTOMER);
    const cardToken = await savedCardToken(token, DEBIT);
    const res = await payCard(id, cardToken, 'debvisa', 3, DEBIT_CUSTOMER);
    expect(res.statusCode).toBe(422);
    expect(body(res).code).toBe('INSTALLMENTS_NOT_OFFERED');
    expect(await sandboxPaymentsOf(id)).toHaveLength(0);
  });

  it('the super token pays with an offered plan: the months go with the fast payment and are stored on the attempt', async () => {
    const id = await heldPurchase();
    const res = await paySuper(id, await fastToken(), VISA, 6);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', installments: 6, installments_total_cents: 66000 });
    const [payment] = await sandboxPaymentsOf(id);
    expect(payment).toMatchObject({ installments: 6, payment_method_id: 'visa', transaction_details: { installment_amount: 110, total_paid_amount: 660 } });
    const reload = await t.app.inject({ url: `/api/payments/purchase/${id}`, headers: t.keyed(id) });
    expect(body(reload).reload.meses).toEqual({ meses: 6, total: 660, sin_intereses: true });
  });

  it('the super token with a plan not offered (tampered, debit, account money, event off): 422, nothing charged, the token still pays once', async () => {
    const cases: [url: string, email: string, method: string, type: string, months: number][] = [
      ['msi-cuenta', CUSTOMER, VISA, 'credit_card', 9], // the Visa's issuer has no 9
      ['msi-cuenta', CUSTOMER, MASTER, 'credit_card', 12], // with interest
      ['msi-cuenta', DEBIT_CUSTOMER, DEBIT, 'debit_card', 3],
      ['msi-cuenta', CUSTOMER, 'account_money', 'account_money', 3],
      ['msi-cuenta-off', CUSTOMER, VISA, 'credit_card', 3],
    ];
    for (const [url, email, method, type, months] of cases) {
      const id = await heldPurchase(url);
      const token = await fastToken(email);
      const res = await paySuper(id, token, method, months, email, type);
      expect(res.statusCode, `${method} ${months}`).toBe(422);
      expect(body(res)).toMatchObject({ code: 'INSTALLMENTS_NOT_OFFERED', mensaje: expect.stringContaining('No se hizo ningún cargo') });
      expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
      const once = await paySuper(id, token, method, 1, email, type);
      expect(once.statusCode, once.body).toBe(200);
      expect((await sandboxPaymentsOf(id)).map((p) => p.installments)).toEqual([1]);
    }
  });
});
