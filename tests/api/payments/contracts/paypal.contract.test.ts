import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPalProvider } from '../../../../src/server/payments/providers/paypal.provider';
import recorded from '../../fixtures/providers/paypal.json';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, mailHeader, type PaymentsTestApp } from '../helpers';
import { startReplayServer, type Interaction, type ReplayServer } from './replay-server';

const CLIENT_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-client';
const CLIENT_SECRET = 'EKfnpvX7-secret-0123456789';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const ORDER = '5O190127TN364715T';
const BEARER = 'Bearer A21AAFEpH4PsADK7qSS7pSRsgzfENtu-Q1ysgEDVDESseMHBYXVJYE8ovjj68elIDy8nF26AwPhfXTIeWAZHSLIsQkSYz9ifg';

/** The real PayPal adapter (Orders v2), switched on by its keys, against recorded API answers. */
describe.skipIf(skipDatabase)('PayPal adapter (contract, recorded exchanges)', () => {
  let api: ReplayServer;
  let t: PaymentsTestApp;
  let purchaseId: string;
  let attempt: Record<string, any>;

  /** A webhook as PayPal delivers it: the event and its PAYPAL-* transmission headers. */
  const delivery = (eventId: string) => {
    const raw = JSON.stringify({
      id: eventId, event_version: '1.0', create_time: '2026-11-21T16:02:12.000Z', resource_type: 'capture', resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED', summary: 'Payment completed for MXN 440.0 MXN',
      resource: { id: '3C679366HH908993F', status: 'COMPLETED', amount: { currency_code: 'MXN', value: '440.00' }, custom_id: attempt.id, final_capture: true, supplementary_data: { related_ids: { order_id: ORDER } } },
      links: [{ href: `https://api-m.paypal.com/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' }],
    });
    const headers = {
      'paypal-transmission-id': `69cd13f0-d67a-11e5-baa3-${eventId.slice(-12)}`,
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
      'paypal-cert-url': 'https://api-m.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-5a29e601',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    return { raw, headers };
  };

  beforeAll(async () => {
    api = await startReplayServer(recorded as Interaction[]);
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx', paypal: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID, apiUrl: api.url } });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it('gets an OAuth token with Basic client credentials, then creates a CAPTURE order with PayPal-Request-Id', async () => {
    purchaseId = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: purchaseId, lang: 'en' }, headers: t.keyed(purchaseId) });
    expect(res.statusCode).toBe(200);
    const { order } = body(res);
    expect(order.id).toBe(ORDER);
    expect(order.links[0]).toMatchObject({ rel: 'self' });
    expect(order.links[1]).toEqual({ href: `https://www.paypal.com/checkoutnow?token=${ORDER}`, rel: 'approve', method: 'GET' });
    [attempt] = await t.rows('payment_attempts', 'purchase_id', purchaseId);
    api.vars.attempt_id = attempt.id;
    api.vars.purchase_id = purchaseId;

    const [token] = api.calls('oauth_token');
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.body).toBe('grant_type=client_credentials');

    const [create] = api.calls('create_order');
    expect(create.headers.authorization).toBe(BEARER);
    expect(create.headers['paypal-request-id']).toBe(attempt.idempotency_key);
    expect(create.headers.prefer).toBe('return=representation');
    expect(create.json).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: purchaseId, custom_id: attempt.id, invoice_id: attempt.id, description: 'Boletos · Concierto de Prueba', amount: { currency_code: 'MXN', value: '440.00' } }],
      application_context: {
        brand_name: 'Boletos', locale: 'en-US', shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW',
        return_url: 'https://boletos.example.mx/pagos-api/paypal/loader', cancel_url: 'https://boletos.example.mx/pagos-api/paypal/loader',
      },
    });
  });

  it('the loader reads the approved order and captures it once (PayPal-Request-Id per order); the payer gets the e-mail', async () => {
    const res = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: ORDER }, headers: t.keyed(purchaseId) }));
    expect(res.status).toBe('approved');
    expect(res.reload.emission_id).toEqual(expect.any(String));
    expect(api.calls('get_order_approved')).toHaveLength(1);
    const [capture] = api.calls('capture');
    expect(capture.headers.authorization).toBe(BEARER);
    expect(capture.headers['paypal-request-id']).toBe(`capture-${ORDER}`);
    expect(capture.json).toEqual({});
    // The token is reused while valid.
    expect(api.calls('oauth_token')).toHaveLength(1);
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ status: 'approved', provider_payment_id: '3C679366HH908993F' });
    const mail = t.mails().find((m) => m.text.includes(purchaseId))!;
    expect(mailHeader(mail.text, 'To')).toBe('customer@example.com');
    expect(mailHeader(mail.text, 'Subject')).toBe('Your tickets for Concierto de Prueba');
  });

  it('asks PayPal to verify each webhook, sending the event byte for byte, and re-reads the order', async () => {
    const { raw, headers } = delivery('WH-2WR32451HC0233532-67976317FL4543714');
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: { 'content-type': 'application/json', ...headers }, payload: raw });
    expect(body(res)).toEqual({ received: true });
    const [verify] = api.calls('verify_webhook_success');
    expect(verify.headers.authorization).toBe(BEARER);
    expect(verify.json).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: WEBHOOK_ID,
      webhook_event: JSON.parse(raw),
    });
    expect(verify.body.endsWith(`"webhook_event":${raw}}`)).toBe(true);
    expect(api.calls('get_order_completed')).toHaveLength(1);
    expect(await t.rows('emissions', 'purchase_id', purchaseId)).toHaveLength(1);
  });

  it('refuses a webhook PayPal does not verify (401), and one without the transmission headers before asking', async () => {
    const { raw, headers } = delivery('WH-FORGED000000000-000000000000000');
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: { 'content-type': 'application/json', ...headers }, payload: raw });
    expect(api.calls('verify_webhook_failure')).toHaveLength(1);
    expect(res.statusCode).toBe(401);
    const before = api.received.length;
    const bare = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(bare.statusCode).toBe(401);
    expect(api.received.length).toBe(before);
  });

  it('refuses, without asking PayPal, a delivery whose headers or body cannot be PayPal\'s', async () => {
    const { raw, headers } = delivery('WH-LOCAL000000000-000000000000000');
    const before = api.received.length;
    const tries: [Record<string, string>, string][] = [
      [{ ...headers, 'paypal-cert-url': 'https://paypal.com.example.net/v1/notifications/certs/CERT-1' }, raw],
      [{ ...headers, 'paypal-cert-url': 'http://api-m.paypal.com/v1/notifications/certs/CERT-1' }, raw],
      [{ ...headers, 'paypal-transmission-id': 'x'.repeat(500) }, raw],
      [{ ...headers, 'paypal-transmission-sig': 'no es base64 !' }, raw],
      [{ ...headers, 'paypal-auth-algo': 'MD5withRSA' }, raw],
      [headers, raw.replace('PAYMENT.CAPTURE.COMPLETED', 'BILLING.SUBSCRIPTION.CREATED')],
      [headers, JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED' })],
    ];
    for (const [sent, payload] of tries) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: { 'content-type': 'application/json', ...sent }, payload });
      expect(res.statusCode).toBe(401);
    }
    expect(api.received.length).toBe(before);
  });

  it('refunds a capture with POST /v2/payments/captures/{id}/refund and a PayPal-Request-Id', async () => {
    const adapter = payPalProvider({ mode: 'live', apiUrl: () => api.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookId: WEBHOOK_ID, toleranceSeconds: 300 });
    expect(await adapter.refund({ paymentId: '3C679366HH908993F', amountCents: 44000, currency: 'MXN', idempotencyKey: `refund-${attempt.id}` })).toEqual({ refundId: '1JU08902781691411' });
    const [call] = api.calls('refund');
    expect(call.headers.authorization).toBe(BEARER);
    expect(call.headers['paypal-request-id']).toBe(`refund-${attempt.id}`);
    // The amount asked is always sent: a buyer's partial cancellation gives back part of a capture.
    expect(call.json).toEqual({ amount: { value: '440.00', currency_code: 'MXN' } });
  });

  it('reads a partial refund from PAYMENT.CAPTURE.REFUNDED, whose resource is the refund: the capture comes from its up link; the sale stands with what went back', async () => {
    const eventId = 'WH-1GE84257G0350133W-6RW800890C634293G';
    const { headers } = delivery(eventId);
    // PayPal's refund resource names neither the order nor our attempt: only its `up` link to the capture.
    const raw = JSON.stringify({
      id: eventId, event_version: '1.0', create_time: '2026-11-21T17:00:05.000Z', resource_type: 'refund', resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.REFUNDED', summary: 'A MXN 100.0 MXN capture payment was refunded',
      resource: {
        id: '1JU08902781691411', status: 'COMPLETED', amount: { currency_code: 'MXN', value: '100.00' },
        seller_payable_breakdown: { gross_amount: { currency_code: 'MXN', value: '100.00' }, paypal_fee: { currency_code: 'MXN', value: '0.00' }, net_amount: { currency_code: 'MXN', value: '100.00' }, total_refunded_amount: { currency_code: 'MXN', value: '100.00' } },
        create_time: '2026-11-21T17:00:00Z', update_time: '2026-11-21T17:00:00Z',
        links: [
          { href: 'https://api-m.paypal.com/v2/payments/refunds/1JU08902781691411', rel: 'self', method: 'GET' },
          { href: 'https://api-m.paypal.com/v2/payments/captures/3C679366HH908993F', rel: 'up', method: 'GET' },
        ],
      },
      links: [{ href: `https://api-m.paypal.com/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' }],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers: { 'content-type': 'application/json', ...headers }, payload: raw });
    expect(body(res)).toEqual({ received: true });
    expect(api.calls('verify_webhook_refund')).toHaveLength(1);
    expect(api.calls('get_order_partially_refunded')).toHaveLength(1);
    expect((await t.rows('payment_attempts', 'id', attempt.id))[0]).toMatchObject({ status: 'approved', refunded_cents: 10000 });
    expect((await t.rows('purchases', 'id', purchaseId))[0].status).toBe('paid');
  });
});
