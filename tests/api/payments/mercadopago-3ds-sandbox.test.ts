import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

const URL = 'pagos-3ds';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The sandbox's 3-D Secure challenge (card 4000 0000 0000 3220) through the real card route and the issuer's page. */
describe.skipIf(skipDatabase)('MercadoPago 3-D Secure challenge (sandbox)', () => {
  let t: PaymentsTestApp;
  const tokenize = async (holder: string) => {
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: '4000000000003220', security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: holder } },
    });
    expect(res.statusCode).toBe(201);
    return body(res).id as string;
  };
  const pay = async (holder: string) => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }], { url: URL });
    const res = await t.app.inject({
      method: 'POST', url: '/api/payments/mercadopago/process-payment', headers: t.keyed(id),
      payload: { purchase_id: id, token: await tokenize(holder), installments: 1, paymentMethodId: 'visa', issuer: '162', email: 'ana@example.mx', buyer_info: buyer() },
    });
    return { id, res };
  };
  const answer = async (creq: string, action: 'authenticate' | 'fail') => {
    const challenge = await t.app.inject({ method: 'POST', url: '/sandbox/mercadopago/3ds/challenge', headers: FORM, payload: new URLSearchParams({ creq }).toString() });
    expect(challenge.statusCode).toBe(200);
    // Framed by the store's own page, nobody else's.
    expect(challenge.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const form = challenge.body.match(new RegExp(`action="(/sandbox/mercadopago/3ds/\\d+/${action})"`));
    expect(form).not.toBeNull();
    const done = await t.app.inject({ method: 'POST', url: form![1]!, headers: FORM, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('/sandbox/mercadopago/3ds/complete.js');
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, url: URL, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true } } });
  });
  afterAll(() => t.close());

  it('the challenge card answers pending with the issuer\'s page; authenticating settles it approved → tickets once', async () => {
    const { id, res } = await pay('APRO');
    expect(res.statusCode).toBe(200);
    const { payment_id, three_ds_info } = body(res);
    expect(three_ds_info).toEqual({ external_resource_url: '/sandbox/mercadopago/3ds/challenge', creq: expect.any(String) });
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'pending', status_detail: 'pending_challenge' });
    await answer(three_ds_info.creq, 'authenticate');
    // The sandbox notified before answering: the webhook ran the confirm path.
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'approved', provider_payment_id: payment_id });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(1);
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', headers: t.keyed(id), payload: { payment_id } });
    expect(body(loader).status).toBe('approved');
    // A finished challenge cannot be answered again.
    const again = await t.app.inject({ method: 'POST', url: '/sandbox/mercadopago/3ds/challenge', headers: FORM, payload: new URLSearchParams({ creq: three_ds_info.creq }).toString() });
    expect(again.statusCode).toBe(404);
  });

  it('failing the challenge rejects the payment: the loader says rejected, no tickets', async () => {
    const { id, res } = await pay('APRO');
    const { payment_id, three_ds_info } = body(res);
    await answer(three_ds_info.creq, 'fail');
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_3ds_challenge' });
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', headers: t.keyed(id), payload: { payment_id } });
    expect(body(loader).status).toBe('rejected');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
  });

  it('an authenticated challenge still honours the holder-name outcome (FUND → rejected)', async () => {
    const { id, res } = await pay('FUND');
    await answer(body(res).three_ds_info.creq, 'authenticate');
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
  });

  it('a made-up or oversized CReq is a 404 page, not an error', async () => {
    for (const creq of ['nope', Buffer.from('{"threeDSServerTransID":"123"}').toString('base64url'), 'x'.repeat(5000)]) {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/mercadopago/3ds/challenge', headers: FORM, payload: new URLSearchParams({ creq }).toString() });
      expect(res.statusCode).toBe(404);
    }
  });
});
