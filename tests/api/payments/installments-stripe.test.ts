import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

/** Stripe's Mexican test card with meses sin intereses, and its Visa debit card. */
const CARDS = { msi: '4000004840008001', debit: '4000056655665556' } as const;

/** Meses sin intereses on the Stripe card path: the card's plans, then the server's confirmation with the chosen one. */
describe.skipIf(skipDatabase)('Stripe card instalments', () => {
  let t: PaymentsTestApp;
  const importWith = (url: string, installments: Record<string, unknown>) =>
    t.importEvent({ ...fixture, url, installments, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } });
  /** 6 General tickets: $660.00 with the service fee; 2: $220.00. */
  const heldIntent = async (url: string, count = 6) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: count }], { url });
    await t.fillForm(id, Array.from({ length: count }, (_, i) => `Asistente ${i + 1}`));
    const order = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } });
    expect(order.statusCode).toBe(200);
    return id;
  };
  /** What Stripe.js does with the card element and the publishable key. */
  const paymentMethod = async (number: string) => {
    const fields = { type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123', 'billing_details[name]': 'Ana López', 'billing_details[email]': 'ana@example.mx' };
    const res = await t.app.inject({
      method: 'POST', url: '/sandbox/stripe/api/v1/payment_methods', payload: new URLSearchParams(fields).toString(),
      headers: { authorization: `Bearer ${t.sandbox.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    return body(res).id as string;
  };
  const plans = async (purchase_id: string, card: keyof typeof CARDS) =>
    t.app.inject({ method: 'POST', url: '/api/payments/stripe/installments', headers: t.keyed(purchase_id), payload: { purchase_id, payment_method_id: await paymentMethod(CARDS[card]) } });
  const confirm = (purchase_id: string, installments: number) =>
    t.app.inject({ method: 'POST', url: '/api/payments/stripe/confirm', headers: t.keyed(purchase_id), payload: { purchase_id, installments } });
  const intentOf = async (purchaseId: string) => {
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', purchaseId);
    const [row] = await t.rows('sandbox_payment_objects', 'id', attempt.provider_reference);
    return { attempt, intent: JSON.parse(row.data_json) };
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    await importWith('msi-stripe', { enabled: true, min_amount: 300, max_months: 9 });
    await importWith('one-payment-stripe', { enabled: false });
  });
  afterAll(() => t.close());

  it('lists the card\'s plans within max_months, and confirms with the chosen one: the plan on the intent and on the attempt', async () => {
    const id = await heldIntent('msi-stripe');
    const res = await plans(id, 'msi');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).plans).toEqual([3, 6, 9].map((months) => ({ months, monthly_cents: Math.round(66000 / months), total_cents: 66000, interest_free: true })));
    const { intent: created } = await intentOf(id);
    expect(created.payment_method_options.card.installments).toMatchObject({ enabled: true, available_plans: [3, 6, 9, 12].map((count) => ({ count, interval: 'month', type: 'fixed_count' })) });
    const paid = await confirm(id, 6);
    expect(paid.statusCode, paid.body).toBe(200);
    const { attempt, intent } = await intentOf(id);
    expect(intent).toMatchObject({ status: 'succeeded', payment_method_options: { card: { installments: { plan: { count: 6, interval: 'month', type: 'fixed_count' } } } } });
    expect(attempt).toMatchObject({ status: 'approved', installments: 6, installments_total_cents: 66000 });
  });

  it('a debit card and a total under min_amount get no plan', async () => {
    expect(body(await plans(await heldIntent('msi-stripe'), 'debit')).plans).toEqual([]);
    expect(body(await plans(await heldIntent('msi-stripe', 2), 'msi')).plans).toEqual([]);
  });

  it('refuses a plan not offered (beyond max_months, a debit card, unknown months) with 422: the intent is not confirmed', async () => {
    for (const [card, months] of [['msi', 12], ['debit', 3], ['msi', 5]] as const) {
      const id = await heldIntent('msi-stripe');
      await plans(id, card);
      const res = await confirm(id, months);
      expect(res.statusCode, `${card} ${months}`).toBe(422);
      expect(body(res).code).toBe('INSTALLMENTS_NOT_OFFERED');
      const { attempt, intent } = await intentOf(id);
      expect(intent.status).toBe('requires_confirmation');
      expect(intent.latest_charge).toBeNull();
      expect(attempt).toMatchObject({ status: 'created', installments: null });
      // One payment is still possible.
      expect((await confirm(id, 1)).statusCode).toBe(200);
      expect((await intentOf(id)).intent).toMatchObject({ status: 'succeeded', payment_method_options: { card: { installments: { plan: null } } } });
    }
  });

  it('create-order tells the storefront whether the intent offers instalments (its card step then goes through the server)', async () => {
    const answer = async (url: string) => {
      const id = await t.purchase([{ ticket_id: 1, cantidad: 6 }], { url });
      await t.fillForm(id, Array.from({ length: 6 }, (_, i) => `Asistente ${i + 1}`));
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } });
      const again = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } });
      expect(body(again)).toEqual(body(res));
      return body(res);
    };
    expect(await answer('msi-stripe')).toEqual({ clientSecret: expect.any(String), installments: true });
    expect(await answer('one-payment-stripe')).toEqual({ clientSecret: expect.any(String) });
  });
});
