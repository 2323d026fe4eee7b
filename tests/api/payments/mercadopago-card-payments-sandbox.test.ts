import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

/** The sandbox's POST /v1/payments with a card token: holder-name outcomes, single-use tokens, idempotency, the pending approval control. */
describe.skipIf(skipDatabase)('MercadoPago card payments in the sandbox', () => {
  let t: PaymentsTestApp;
  const tokenFor = async (holder: string) =>
    body(await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: '4075595716483764', expiration_month: 11, expiration_year: 2030, security_code: '123', cardholder: { name: holder } },
    })).id as string;
  const pay = (token: string, key?: string, auth = `Bearer ${t.sandbox.mercadopago.accessToken}`) =>
    t.app.inject({
      method: 'POST', url: '/sandbox/mercadopago/api/v1/payments',
      headers: { authorization: auth, ...(key ? { 'x-idempotency-key': key } : {}) },
      payload: { token, transaction_amount: 220, installments: 1, payment_method_id: 'visa', issuer_id: '162', payer: { email: 'ana@example.mx' }, external_reference: 'att-1' },
    });

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('decides the outcome by the holder name, with the card and amount on the payment', async () => {
    const expected: Record<string, [string, string]> = {
      APRO: ['approved', 'accredited'], CONT: ['in_process', 'pending_contingency'], OTHE: ['rejected', 'cc_rejected_other_reason'],
      CALL: ['rejected', 'cc_rejected_call_for_authorize'], FUND: ['rejected', 'cc_rejected_insufficient_amount'],
      SECU: ['rejected', 'cc_rejected_bad_filled_security_code'], EXPI: ['rejected', 'cc_rejected_bad_filled_date'], FORM: ['rejected', 'cc_rejected_bad_filled_other'],
    };
    for (const [holder, [status, detail]] of Object.entries(expected)) {
      const res = await pay(await tokenFor(holder));
      expect(res.statusCode).toBe(201);
      expect(body(res)).toMatchObject({
        status, status_detail: detail, payment_method_id: 'visa', payment_type_id: 'credit_card', external_reference: 'att-1', transaction_amount: 220,
        card: { first_six_digits: '407559', last_four_digits: '3764' }, payer: { email: 'ana@example.mx' },
      });
      expect(typeof body(res).id).toBe('number');
    }
  });

  it('uses a token once, answers the same payment for the same idempotency key, and refuses without the access token', async () => {
    const token = await tokenFor('APRO');
    const first = body(await pay(token, 'clave-1'));
    const again = body(await pay(token, 'clave-1'));
    expect(again.id).toBe(first.id);
    const reuse = await pay(token, 'clave-2');
    expect(reuse.statusCode).toBe(400);
    expect(body(reuse)).toMatchObject({ error: 'bad_request', cause: [{ code: 3003 }] });
    const concurrent = await Promise.all(Array.from({ length: 10 }, async () => body(await pay(token, 'clave-1'))));
    expect(new Set(concurrent.map((p) => p.id))).toEqual(new Set([first.id]));
    expect((await pay(await tokenFor('APRO'), undefined, 'Bearer otro')).statusCode).toBe(401);
    expect(body(await pay('no-existe')).cause[0].code).toBe(2006);
  });

  it('approves a pending (CONT) payment from the sandbox control, once', async () => {
    const payment = body(await pay(await tokenFor('CONT')));
    const control = `/sandbox/mercadopago/payments/${payment.id}/approve`;
    const approved = await t.app.inject({ method: 'POST', url: control, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('Pago aprobado');
    const read = body(await t.app.inject({ url: `/sandbox/mercadopago/api/v1/payments/${payment.id}`, headers: { authorization: `Bearer ${t.sandbox.mercadopago.accessToken}` } }));
    expect(read).toMatchObject({ status: 'approved', status_detail: 'accredited' });
    const twice = await t.app.inject({ method: 'POST', url: control, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(twice.body).toContain('ya no está en revisión');
  });

  it('refunds part of a payment: the amount asked, the payment approved and partially_refunded until all of it went back', async () => {
    const payment = body(await pay(await tokenFor('APRO')));
    const auth = { authorization: `Bearer ${t.sandbox.mercadopago.accessToken}` };
    const refund = (amount: number | undefined, key: string) =>
      t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/api/v1/payments/${payment.id}/refunds`, headers: { ...auth, 'x-idempotency-key': key }, ...(amount === undefined ? {} : { payload: { amount } }) });
    const read = async () => body(await t.app.inject({ url: `/sandbox/mercadopago/api/v1/payments/${payment.id}`, headers: auth }));

    const first = await refund(90, 'r-1');
    expect(first.statusCode).toBe(201);
    // MercadoPago's refund (the official SDK's RefundResponse): its own id, the payment's, the amount asked.
    expect(body(first)).toMatchObject({ id: expect.any(Number), payment_id: payment.id, amount: 90, status: 'approved', date_created: expect.any(String), source: { type: 'collector' } });
    expect(await read()).toMatchObject({ status: 'approved', status_detail: 'partially_refunded', transaction_amount_refunded: 90 });
    // The same key answers the same refund; a new one may not take more than is left (130).
    expect(body(await refund(90, 'r-1')).id).toBe(body(first).id);
    const over = await refund(130.01, 'r-2');
    expect(over.statusCode).toBe(400);
    expect(body(over)).toMatchObject({ error: 'bad_request', status: 400, message: expect.any(String), cause: [{ code: expect.anything() }] });
    expect((await read()).transaction_amount_refunded).toBe(90);
    // Without an amount: what is left, and the payment is refunded.
    const rest = await refund(undefined, 'r-3');
    expect(body(rest)).toMatchObject({ amount: 130, status: 'approved' });
    expect(await read()).toMatchObject({ status: 'refunded', status_detail: 'refunded', transaction_amount_refunded: 220 });
    expect((await refund(1, 'r-4')).statusCode).toBe(400);
  });
});
