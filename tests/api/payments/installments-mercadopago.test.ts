import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

/** MercadoPago's Mexican test cards: Visa and Mastercard credit (their issuers' plans), Visa debit (none). */
const CARDS = { visa: ['4075595716483764', 'visa'], master: ['5474925432670366', 'master'], debvisa: ['4189141221267633', 'debvisa'] } as const;

/** Meses sin intereses on the MercadoPago card path: the plans offered, and the server's check before charging. */
describe.skipIf(skipDatabase)('MercadoPago card instalments', () => {
  let t: PaymentsTestApp;
  const importWith = (url: string, installments: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    t.importEvent({ ...fixture, url, installments, ...extra, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true } } });
  const tokenize = async (card: keyof typeof CARDS) => {
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: CARDS[card][0], security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: 'APRO' } },
    });
    return body(res).id as string;
  };
  /** 6 General tickets: $660.00 with the service fee; 2: $220.00. */
  const heldPurchase = async (url: string, count = 6) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: count }], { url });
    await t.fillForm(id, Array.from({ length: count }, (_, i) => `Asistente ${i + 1}`));
    return id;
  };
  const plans = (purchase_id: string, card: keyof typeof CARDS) =>
    t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/installments', headers: t.keyed(purchase_id), payload: { purchase_id, bin: CARDS[card][0].slice(0, 8), payment_method_id: CARDS[card][1] } });
  const pay = async (purchase_id: string, card: keyof typeof CARDS, installments: number, token?: string) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token: token ?? (await tokenize(card)), installments, paymentMethodId: CARDS[card][1], email: 'ana@example.mx', buyer_info: buyer() },
    });
  const reloadOf = (id: string) => t.app.inject({ url: `/api/payments/purchase/${id}`, headers: t.keyed(id) });
  const sandboxPaymentsOf = async (purchaseId: string) => {
    const attempts = (await t.rows('payment_attempts', 'purchase_id', purchaseId)).map((a) => a.id);
    return (await t.rows('sandbox_payment_objects', 'kind', 'payment')).map((r) => JSON.parse(r.data_json)).filter((p) => attempts.includes(p.external_reference));
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    await importWith('msi-mp', { enabled: true, min_amount: 300, max_months: 12 });
    await importWith('msi-mp-interest', { enabled: true, interest_free_only: false });
    await importWith('msi-mp-off', { enabled: false });
    await importWith('msi-mp-factura', { enabled: true, min_amount: 300, max_months: 12 }, { invoicing: { ask_at_checkout: true } });
  });
  afterAll(() => t.close());

  it('offers the issuer\'s interest-free plans for the total, within max_months; interest-bearing ones only when the event allows', async () => {
    const id = await heldPurchase('msi-mp');
    const visa = await plans(id, 'visa');
    expect(visa.statusCode).toBe(200);
    expect(body(visa).plans).toEqual([
      { months: 3, monthly_cents: 22000, total_cents: 66000, interest_free: true },
      { months: 6, monthly_cents: 11000, total_cents: 66000, interest_free: true },
      { months: 12, monthly_cents: 5500, total_cents: 66000, interest_free: true },
    ]);
    expect(body(await plans(id, 'master')).plans.map((p: { months: number }) => p.months)).toEqual([3, 6, 9]);
    const withInterest = await plans(await heldPurchase('msi-mp-interest'), 'visa');
    expect(body(withInterest).plans.at(-1)).toEqual({ months: 18, monthly_cents: 4565, total_cents: 82170, interest_free: false });
  });

  it('a debit card, a total under min_amount and an event without instalments get no plan', async () => {
    expect(body(await plans(await heldPurchase('msi-mp'), 'debvisa')).plans).toEqual([]);
    expect(body(await plans(await heldPurchase('msi-mp', 2), 'visa')).plans).toEqual([]);
    expect(body(await plans(await heldPurchase('msi-mp-off'), 'visa')).plans).toEqual([]);
  });

  it('pays with an offered plan: the months reach MercadoPago\'s payment and are stored on the attempt', async () => {
    const id = await heldPurchase('msi-mp');
    const res = await pay(id, 'visa', 6);
    expect(res.statusCode, res.body).toBe(200);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ status: 'approved', amount_cents: 66000, installments: 6, installments_total_cents: 66000 });
    const [payment] = await sandboxPaymentsOf(id);
    expect(payment).toMatchObject({ transaction_amount: 660, installments: 6, transaction_details: { installment_amount: 110, total_paid_amount: 660 } });
    // The tickets e-mail states the plan beside the date and the place.
    const [mail] = t.mails().filter((m) => m.text.includes(id));
    expect(mail?.text.replace(/=\r?\n/g, '')).toContain('6 meses sin intereses de $110.00 (total $660.00)');
    // …and the order page, on its payment.
    const order = await t.app.inject({ url: `/api/orders/${id}`, headers: t.keyed(id) });
    expect(body(order).pagos).toEqual([expect.objectContaining({ metodo: 'mercadopago', monto: 660, meses: { meses: 6, total: 660, sin_intereses: true } })]);
    // …and the thank-you page's reload (the purchase's, the loader's).
    expect(body(await reloadOf(id)).reload.meses).toEqual({ meses: 6, total: 660, sin_intereses: true });
  });

  it('refuses a plan not offered (tampered months, interest-bearing, debit, under the minimum) with 422 before anything is charged', async () => {
    const cases: [url: string, count: number, card: keyof typeof CARDS, months: number][] = [
      ['msi-mp', 6, 'visa', 9], // the Visa's issuer has no 9
      ['msi-mp', 6, 'visa', 18], // with interest: the event offers interest-free plans only (and 12 months at most)
      ['msi-mp', 6, 'master', 12], // the Mastercard's 12 bear interest
      ['msi-mp', 6, 'debvisa', 3],
      ['msi-mp', 2, 'visa', 3],
      ['msi-mp-off', 6, 'visa', 3],
    ];
    for (const [url, count, card, months] of cases) {
      const id = await heldPurchase(url, count);
      const token = await tokenize(card);
      const res = await pay(id, card, months, token);
      expect(res.statusCode, `${url} ${card} ${months}`).toBe(422);
      expect(body(res)).toMatchObject({ code: 'INSTALLMENTS_NOT_OFFERED', mensaje: expect.stringContaining('No se hizo ningún cargo') });
      expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
      // The token was not spent: the buyer pays with it in one payment.
      const once = await pay(id, card, 1, token);
      expect(once.statusCode).toBe(200);
      const [payment] = await sandboxPaymentsOf(id);
      expect(payment.installments).toBe(1);
      expect(await sandboxPaymentsOf(id)).toHaveLength(1);
      expect(body(await reloadOf(id)).reload).not.toHaveProperty('meses');
    }
  });

  it('the invoice states the plan in CondicionesDePago (paid in one exhibition: PUE); one payment states none', async () => {
    const company = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };
    const invoiceXmlOf = async (months: number) => {
      const id = await heldPurchase('msi-mp-factura');
      const asked = await t.app.inject({ method: 'PUT', url: '/api/payments/invoice-request', headers: t.keyed(id), payload: { purchase_id: id, ...company } });
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await pay(id, 'visa', months)).statusCode).toBe(200);
      return (await t.app.inject({ url: `/api/orders/${id}/invoice.xml`, headers: t.keyed(id) })).body;
    };
    const withPlan = await invoiceXmlOf(6);
    expect(withPlan).toContain('CondicionesDePago="6 meses sin intereses de $110.00 (total $660.00)"');
    expect(withPlan).toContain('MetodoPago="PUE"');
    expect(withPlan).toContain('FormaPago="04"');
    const onePayment = await invoiceXmlOf(1);
    expect(onePayment).toContain('MetodoPago="PUE"');
    expect(onePayment).not.toContain('CondicionesDePago');
  });
});
