import { tablesOf } from '../../../sandbox/store';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPalSignedMessage, signFintoc, signMercadoPago, signPayPal } from '../../../src/shared/node/webhook-signatures';
import { findSandboxObject } from '../../../sandbox/payments/objects.repository';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

/** Forged, altered, stale and replayed webhooks: refused, or stored once and not processed twice. */
describe.skipIf(skipDatabase)('webhook verification and replay protection', () => {
  let t: PaymentsTestApp;
  let paymentId: string;
  let sessionId: string;
  const send = (provider: string, raw: string, headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/webhooks/${provider}${query}`, headers: { 'content-type': 'application/json', ...headers }, payload: raw });
  const seconds = () => String(Math.floor(t.ctx.now().getTime() / 1000));
  const inboxOf = async (provider: string) => t.rows('webhook_inbox', 'provider', provider);

  beforeAll(async () => {
    t = await createPaymentsApp();
    // One MercadoPago voucher payment and one Fintoc session exist, so verified events can name real payments.
    const mp = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { init_point } = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: mp, buyer_info: buyer() }, headers: t.keyed(mp) }));
    const checkout = await t.app.inject(init_point);
    paymentId = ((await t.app.inject({ method: 'POST', url: /action="([^"]+\/voucher)"/.exec(checkout.body)![1] })).headers.location as string).split('/').pop()!;
    const ft = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    sessionId = (body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: ft, buyer_info: buyer() }, headers: t.keyed(ft) })).widget_url as string).split('/').pop()!;
  });
  afterAll(() => t.close());

  describe('MercadoPago x-signature', () => {
    const notification = (id: number) => JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id: paymentId }, id, live_mode: false, type: 'payment' });

    it('accepts a signed notification once; the exact replay is answered as a duplicate and not processed again', async () => {
      const raw = notification(5001);
      const headers = { 'x-signature': signMercadoPago(t.sandbox.mercadopago.webhookSecret, paymentId, 'req-5001', seconds()), 'x-request-id': 'req-5001' };
      const first = await send('mercadopago', raw, headers, `?data.id=${paymentId}&type=payment`);
      expect(first.statusCode).toBe(200);
      expect(body(first)).toEqual({ received: true });
      const replay = await send('mercadopago', raw, headers, `?data.id=${paymentId}&type=payment`);
      expect(body(replay)).toEqual({ received: true, duplicate: true });
      expect((await inboxOf('mercadopago')).filter((r) => r.event_id.includes('request-id:req-5001;'))).toEqual([expect.objectContaining({ status: 'processed', resource_id: paymentId })]);
    });

    it('a signed notification replayed with another body id is the same delivery: a duplicate, no new inbox row', async () => {
      const headers = { 'x-signature': signMercadoPago(secret(), paymentId, 'req-5002', seconds()), 'x-request-id': 'req-5002' };
      expect(body(await send('mercadopago', notification(5002), headers, `?data.id=${paymentId}&type=payment`))).toEqual({ received: true });
      for (const otherId of [5003, 5004]) {
        const replay = await send('mercadopago', notification(otherId), headers, `?data.id=${paymentId}&type=payment`);
        expect(body(replay)).toEqual({ received: true, duplicate: true });
      }
      const rows = (await inboxOf('mercadopago')).filter((r) => r.event_id.includes('request-id:req-5002;'));
      expect(rows).toHaveLength(1);
      expect(rows[0].event_id).toBe(`id:${paymentId};request-id:req-5002;ts:${/ts=(\d+)/.exec(headers['x-signature'])![1]};`);
    });

    it('refuses a body whose data.id is not the signed one', async () => {
      const headers = { 'x-signature': signMercadoPago(secret(), paymentId, 'req-5005', seconds()), 'x-request-id': 'req-5005' };
      const forged = JSON.stringify({ action: 'payment.updated', data: { id: '999999' }, id: 5005, type: 'payment' });
      const res = await send('mercadopago', forged, headers, `?data.id=${paymentId}&type=payment`);
      expect(res.statusCode).toBe(401);
      expect((await inboxOf('mercadopago')).some((r) => r.event_id.includes('req-5005'))).toBe(false);
    });

    const secret = () => t.sandbox.mercadopago.webhookSecret;
    it.each([
      ['signed with another secret', () => ({ 'x-signature': signMercadoPago('otro-secreto', paymentId, 'req-1', seconds()), 'x-request-id': 'req-1' })],
      ['without x-signature', () => ({ 'x-request-id': 'req-2' })],
      ['signed for another payment id', () => ({ 'x-signature': signMercadoPago(secret(), '1', 'req-3', seconds()), 'x-request-id': 'req-3' })],
      ['with a request id other than the signed one', () => ({ 'x-signature': signMercadoPago(secret(), paymentId, 'req-4', seconds()), 'x-request-id': 'req-otro' })],
      ['signed more than 5 minutes ago (an old delivery replayed)', () => ({ 'x-signature': signMercadoPago(secret(), paymentId, 'req-5', String(Number(seconds()) - 600)), 'x-request-id': 'req-5' })],
      ['signed 5 minutes in the future', () => ({ 'x-signature': signMercadoPago(secret(), paymentId, 'req-6', String(Number(seconds()) + 300)), 'x-request-id': 'req-6' })],
    ])('refuses a notification %s with 401', async (_name, headersFor) => {
      const res = await send('mercadopago', notification(6000 + Math.floor(Math.random() * 1000)), headersFor(), `?data.id=${paymentId}&type=payment`);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 'WEBHOOK_REJECTED', mensaje: expect.stringMatching(/^Notificación rechazada/) });
    });

    it('stores and ignores a verified notification about a payment that is not ours', async () => {
      const headers = { 'x-signature': signMercadoPago(t.sandbox.mercadopago.webhookSecret, '424242', 'req-x', seconds()), 'x-request-id': 'req-x' };
      const res = await send('mercadopago', JSON.stringify({ action: 'payment.updated', data: { id: '424242' }, id: 7001, type: 'payment' }), headers, '?data.id=424242&type=payment');
      expect(body(res)).toEqual({ received: true, ignored: true });
    });

    it('nothing of the refused ones reached the inbox', async () => {
      expect((await inboxOf('mercadopago')).every((r) => !/request-id:req-(\d|otro);/.test(r.event_id))).toBe(true);
    });
  });

  describe('Fintoc-Signature', () => {
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'checkout_session.finished', mode: 'test', data: { id: sessionId, object: 'checkout_session' } });

    it('accepts a signed event once and answers the replay as a duplicate', async () => {
      const raw = event('evt_ok_1');
      const headers = { 'fintoc-signature': signFintoc(t.sandbox.fintoc.webhookSecret, raw, seconds()) };
      expect(body(await send('fintoc', raw, headers))).toEqual({ received: true });
      expect(body(await send('fintoc', raw, headers))).toEqual({ received: true, duplicate: true });
      expect((await inboxOf('fintoc')).filter((r) => r.event_id === 'evt_ok_1')).toHaveLength(1);
    });

    it('refuses an altered body, a foreign secret, a missing header and an old timestamp', async () => {
      const raw = event('evt_bad');
      const good = signFintoc(t.sandbox.fintoc.webhookSecret, raw, seconds());
      const altered = raw.replace(sessionId, 'cs_otra');
      for (const [payload, headers] of [
        [altered, { 'fintoc-signature': good }],
        [raw, { 'fintoc-signature': signFintoc('whsec_ajeno', raw, seconds()) }],
        [raw, {}],
        [raw, { 'fintoc-signature': signFintoc(t.sandbox.fintoc.webhookSecret, raw, String(Number(seconds()) - 301)) }],
        [raw, { 'fintoc-signature': signFintoc(t.sandbox.fintoc.webhookSecret, raw, String(Number(seconds()) + 300)) }],
        // Past the 30 s allowed ahead. Timestamps are whole seconds, rounded down from our clock, so
        // "+ 31" was as little as 30.001 s ahead and fell within 30 once the check ran a moment later.
        [raw, { 'fintoc-signature': signFintoc(t.sandbox.fintoc.webhookSecret, raw, String(Number(seconds()) + 33)) }],
      ] as [string, Record<string, string>][]) {
        const res = await send('fintoc', payload, headers);
        expect(res.statusCode).toBe(401);
      }
      expect((await inboxOf('fintoc')).some((r) => r.event_id === 'evt_bad')).toBe(false);
    });

    it('accepts a timestamp slightly ahead of our clock (drift within 30 s)', async () => {
      const raw = event('evt_drift_1');
      expect(body(await send('fintoc', raw, { 'fintoc-signature': signFintoc(t.sandbox.fintoc.webhookSecret, raw, String(Number(seconds()) + 20)) }))).toEqual({ received: true });
    });
  });

  describe('PayPal verify-webhook-signature', () => {
    const delivery = async (privateKey: string, eventId: string, time = t.ctx.now().toISOString()) => {
      const raw = JSON.stringify({ id: eventId, event_type: 'CHECKOUT.ORDER.APPROVED', resource_type: 'checkout-order', resource: { id: 'NOEXISTE00000000' } });
      const transmissionId = randomUUID();
      const headers = {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signPayPal(privateKey, payPalSignedMessage(transmissionId, time, t.sandbox.paypal.webhookId, raw)),
        // The certificate lives on the PayPal API host the server is configured with (the stand-in, through the server's internal URL), as its deliveries say.
        'paypal-cert-url': `${t.ctx.config.internalUrl}/sandbox/paypal/api/v1/notifications/certs/CERT-SBX-1`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
      return { raw, headers };
    };

    it('accepts what PayPal (the sandbox) signed, once; refuses a signature from another key, stale or missing headers', async () => {
      await t.app.inject('/sandbox/paypal/api/v1/notifications/certs/CERT-SBX-1');
      const key = (await findSandboxObject<{ privateKey: string }>(tablesOf(t.sandboxStore), 'paypal', 'key', 'CERT-SBX-1'))!.data.privateKey;
      const good = await delivery(key, 'WH-GOOD-1');
      expect(body(await send('paypal', good.raw, good.headers))).toEqual({ received: true, ignored: true });
      expect(body(await send('paypal', good.raw, good.headers))).toEqual({ received: true, duplicate: true });

      const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const forged = await delivery(forger, 'WH-FORGED-1');
      expect((await send('paypal', forged.raw, forged.headers)).statusCode).toBe(401);
      const altered = await delivery(key, 'WH-ALTERED-1');
      expect((await send('paypal', altered.raw.replace('NOEXISTE', 'OTRAORDEN'), altered.headers)).statusCode).toBe(401);
      const stale = await delivery(key, 'WH-STALE-1', new Date(t.ctx.now().getTime() - 10 * 60_000).toISOString());
      expect((await send('paypal', stale.raw, stale.headers)).statusCode).toBe(401);
      const { 'paypal-transmission-sig': _sig, ...missing } = good.headers;
      expect((await send('paypal', good.raw, missing)).statusCode).toBe(401);
      expect((await inboxOf('paypal')).map((r) => r.event_id)).toEqual(['WH-GOOD-1']);
    });
  });

  it('answers 404 for a provider we do not have and 400 for a body that is not JSON', async () => {
    expect((await send('conekta', '{}', {})).statusCode).toBe(404);
    const res = await send('fintoc', '{no json', {});
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('MALFORMED_JSON');
  });
});
