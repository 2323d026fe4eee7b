import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

/**
 * The sandbox's fast payments (what the JS SDK's authenticator, getAccountPaymentMethods,
 * getCardId and updatePseudotoken call): the test customer's saved methods, the `+fail`
 * rule, tokens bound to an e-mail that expire.
 */
describe.skipIf(skipDatabase)('MercadoPago fast payments in the sandbox', () => {
  let t: PaymentsTestApp;
  const FAST = '/sandbox/mercadopago/api/v1/fast_payments';
  const key = () => `public_key=${encodeURIComponent(t.sandbox.mercadopago.publicKey)}`;
  const start = (payload: Record<string, unknown>, publicKey = key()) => t.app.inject({ method: 'POST', url: `${FAST}/authentications?${publicKey}`, payload });
  const confirm = (id: string) => t.app.inject({ method: 'POST', url: `${FAST}/authentications/${id}/confirm?${key()}` });
  const methods = (token: string) => t.app.inject(`${FAST}/payment_methods?${key()}&fast_payment_token=${encodeURIComponent(token)}`);
  const cardId = (token: string, pseudotoken: string) => t.app.inject({ method: 'POST', url: `${FAST}/card_id?${key()}`, payload: { fast_payment_token: token, pseudotoken } });
  const update = (token: string, pseudotoken: string, cardToken: string) =>
    t.app.inject({ method: 'PUT', url: `${FAST}/pseudotokens/${pseudotoken}?${key()}`, payload: { fast_payment_token: token, card_token: cardToken } });
  const tokenFor = async (email: string) => {
    const started = await start({ amount: '100.00', payer_email: email });
    expect(started.statusCode).toBe(201);
    const confirmed = await confirm(body(started).id);
    expect(confirmed.statusCode).toBe(201);
    return body(confirmed).fast_payment_token as string;
  };
  const causeOf = (res: Parameters<typeof body>[0]) => body(res).cause[0].code;

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('lists the test customer\'s two saved cards and account money, with their security-code modes', async () => {
    const token = await tokenFor('Test_User_MX@testuser.com');
    const res = await methods(token);
    expect(res.statusCode).toBe(200);
    const results = body(res).results as Record<string, any>[];
    expect(results.map((m) => [m.type, m.payment_method.id, m.last_four_digits, m.security_code_settings?.mode ?? null])).toEqual([
      ['credit_card', 'visa', '3764', 'mandatory'],
      ['credit_card', 'master', '0366', 'optional'],
      ['account_money', 'account_money', null, null],
    ]);
    expect(results[0]).toMatchObject({ issuer: { name: 'Visa' }, security_code_settings: { length: 3 } });
    expect(results[0].payment_method.thumbnail).toMatch(/^https:/);
    // The card id stays behind getCardId.
    expect(results[0]).not.toHaveProperty('card_id');
  });

  it('gives a saved card\'s id and binds a card token made from it to the pseudotoken', async () => {
    const token = await tokenFor('test_user_mx@testuser.com');
    const [visa, master] = body(await methods(token)).results;
    const id = await cardId(token, visa.pseudotoken);
    expect(id.statusCode).toBe(200);
    expect(body(id)).toEqual({ card_id: '9000000001' });
    const cardToken = await t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?${key()}`, payload: { card_id: '9000000001', security_code: '123' } });
    expect(cardToken.statusCode).toBe(201);
    const updated = await update(token, visa.pseudotoken, body(cardToken).id);
    expect(updated.statusCode).toBe(200);
    expect(body(updated)).toEqual({ pseudotoken: visa.pseudotoken, status: 'updated' });
    const [stored] = await t.rows('sandbox_payment_objects', 'id', token);
    expect(JSON.parse(stored.data_json).pseudotokens[visa.pseudotoken]).toBe(body(cardToken).id);
    // A card token of another card, or an unknown one, is refused.
    expect(causeOf(await update(token, master.pseudotoken, body(cardToken).id))).toBe('card_token_mismatch');
    expect(causeOf(await update(token, visa.pseudotoken, 'nope'))).toBe('invalid_card_token');
    expect((await cardId(token, 'pst_unknown')).statusCode).toBe(404);
  });

  it('authenticates another test account with no saved methods, and a token is bound to its e-mail', async () => {
    const token = await tokenFor('test_user_sin_tarjetas@testuser.com');
    expect(body(await methods(token)).results).toEqual([]);
    // The test customer's pseudotoken means nothing to another account.
    const customer = body(await methods(await tokenFor('test_user_mx@testuser.com'))).results[0];
    const res = await cardId(token, customer.pseudotoken);
    expect(res.statusCode).toBe(404);
    expect(causeOf(res)).toBe('pseudotoken_not_found');
  });

  it('has accounts for test users only: a buyer\'s own e-mail is no account (AuthenticationNotSupported, so no confirmation dialog opens)', async () => {
    for (const payer_email of ['comprador@example.mx', 'test_user_mx@testuser.co', 'test_user_mx@example.com']) {
      const refused = await start({ amount: '100.00', payer_email });
      expect(refused.statusCode).toBe(422);
      expect(causeOf(refused)).toBe('AuthenticationNotSupported');
    }
    expect((await start({ amount: '100.00', payer_email: 'TEST_USER_123456@testuser.com' })).statusCode).toBe(201);
  });

  it('refuses +fail e-mails (AuthenticationNotSupported), bad e-mails and amounts, a wrong public key', async () => {
    const failed = await start({ amount: '100.00', payer_email: 'test_user_mx+fail@testuser.com' });
    expect(failed.statusCode).toBe(422);
    expect(body(failed)).toMatchObject({ status: 422, cause: [{ code: 'AuthenticationNotSupported' }] });
    expect(causeOf(await start({ amount: '100.00', payer_email: 'no-es-correo' }))).toBe('InvalidEmail');
    expect(causeOf(await start({ amount: '100', payer_email: 'test_user_mx@testuser.com' }))).toBe('InvalidAmount');
    expect(causeOf(await start({ amount: '0.00', payer_email: 'test_user_mx@testuser.com' }))).toBe('InvalidAmount');
    expect((await start({}, 'public_key=otra')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${FAST}/authentications?${key()}`, headers: { 'content-type': 'application/json' }, payload: '{' })).statusCode).toBe(400);
  });

  it('turns an authentication into a token once; tokens expire after 10 minutes', async () => {
    const started = await start({ amount: '250.50', payer_email: 'test_user_mx@testuser.com' });
    expect((await confirm(body(started).id)).statusCode).toBe(201);
    expect(causeOf(await confirm(body(started).id))).toBe('AlreadyShowing');
    expect((await confirm('desconocida')).statusCode).toBe(404);
    const token = await tokenFor('test_user_mx@testuser.com');
    expect((await methods('invalido')).statusCode).toBe(401);
    t.advance(10 * 60_000 + 1);
    const expired = await methods(token);
    expect(expired.statusCode).toBe(401);
    expect(causeOf(expired)).toBe('invalid_fast_payment_token');
    expect((await confirm(body(await start({ amount: '1.00', payer_email: 'test_user_b@testuser.com' })).id)).statusCode).toBe(201);
  });
  it('serves the fast-payment methods inside the one SDK script, and the demo page with the public key', async () => {
    const sdk = await t.app.inject('/sandbox/mercadopago/js/v2');
    expect(sdk.headers['content-type']).toContain('application/javascript');
    for (const method of ['prototype.authenticator', 'prototype.getAccountPaymentMethods', 'prototype.getCardId', 'prototype.updatePseudotoken']) expect(sdk.body).toContain(method);
    const demo = await t.app.inject('/sandbox/mercadopago/demo-fast-payments');
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toContain(`data-public-key="${t.sandbox.mercadopago.publicKey}"`);
  });
});
