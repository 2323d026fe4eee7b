import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../../support/test-app';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The sandbox APIs answer errors the way each provider does — status codes and error
 * bodies — never in our own `{ mensaje, code }`: a provider's client (its SDK, or our
 * adapter) must parse them as it parses the real service's.
 */
describe.skipIf(skipDatabase)('payment sandbox APIs answer errors in each provider\'s own shape', () => {
  let t: PaymentsTestApp;
  let mp: Record<string, string>;
  let fintoc: Record<string, string>;
  let paypal: Record<string, string>;

  beforeAll(async () => {
    t = await createPaymentsApp();
    mp = { authorization: `Bearer ${t.sandbox.mercadopago.accessToken}` };
    fintoc = { authorization: t.sandbox.fintoc.secretKey };
    const token = await t.app.inject({
      method: 'POST', url: '/sandbox/paypal/api/v1/oauth2/token', payload: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${t.sandbox.paypal.clientId}:${t.sandbox.paypal.clientSecret}`).toString('base64')}` },
    });
    paypal = { authorization: `Bearer ${body(token).access_token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  describe('MercadoPago: { message, error, status, cause: [{ code, description }] }', () => {
    it('an unknown payment is 404 not_found with cause 2000', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/api/v1/payments/99999999999', headers: mp });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000, description: 'Payment not found', data: null }] });
    });

    it('a refund with no body (a full refund) reaches the API: unknown payment → 404, not an empty-body error', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/mercadopago/api/v1/payments/99999999999/refunds', headers: { ...mp, ...JSON_TYPE } });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ error: 'not_found', status: 404, cause: [{ code: 2000 }] });
    });

    it('a missing or wrong access token is 401 unauthorized', async () => {
      const missing = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/api/v1/payments/1' });
      expect(missing.statusCode).toBe(401);
      expect(body(missing)).toEqual({ message: 'Must provide your access token', error: 'unauthorized', status: 401, cause: [{ code: 5, description: 'Must provide your access token', data: null }] });
      const wrong = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/api/v1/payments/1', headers: { authorization: 'Bearer TEST-nope' } });
      expect(body(wrong)).toMatchObject({ message: 'invalid access token', error: 'unauthorized', status: 401 });
    });

    it('malformed JSON is 400 bad_request (json_syntax_error); an unknown path is 404 not_found', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/sandbox/mercadopago/api/checkout/preferences', headers: { ...mp, ...JSON_TYPE }, payload: '{"items": [' });
      expect(bad.statusCode).toBe(400);
      expect(body(bad)).toMatchObject({ error: 'bad_request', status: 400, cause: [{ code: 'json_syntax_error' }] });
      const nowhere = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/api/v1/nothing', headers: mp });
      expect(nowhere.statusCode).toBe(404);
      expect(body(nowhere)).toMatchObject({ error: 'not_found', status: 404 });
      expect(body(nowhere)).not.toHaveProperty('mensaje');
    });
  });

  describe('Fintoc: { error: { type, code, message, param?, doc_url } }', () => {
    it('an unknown checkout session is 404 invalid_request_error', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/fintoc/api/v1/checkout_sessions/cs_nosuchsession', headers: fintoc });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ error: { type: 'invalid_request_error', code: 'missing_resource', message: 'No such checkout_session: cs_nosuchsession', param: 'id', doc_url: 'https://fintoc.com/docs#invalid-request-error' } });
    });

    it('a wrong secret key is 401 authentication_error', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/fintoc/api/v1/checkout_sessions/cs_x', headers: { authorization: 'sk_test_nope' } });
      expect(res.statusCode).toBe(401);
      expect(body(res).error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
    });

    it('a create with no body names the missing param; malformed JSON and unknown paths keep the shape', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/sandbox/fintoc/api/v1/checkout_sessions', headers: { ...fintoc, ...JSON_TYPE } });
      expect(empty.statusCode).toBe(400);
      expect(body(empty).error).toMatchObject({ type: 'invalid_request_error', code: 'missing_parameter', param: 'amount', message: 'Missing required param: amount' });
      const bad = await t.app.inject({ method: 'POST', url: '/sandbox/fintoc/api/v1/checkout_sessions', headers: { ...fintoc, ...JSON_TYPE }, payload: '{' });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json' });
      const nowhere = await t.app.inject({ method: 'GET', url: '/sandbox/fintoc/api/v1/nothing', headers: fintoc });
      expect(nowhere.statusCode).toBe(404);
      expect(body(nowhere).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_url' });
    });
  });

  describe('PayPal: { name, message, debug_id, details: [{ issue, description }], links }', () => {
    it('malformed JSON is 400 INVALID_REQUEST / MALFORMED_REQUEST_JSON; a wrong media type is 415', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/sandbox/paypal/api/v2/checkout/orders', headers: { ...paypal, ...JSON_TYPE }, payload: '{"intent":' });
      expect(bad.statusCode).toBe(400);
      expect(body(bad)).toMatchObject({ name: 'INVALID_REQUEST', debug_id: expect.any(String), details: [{ issue: 'MALFORMED_REQUEST_JSON', location: 'body' }] });
      const xml = await t.app.inject({ method: 'POST', url: '/sandbox/paypal/api/v2/checkout/orders', headers: { ...paypal, 'content-type': 'application/xml' }, payload: '<order/>' });
      expect(xml.statusCode).toBe(415);
      expect(body(xml)).toMatchObject({ name: 'UNSUPPORTED_MEDIA_TYPE', debug_id: expect.any(String) });
    });

    it('a create without intent is 400 INVALID_REQUEST / MISSING_REQUIRED_PARAMETER; no token is 401 AUTHENTICATION_FAILURE', async () => {
      const empty = await t.app.inject({ method: 'POST', url: '/sandbox/paypal/api/v2/checkout/orders', headers: { ...paypal, ...JSON_TYPE } });
      expect(empty.statusCode).toBe(400);
      expect(body(empty)).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER' }] });
      const anonymous = await t.app.inject({ method: 'GET', url: '/sandbox/paypal/api/v2/checkout/orders/X' });
      expect(anonymous.statusCode).toBe(401);
      expect(body(anonymous)).toMatchObject({ name: 'AUTHENTICATION_FAILURE', links: [{ rel: 'information_link' }] });
    });

    it('the hosted pages outside /api keep the store\'s own error format', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/paypal/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toHaveProperty('mensaje');
    });
  });
});
