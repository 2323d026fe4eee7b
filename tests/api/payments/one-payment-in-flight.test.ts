import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

const DEVICE = 'd3v1c3s3ss10n0000000000000000001';
const OPENPAY = { approved: '4111111111111111', declined: '4222222222222220' } as const;

/**
 * One payment in flight per purchase: while a token payment of a purchase is unsettled, a start
 * with another token answers 409 before any provider call, so a burst of tokens charges the buyer
 * once; a declined payment frees the purchase for the next card.
 */
describe.skipIf(skipDatabase)('one payment in flight per purchase', () => {
  let t: PaymentsTestApp;
  const mpToken = async (holder: string) => {
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: '5474925432670366', security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: holder } },
    });
    return body(res).id as string;
  };
  const mpPay = (purchase_id: string, token: string) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'ana@example.mx', buyer_info: buyer() },
    });
  const openpayToken = async (card_number: string) => {
    const op = t.sandbox.openpay;
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/openpay/api/v1/${op.merchantId}/tokens`, headers: { authorization: `Basic ${Buffer.from(`${op.publicKey}:`).toString('base64')}` },
      payload: { card_number, holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2: '123' },
    });
    return body(res).id as string;
  };
  const openpayPay = (purchase_id: string, token: string) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/open-pay/process-payment', headers: t.keyed(purchase_id),
      payload: { purchase_id, token, device_session_id: DEVICE, buyer_info: { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' } },
    });
  const heldPurchase = async (url: string) => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  /** What the provider's sandbox holds for the purchase's attempts: MercadoPago payments or Openpay charges. */
  const providerPayments = async (purchaseId: string, provider: 'mercadopago' | 'openpay') => {
    const attempts = new Set((await t.rows('payment_attempts', 'purchase_id', purchaseId)).map((a) => a.id as string));
    return (await t.rows('sandbox_payment_objects', 'provider', provider))
      .filter((r) => r.kind === (provider === 'mercadopago' ? 'payment' : 'charge'))
      .map((r) => JSON.parse(r.data_json) as { external_reference?: string; order_id?: string; status: string })
      .filter((p) => attempts.has((provider === 'mercadopago' ? p.external_reference : p.order_id) ?? ''));
  };
  const expectOneCharge = async (id: string, provider: 'mercadopago' | 'openpay', statuses: number[]) => {
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(statuses.length - 1);
    expect(await providerPayments(id, provider)).toHaveLength(1);
    const attempts = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempts.filter((a) => a.refund_status !== null)).toHaveLength(0);
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    const config = { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true, metodo_pago_open_pay: true };
    await t.importEvent({ ...fixture, url: 'pagos-en-vuelo', event: { ...fixture.event, config } });
  });
  afterAll(() => t.close());

  it('30 MercadoPago card payments at once with 30 tokens → one charge, 29 × 409 PAYMENT_IN_FLIGHT, no refund', async () => {
    const id = await heldPurchase('pagos-en-vuelo');
    const tokens = await Promise.all(Array.from({ length: 30 }, () => mpToken('APRO')));
    const answers = await Promise.all(tokens.map((token) => mpPay(id, token)));
    await expectOneCharge(id, 'mercadopago', answers.map((a) => a.statusCode));
    expect(body(answers.find((a) => a.statusCode === 409)!)).toMatchObject({ code: 'PAYMENT_IN_FLIGHT', mensaje: expect.any(String) });
  }, 60_000);

  it('30 Openpay card payments at once with 30 tokens → one charge, no refund', async () => {
    const id = await heldPurchase('pagos-en-vuelo');
    const tokens = await Promise.all(Array.from({ length: 30 }, () => openpayToken(OPENPAY.approved)));
    const answers = await Promise.all(tokens.map((token) => openpayPay(id, token)));
    await expectOneCharge(id, 'openpay', answers.map((a) => a.statusCode));
  }, 60_000);

  it('a payment still pending (in review) → another card is 409 in both languages, nothing asked of the provider', async () => {
    const id = await heldPurchase('pagos-en-vuelo');
    expect((await mpPay(id, await mpToken('CONT'))).statusCode).toBe(200);
    const second = await mpToken('APRO');
    const es = await mpPay(id, second);
    expect(es.statusCode).toBe(409);
    expect(body(es).code).toBe('PAYMENT_IN_FLIGHT');
    const en = await t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: { ...t.keyed(id), 'accept-language': 'en' },
      payload: { purchase_id: id, token: second, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'ana@example.mx', buyer_info: buyer() },
    });
    expect(en.statusCode).toBe(409);
    expect(body(en).mensaje).not.toBe(body(es).mensaje);
    expect(await providerPayments(id, 'mercadopago')).toHaveLength(1);
    // The second token was never sent to the provider: it is still unused.
    const [token] = (await t.rows('sandbox_payment_objects', 'id', second)).filter((r) => r.kind === 'card-token');
    expect(token.status).toBe('active');
  });

  it('a declined card frees the purchase: the next card pays (MercadoPago and Openpay)', async () => {
    const mp = await heldPurchase('pagos-en-vuelo');
    expect((await mpPay(mp, await mpToken('OTHE'))).statusCode).toBe(402);
    expect((await mpPay(mp, await mpToken('APRO'))).statusCode).toBe(200);
    expect(await t.rows('emissions', 'purchase_id', mp)).toHaveLength(1);

    const op = await heldPurchase('pagos-en-vuelo');
    expect((await openpayPay(op, await openpayToken(OPENPAY.declined))).statusCode).toBe(402);
    expect((await openpayPay(op, await openpayToken(OPENPAY.approved))).statusCode).toBe(200);
    expect(await t.rows('emissions', 'purchase_id', op)).toHaveLength(1);
  });
});
