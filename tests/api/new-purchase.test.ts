import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('POST /api/payments/new-purchase', () => {
  let t: TestApp;
  const newPurchase = async (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', code: null, identificador: null, token: await t.botToken(), ...payload } });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('holds the lines and answers the server-computed amounts, ignoring client prices', async () => {
    // 4 × $350 = 1400, volume discount 10 % = 140 → 1260; DEMO10 10 % = 126 → 1134; fee 10 % = 113.40 → 1247.40
    const res = await newPurchase({ code: 'demo10', identificador: 'promotor-7', tickets: [{ ticket_id: 1, cantidad: 4, price: 1, name: 'x' }] });
    expect(res.statusCode).toBe(200);
    const data = body(res);
    expect(data).toMatchObject({
      amount: 1247.4, comission: 113.4, amountOutDiscount: 1386, amountDiscount: 126, amountProductos: 0,
      code: 'DEMO10', tickets_emited: false, isFormRequiered: true,
    });
    expect(data.purchase_id).toMatch(/^[0-9a-f-]{36}$/);
    const expires = new Date(data.expiresTickets).getTime();
    expect(expires - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const stored = await t.ctx.db.kysely.selectFrom('purchases').select(['referrer', 'status']).where('id', '=', data.purchase_id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ referrer: 'promotor-7', status: 'held' });
  });

  it('says no form is required when no chosen ticket has attendee fields', async () => {
    const data = body(await newPurchase({ tickets: [{ ticket_id: 2, cantidad: 1 }] }));
    expect(data).toMatchObject({ amount: 1320, comission: 120, isFormRequiered: false, code: null });
  });

  it('refuses more than is left with 409 and a mensaje, and frees the stock when the hold expires', async () => {
    // VIP: capacity 5, one unit held by the previous test → 4 left.
    expect((await newPurchase({ tickets: [{ ticket_id: 2, cantidad: 4 }] })).statusCode).toBe(200);
    expect((await newPurchase({ tickets: [{ ticket_id: 2, cantidad: 1 }] })).statusCode).toBe(409);
    const res = await newPurchase({ tickets: [{ ticket_id: 3, cantidad: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'SOLD_OUT', mensaje: expect.stringContaining('ya no están disponibles') });
    t.advance(15 * 60_000 + 1000);
    expect((await newPurchase({ tickets: [{ ticket_id: 2, cantidad: 4 }] })).statusCode).toBe(200);
  });

  it.each([
    ['no tickets', { tickets: [] }, /tickets/],
    ['zero quantities only', { tickets: [{ ticket_id: 1, cantidad: 0 }] }, /Agrega entradas/],
    ['a negative quantity', { tickets: [{ ticket_id: 1, cantidad: -1 }] }, /mayor o igual a 0/],
    ['a fractional quantity', { tickets: [{ ticket_id: 1, cantidad: 1.5 }] }, /número entero/],
    ['a quantity as text', { tickets: [{ ticket_id: 1, cantidad: '2' }] }, /número entero/],
    ['a quantity above the per-order maximum', { tickets: [{ ticket_id: 1, cantidad: 11 }] }, /entre 1 y 10/],
    ['an unknown ticket id', { tickets: [{ ticket_id: 99, cantidad: 1 }] }, /no existe/],
    ['the same ticket twice', { tickets: [{ ticket_id: 1, cantidad: 1 }, { ticket_id: 1, cantidad: 1 }] }, /más de una vez/],
    ['an unknown field', { tickets: [{ ticket_id: 1, cantidad: 1 }], precio_total: 1 }, /precio_total.*no está permitido/],
    ['an unknown field in a line', { tickets: [{ ticket_id: 1, cantidad: 1, descuento: 5 }] }, /descuento.*no está permitido/],
    ['an unknown discount code', { code: 'NOPE', tickets: [{ ticket_id: 1, cantidad: 1 }] }, /codigo de descuento/],
  ])('answers 4xx with a clear mensaje for %s', async (_name, payload, message) => {
    const res = await newPurchase(payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res).mensaje).toMatch(message);
  });

  it('answers 404 for an unknown event and 400 for malformed JSON', async () => {
    expect((await newPurchase({ url: 'otro', tickets: [{ ticket_id: 1, cantidad: 1 }] })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', headers: { 'content-type': 'application/json' }, payload: '{"url": "prueba-api", ' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ mensaje: 'El contenido no es JSON válido.', code: 'MALFORMED_JSON' });
  });

  it('answers 415 with a mensaje for a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', headers: { 'content-type': 'text/plain' }, payload: 'hola' });
    expect(res.statusCode).toBe(415);
    expect(body(res).mensaje).toMatch(/application\/json/);
  });
});

describe.skipIf(skipDatabase)('bot check on new-purchase (sandbox)', () => {
  let t: TestApp;
  const attempt = (token: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', tickets: [{ ticket_id: 1, cantidad: 1 }], ...(token === undefined ? {} : { token }) } });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('refuses a missing token', async () => {
    const res = await attempt(undefined);
    expect(res.statusCode).toBe(400);
    expect(body(res).mensaje).toMatch(/token/);
  });

  it('accepts a fresh token once and refuses it when reused', async () => {
    const token = await t.botToken('new_purchase');
    expect((await attempt(token)).statusCode).toBe(200);
    const again = await attempt(token);
    expect(again.statusCode).toBe(403);
    expect(body(again).mensaje).toMatch(/ya usado/);
  });

  it('refuses a token issued for another action', async () => {
    const res = await attempt(await t.botToken('validate_free_access'));
    expect(res.statusCode).toBe(403);
    expect(body(res).mensaje).toMatch(/acción distinta/);
  });

  it('refuses an expired token (older than 2 minutes)', async () => {
    const token = await t.botToken();
    t.advance(2 * 60_000 + 1);
    const res = await attempt(token);
    expect(res.statusCode).toBe(403);
    expect(body(res).mensaje).toMatch(/vencido/);
  });

  it('refuses a forged or tampered token', async () => {
    const token = await t.botToken();
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3_600_000 })).toString('base64url');
    expect(body(await attempt(`${forged}.${signature}`)).mensaje).toMatch(/rechazado/);
    expect((await attempt('no-es-un-token')).statusCode).toBe(403);
  });
});
