import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/pagos-api.event.json';
import { body } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './payments/helpers';

const URL = 'pagos-stripe-factura';
const COMPANY = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };

/**
 * A card's FormaPago on the CFDI: 28 (tarjeta de débito) when the provider says the card paying was a
 * debit card (Stripe's `card.funding`, MercadoPago's `payment_type_id`, Openpay's `card.type`, stored
 * with the payment), 04 (tarjeta de crédito) otherwise.
 */
describe.skipIf(skipDatabase)(`a debit card's FormaPago on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const stripeJs = (path: string, fields: Record<string, string | number>) =>
    t.app.inject({ method: 'POST', url: `/sandbox/stripe/api/v1${path}`, headers: { authorization: `Bearer ${t.sandbox.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });

  /** A purchase paid through Stripe's sandbox with `number` (Stripe.js's payment method and confirmation, then the loader). */
  async function paidWithCard(number: string): Promise<string> {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }], { url: URL });
    await t.fillForm(id, ['Ana López']);
    const { clientSecret } = body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } }));
    const method = body(await stripeJs('/payment_methods', { type: 'card', 'card[number]': number, 'card[exp_month]': 12, 'card[exp_year]': 2034, 'card[cvc]': '123', 'billing_details[name]': 'Ana López', 'billing_details[email]': 'ana@example.mx' }));
    const intentId = (clientSecret as string).split('_secret_')[0];
    await stripeJs(`/payment_intents/${intentId}/confirm`, { payment_method: method.id as string, client_secret: clientSecret as string, return_url: `${t.baseUrl}/${URL}/stripe/loader` });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/loader-process', headers: t.keyed(id), payload: { payment_intent: intentId, url: URL } })).status).toBe('approved');
    return id;
  }

  async function formaPagoOf(id: string): Promise<string | undefined> {
    const answer = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) }, payload: COMPANY });
    expect(answer.statusCode, answer.body).toBe(200);
    const xml = await t.app.inject({ url: `/api/orders/${id}/invoice.xml`, headers: { 'x-purchase-key': t.keyOf(id) } });
    return /FormaPago="(\d+)"/.exec(xml.body)?.[1];
  }

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } });
  });
  afterAll(() => t.close());

  it('a debit card (Stripe\'s 4000 0566 5566 5556) is 28, stored with its payment; a credit card is 04', async () => {
    const debit = await paidWithCard('4000056655665556');
    expect((await t.rows('payment_attempts', 'purchase_id', debit))[0]).toMatchObject({ status: 'approved', card_funding: 'debit' });
    expect(await formaPagoOf(debit)).toBe('28');
    const credit = await paidWithCard('4242424242424242');
    expect((await t.rows('payment_attempts', 'purchase_id', credit))[0]).toMatchObject({ status: 'approved', card_funding: 'credit' });
    expect(await formaPagoOf(credit)).toBe('04');
  });
});
