import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { openpayProvider } from '../../../src/server/payments/providers/openpay.provider';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, pathOf, type PaymentsTestApp } from './helpers';

const CARDS = { approved: '4111111111111111', approvedMc: '5555555555554444', declined: '4222222222222220', noFunds: '4444444444444448', threeDs: '4000000000003220' } as const;
const DEVICE = 'd3v1c3s3ss10n0000000000000000001';

/** Paying a held purchase with an Openpay card token through the sandbox: POST /api/payments/open-pay/process-payment. */
describe.skipIf(skipDatabase)('Openpay card payments', () => {
  let t: PaymentsTestApp;
  const op = () => t.sandbox.openpay;
  const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
  const withConfig = (url: string, extra: Record<string, unknown>) =>
    t.importEvent({ ...fixture, url, event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_open_pay: true, ...extra } } });
  const tokenize = async (card_number: string, cvv2 = '123') => {
    const res = await t.app.inject({
      method: 'POST', url: `/sandbox/openpay/api/v1/${op().merchantId}/tokens`, headers: basic(op().publicKey),
      payload: { card_number, holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return body(res).id as string;
  };
  const heldPurchase = async (url = 'pagos-openpay') => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  const buyerInfo = { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' };
  const pay = (purchase_id: string, token: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST', url: '/api/payments/open-pay/process-payment', headers: { ...t.keyed(purchase_id), ...headers },
      payload: { purchase_id, token, buyer_info: buyerInfo, device_session_id: DEVICE, ...extra },
    });
  const loader = (purchaseId: string, payment_id: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/open-pay/loader-process', payload: { payment_id }, headers: t.keyed(purchaseId) });
  const sandboxCharges = async () => (await t.rows('sandbox_payment_objects', 'kind', 'charge')).filter((r) => r.provider === 'openpay').map((r) => JSON.parse(r.data_json));
  const webhook = (payload: string, user = op().webhookUser, password = op().webhookPassword) =>
    t.app.inject({
      method: 'POST', url: '/api/webhooks/openpay', payload,
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    });

  beforeAll(async () => {
    t = await createPaymentsApp();
    await withConfig('pagos-openpay', {});
    await withConfig('pagos-openpay-bines', { bines_permitidos: [{ bin: '555555' }] });
  });
  afterAll(() => t.close());

  it('approved card: one charge for the purchase\'s amount with our attempt as order_id and the device session → tickets and one e-mail', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize(CARDS.approved));
    expect(res.statusCode, res.body).toBe(200);
    const chargeId = body(res).payment_id as string;
    expect(body(res).redirect_url).toBeUndefined();
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ provider: 'openpay', status: 'approved', provider_payment_id: chargeId, amount_cents: 22000 });
    const charge = (await sandboxCharges()).find((c) => c.id === chargeId);
    expect(charge).toMatchObject({ status: 'completed', amount: 220, currency: 'MXN', order_id: attempt.id, device_session_id: DEVICE, method: 'card', customer: { name: 'Ana López', email: 'ana@example.mx' }, card: { card_number: '411111XXXXXX1111' } });
    // The sandbox's dashboard page of the charge shows its state and device session; an unknown charge is a 404 page.
    const dashboard = await t.app.inject({ url: `/sandbox/openpay/charges/${chargeId}` });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain(DEVICE);
    expect(dashboard.body).toContain('completed');
    expect((await t.app.inject({ url: '/sandbox/openpay/charges/trunknown0000000000' })).statusCode).toBe(404);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    const answer = await loader(id, chargeId);
    expect(body(answer).status).toBe('approved');
    expect(body(answer).reload.emission_id).toBeTruthy();
  });

  it('declined and insufficient funds: 402 with error_message (es/en), no tickets, the purchase still held', async () => {
    const cases: [string, string, string][] = [
      [CARDS.declined, 'Tu pago fue rechazado. Intenta con otra tarjeta u otro método de pago.', 'Your payment was rejected. Please try another card or another payment method.'],
      [CARDS.noFunds, 'Tu tarjeta no tiene fondos suficientes. Usa otra tarjeta u otro método de pago.', 'Your card has insufficient funds. Please use another card or another payment method.'],
    ];
    for (const [card, es, en] of cases) {
      const id = await heldPurchase();
      const res = await pay(id, await tokenize(card));
      expect(res.statusCode).toBe(402);
      expect(body(res)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', mensaje: es, error_message: es });
      const english = await pay(id, await tokenize(card), {}, { 'accept-language': 'en' });
      expect(body(english)).toMatchObject({ code: 'CARD_PAYMENT_REJECTED', error_message: en });
      expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(0);
      expect((await t.rows('payment_attempts', 'purchase_id', id)).every((a) => a.status === 'rejected')).toBe(true);
      expect((await t.rows('purchases', 'id', id))[0].status).toBe('held');
      // A card that pays afterwards still can.
      expect((await pay(id, await tokenize(CARDS.approvedMc))).statusCode).toBe(200);
    }
  });

  it('3-D Secure authenticated: redirect_url, then the bank page returns to the loader → approved', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize(CARDS.threeDs));
    expect(res.statusCode).toBe(200);
    const { payment_id: chargeId, redirect_url: redirect } = body(res);
    expect(redirect).toMatch(new RegExp(`/sandbox/openpay/3ds/${chargeId}$`));
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt.status).toBe('created');
    // Nothing settled yet: the loader says "other".
    expect(body(await loader(id, chargeId)).status).toBe('other');
    const pageRes = await t.app.inject({ method: 'GET', url: pathOf(redirect) });
    expect(pageRes.body).toContain('Autenticar');
    const done = await t.app.inject({ method: 'POST', url: `/sandbox/openpay/3ds/${chargeId}/authenticate`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode).toBe(303);
    const back = new URL(String(done.headers.location));
    expect(back.pathname).toBe('/pagos-openpay/open-pay/loader');
    expect(back.searchParams.get('id')).toBe(chargeId);
    const answer = await loader(id, back.searchParams.get('payment_id')!);
    expect(body(answer).status).toBe('approved');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
  });

  it('3-D Secure failed: the loader answers rejected, no tickets', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize(CARDS.threeDs));
    const chargeId = body(res).payment_id as string;
    const failed = await t.app.inject({ method: 'POST', url: `/sandbox/openpay/3ds/${chargeId}/fail`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(failed.statusCode).toBe(303);
    const answer = await loader(id, new URL(String(failed.headers.location)).searchParams.get('payment_id')!);
    expect(body(answer).status).toBe('rejected');
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(0);
  });

  it('a retried request (same token) answers the same charge: one charge, one attempt', async () => {
    const id = await heldPurchase();
    const token = await tokenize(CARDS.approved);
    const [first, second] = await Promise.all([pay(id, token), pay(id, token)]);
    const again = await pay(id, token);
    const ids = [first, second, again].filter((r) => r.statusCode === 200).map((r) => body(r).payment_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(1);
    const attempts = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempts).toHaveLength(1);
    expect((await sandboxCharges()).filter((c) => c.order_id === attempts[0].id)).toHaveLength(1);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
  });

  it('refuses a body carrying a card number (400) and a BIN outside bines_permitidos (422, nothing charged)', async () => {
    const id = await heldPurchase();
    for (const extra of [{ token: '4111111111111111' }, { buyer_info: { ...buyerInfo, name: '4111 1111 1111 1111' } }, { device_session_id: '4111-1111-1111-1111' }]) {
      const res = await pay(id, 'tokenabc', extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_ERROR');
    }
    const binned = await heldPurchase('pagos-openpay-bines');
    const before = (await sandboxCharges()).length;
    const refused = await pay(binned, await tokenize(CARDS.approved));
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({ code: 'CARD_BIN_NOT_ALLOWED', error_message: expect.stringContaining('BIN') });
    expect(await t.rows('payment_attempts', 'purchase_id', binned)).toHaveLength(0);
    expect((await sandboxCharges()).length).toBe(before);
    expect((await pay(binned, await tokenize(CARDS.approvedMc))).statusCode).toBe(200);
  });

  it('refuses a bad buyer (400 FORM_INVALID), a disabled method (409) and a missing purchase key', async () => {
    const id = await heldPurchase();
    const bad = await pay(id, await tokenize(CARDS.approved), { buyer_info: { name: 'Ana', email: 'ana@example.mx', emailConfirm: 'otra@example.mx' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toEqual([{ path: '/buyer_info/emailConfirm', message: 'errors:buyer.emailMismatch' }]);
    const off = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(off, ['Ana López']);
    const disabled = await pay(off, await tokenize(CARDS.approved));
    expect(disabled.statusCode).toBe(409);
    expect(body(disabled).code).toBe('PAYMENT_METHOD_DISABLED');
    const unkeyed = await t.app.inject({ method: 'POST', url: '/api/payments/open-pay/process-payment', payload: { purchase_id: id, token: 'abc', buyer_info: buyerInfo, device_session_id: DEVICE } });
    expect(unkeyed.statusCode).toBe(404);
  });

  it('webhook: basic auth accepted, wrong user or password refused (401), a replay not processed twice, verification stored', async () => {
    const id = await heldPurchase();
    const res = await pay(id, await tokenize(CARDS.threeDs));
    const chargeId = body(res).payment_id as string;
    // The bank completes the charge, but the buyer never returns: the webhook settles it.
    await t.app.inject({ method: 'POST', url: `/sandbox/openpay/3ds/${chargeId}/authenticate`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('approved');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    const delivered = (await t.rows('webhook_inbox', 'provider', 'openpay')).find((r) => r.resource_id === chargeId && r.event_type === 'charge.succeeded');
    expect(delivered?.status).toBe('processed');

    const payload = delivered!.body as string;
    expect((await webhook(payload, op().webhookUser, 'wrong')).statusCode).toBe(401);
    expect((await webhook(payload, 'someone', op().webhookPassword)).statusCode).toBe(401);
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/webhooks/openpay', payload, headers: { 'content-type': 'application/json' } });
    expect(unauthenticated.statusCode).toBe(401);
    const replay = await webhook(payload);
    expect(replay.statusCode).toBe(200);
    expect(body(replay)).toMatchObject({ received: true, duplicate: true });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    // A forged body with the right credentials names a charge; its state is re-read from Openpay, never taken from the body.
    const forged = await webhook(JSON.stringify({ type: 'charge.succeeded', transaction: { id: 'nonexistentcharge000', status: 'completed', order_id: 'x' } }));
    expect(body(forged)).toMatchObject({ received: true, ignored: true });
    const verification = await webhook(JSON.stringify({ type: 'verification', event_date: new Date().toISOString(), verification_code: 'AbC123' }));
    expect(body(verification)).toMatchObject({ received: true, ignored: true });
  });

  it('refunds a charge through the adapter (sandbox charge becomes refunded)', async () => {
    const id = await heldPurchase();
    const chargeId = body(await pay(id, await tokenize(CARDS.approved))).payment_id as string;
    const { refundId } = await openpayProvider({ mode: 'sandbox', apiUrl: () => `${t.baseUrl}/sandbox/openpay/api`, ...op() }).refund({ paymentId: chargeId, amountCents: 22000, currency: 'MXN', idempotencyKey: 'r1' });
    expect(refundId).toBeTruthy();
    const charge = (await sandboxCharges()).find((c) => c.id === chargeId);
    expect(charge).toMatchObject({ status: 'refunded', refund: { id: refundId, amount: 220 } });
  });

  it('refunds part of a charge: the amount asked, once per charge; more than the charge is refused', async () => {
    const id = await heldPurchase();
    const chargeId = body(await pay(id, await tokenize(CARDS.approved))).payment_id as string;
    const adapter = openpayProvider({ mode: 'sandbox', apiUrl: () => `${t.baseUrl}/sandbox/openpay/api`, ...op() });
    await expect(adapter.refund({ paymentId: chargeId, amountCents: 22001, currency: 'MXN', idempotencyKey: 'r-over' })).rejects.toThrow();
    expect((await sandboxCharges()).find((c) => c.id === chargeId)).toMatchObject({ status: 'completed' });
    const { refundId } = await adapter.refund({ paymentId: chargeId, amountCents: 9000, currency: 'MXN', idempotencyKey: 'r-part' });
    expect((await sandboxCharges()).find((c) => c.id === chargeId)).toMatchObject({ status: 'refunded', refund: { id: refundId, amount: 90 } });
  });

  it('serves the card frame (framable by our pages only) and the sandbox scripts', async () => {
    const frame = await t.app.inject({ method: 'GET', url: '/payments/openpay/card-frame?lang=en' });
    expect(frame.statusCode).toBe(200);
    expect(String(frame.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.body).toContain('<label for="card-number">Card number</label>');
    expect(frame.body).toContain('/sandbox/openpay/js/openpay.v1.min.js');
    expect(frame.body).toContain(`data-merchant-id="${op().merchantId}"`);
    expect(frame.body).not.toContain(op().privateKey);
    for (const script of ['openpay.v1.min.js', 'openpay-data.v1.min.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/openpay/js/${script}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const config = body(await t.app.inject({ method: 'GET', url: '/api/config' }));
    expect(config.openpay).toEqual({ mode: 'sandbox', merchantId: op().merchantId, publicKey: op().publicKey, sandboxMode: true });
  });

  it('the sandbox answers in Openpay\'s error format: bad key, check digit, expiry, unknown path, used token', async () => {
    const url = `/sandbox/openpay/api/v1/${op().merchantId}/tokens`;
    const card = { card_number: CARDS.approved, holder_name: 'Ana', expiration_month: '12', expiration_year: '35', cvv2: '123' };
    const shape = { category: expect.any(String), description: expect.any(String), http_code: expect.any(Number), error_code: expect.any(Number), request_id: expect.any(String) };
    const wrongKey = await t.app.inject({ method: 'POST', url, headers: basic('pk_wrong'), payload: card });
    expect(wrongKey.statusCode).toBe(401);
    expect(body(wrongKey)).toEqual({ ...shape, category: 'request', http_code: 401, error_code: 1002 });
    const luhn = await t.app.inject({ method: 'POST', url, headers: basic(op().publicKey), payload: { ...card, card_number: '4111111111111112' } });
    expect(body(luhn)).toMatchObject({ http_code: 422, error_code: 2004 });
    const expired = await t.app.inject({ method: 'POST', url, headers: basic(op().publicKey), payload: { ...card, expiration_year: '20' } });
    expect(body(expired)).toMatchObject({ http_code: 422, error_code: 2005 });
    // The public key makes tokens; reading one or charging needs the private key.
    const token = await tokenize(CARDS.approved);
    const read = await t.app.inject({ method: 'GET', url: `${url}/${token}`, headers: basic(op().publicKey) });
    expect(read.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: `/sandbox/openpay/api/v1/${op().merchantId}/nothing`, headers: basic(op().privateKey) });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ ...shape, error_code: 1005 });
    const charge = (source_id: string, order_id: string) =>
      t.app.inject({
        method: 'POST', url: `/sandbox/openpay/api/v1/${op().merchantId}/charges`, headers: basic(op().privateKey),
        payload: { method: 'card', source_id, amount: 10, currency: 'MXN', description: 'x', order_id, device_session_id: DEVICE },
      });
    expect((await charge(token, 'sandbox-order-1')).statusCode).toBe(200);
    expect(body(await charge(token, 'sandbox-order-2'))).toMatchObject({ http_code: 422 });
    expect(body(await charge(await tokenize(CARDS.approved), 'sandbox-order-1'))).toMatchObject({ http_code: 409, error_code: 1006 });
  });
});

