import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

/** The sandbox's card-token API, in MercadoPago's REST shape, with its published Mexican test cards. */
describe.skipIf(skipDatabase)('MercadoPago card tokens in the sandbox', () => {
  let t: PaymentsTestApp;
  const tokenize = (payload: Record<string, unknown>, publicKey = t.sandbox.mercadopago.publicKey) =>
    t.app.inject({ method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${encodeURIComponent(publicKey)}`, payload });
  const card = (overrides: Record<string, unknown> = {}) => ({
    card_number: '5474925432670366', expiration_month: 11, expiration_year: 2030, security_code: '123', cardholder: { name: 'APRO' }, ...overrides,
  });

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('tokenizes each published test card and stores no full number', async () => {
    for (const [number, code, six, four] of [
      ['5474 9254 3267 0366', '123', '547492', '0366'], ['4075595716483764', '123', '407559', '3764'], ['3711-803032-57522', '1234', '371180', '7522'],
    ]) {
      const res = await tokenize(card({ card_number: number, security_code: code }));
      expect(res.statusCode).toBe(201);
      const token = body(res);
      expect(token).toMatchObject({
        first_six_digits: six, last_four_digits: four, expiration_month: 11, expiration_year: 2030, security_code_length: code.length,
        cardholder: { name: 'APRO' }, status: 'active', luhn_validation: true, live_mode: false,
      });
      expect(token.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(token.date_due)).toBeGreaterThan(Date.parse(token.date_created));
      const [stored] = await t.rows('sandbox_payment_objects', 'id', token.id);
      expect(stored.data_json).not.toContain(number.replace(/\D/g, ''));
      expect(stored.data_json).not.toContain(`"${code}"`);
      const read = await t.app.inject(`/sandbox/mercadopago/api/v1/card_tokens/${token.id}?public_key=${t.sandbox.mercadopago.publicKey}`);
      expect(body(read)).toEqual(token);
    }
  });

  it('tokenizes a saved card from its id and security code', async () => {
    const res = await tokenize({ card_id: '9000000001', security_code: '123' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ card_id: '9000000001', first_six_digits: '407559', last_four_digits: '3764' });
    expect((await tokenize({ card_id: '1', security_code: '123' })).statusCode).toBe(400);
  });

  it('a saved card whose code is not mandatory (the Mastercard) tokenizes by its id alone; the Visa still needs its code', async () => {
    const master = await tokenize({ card_id: '9000000002' });
    expect(master.statusCode).toBe(201);
    expect(body(master)).toMatchObject({ card_id: '9000000002', first_six_digits: '547492', last_four_digits: '0366' });
    // A code given is still checked.
    expect(body(await tokenize({ card_id: '9000000002', security_code: '999' })).cause[0].code).toBe('E302');
    const visa = await tokenize({ card_id: '9000000001' });
    expect(visa.statusCode).toBe(400);
    expect(body(visa).cause[0].code).toBe('224');
  });

  it('refuses other numbers, a bad expiry, a bad security code and a wrong public key in MercadoPago\'s error shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [card({ card_number: '4111111111111111' }), 'E301'],
      [card({ card_number: '5474925432670367' }), 'E301'],
      [card({ expiration_year: 2031 }), '326'],
      [card({ expiration_month: 13 }), '325'],
      [card({ security_code: '999' }), 'E302'],
      [card({ card_number: '371180303257522', security_code: '123' }), 'E203'],
      [card({ security_code: '' }), '224'],
      [card({ cardholder: { name: '' } }), '221'],
    ];
    for (const [payload, code] of cases) {
      const res = await tokenize(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ error: 'bad_request', status: 400, cause: [{ code }] });
      expect(typeof body(res).message).toBe('string');
    }
    const wrongKey = await tokenize(card(), 'TEST-otra');
    expect(wrongKey.statusCode).toBe(401);
    expect(body(wrongKey)).toMatchObject({ error: 'unauthorized', status: 401 });
  });

  it('gives the storefront the sandbox public key through /api/config', async () => {
    expect(body(await t.app.inject('/api/config')).mercadopago).toEqual({ mode: 'sandbox', publicKey: t.sandbox.mercadopago.publicKey });
  });

  it('finds the payment method by BIN and its issuer', async () => {
    const pk = t.sandbox.mercadopago.publicKey;
    const search = body(await t.app.inject(`/sandbox/mercadopago/api/v1/payment_methods/search?public_key=${pk}&bins=371180`));
    expect(search.paging.total).toBe(1);
    expect(search.results[0]).toMatchObject({ id: 'amex', payment_type_id: 'credit_card', settings: [{ security_code: { length: 4 } }], issuer: { id: 310 } });
    expect(body(await t.app.inject(`/sandbox/mercadopago/api/v1/payment_methods/search?public_key=${pk}&bins=547492`)).results[0].id).toBe('master');
    expect(body(await t.app.inject(`/sandbox/mercadopago/api/v1/payment_methods/search?public_key=${pk}&bins=407559`)).results[0].id).toBe('visa');
    expect(body(await t.app.inject(`/sandbox/mercadopago/api/v1/payment_methods/search?public_key=${pk}&bins=999999`)).results).toEqual([]);
    const issuers = body(await t.app.inject(`/sandbox/mercadopago/api/v1/payment_methods/card_issuers?public_key=${pk}&payment_method_id=visa&bin=407559`));
    expect(issuers).toEqual([expect.objectContaining({ id: '162', name: 'Visa', status: 'active' })]);
    // Unknown paths under the API still answer MercadoPago's not-found.
    expect(body(await t.app.inject('/sandbox/mercadopago/api/v1/nada')).error).toBe('not_found');
  });
});
