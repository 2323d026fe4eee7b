import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('error messages in the request\'s language (Accept-Language)', () => {
  let t: TestApp;
  const verify = (code: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/payments/verify-discount', payload: { url: 'prueba-api', code, tickets: [{ ticket_id: 1, cantidad: 1 }] }, headers });
  const purchase = async (tickets: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: await t.botToken(), tickets }, headers });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('answers in Spanish by default, in English with Accept-Language: en; the code is the same', async () => {
    expect(body(await verify('NADA'))).toEqual({ mensaje: 'No se ha encontrado el codigo de descuento.', code: 'DISCOUNT_NOT_FOUND' });
    const english = await verify('NADA', { 'accept-language': 'en' });
    expect(english.statusCode).toBe(404);
    expect(body(english)).toEqual({ mensaje: 'Discount code not found.', code: 'DISCOUNT_NOT_FOUND' });
  });

  it.each([
    ['en-US,en;q=0.9', 'Discount code not found.'],
    ['fr-FR, en;q=0.5, es;q=0.4', 'Discount code not found.'],
    ['es;q=0.4, en;q=0.8', 'Discount code not found.'],
    ['es-MX, en;q=0.9', 'No se ha encontrado el codigo de descuento.'],
    ['en;q=0, es', 'No se ha encontrado el codigo de descuento.'],
    ['de-DE', 'No se ha encontrado el codigo de descuento.'],
    ['fr, de;q=0.5', 'No se ha encontrado el codigo de descuento.'],
    ['', 'No se ha encontrado el codigo de descuento.'],
  ])('Accept-Language %j → the first of es/en it prefers, Spanish for any other language', async (header, mensaje) => {
    expect(body(await verify('NADA', { 'accept-language': header })).mensaje).toBe(mensaje);
  });

  it('fills the values into the English sentence too (names, limits, translated words)', async () => {
    const en = { 'accept-language': 'en' };
    expect(body(await purchase([{ ticket_id: 1, cantidad: 11 }], en))).toEqual({ mensaje: 'The quantity of “General” must be between 1 and 10.', code: 'QUANTITY_OUT_OF_RANGE' });
    expect(body(await purchase([{ ticket_id: 1, cantidad: 1 }, { ticket_id: 1, cantidad: 1 }], en)).mensaje).toBe('The ticket type 1 appears more than once in the request.');
    expect(body(await purchase([{ ticket_id: 1, cantidad: 1 }, { ticket_id: 1, cantidad: 1 }])).mensaje).toBe('El tipo de entrada 1 aparece más de una vez en la solicitud.');
    const bot = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: 'no-es-un-token', tickets: [{ ticket_id: 1, cantidad: 1 }] }, headers: en });
    expect(bot.statusCode).toBe(403);
    expect(body(bot).mensaje).toBe('We could not verify that you are a person (token rejected). Please try again.');
  });

  it('speaks English for the framework\'s own errors: request validation, bad JSON, unknown route', async () => {
    const en = { 'accept-language': 'en' };
    const fractional = await purchase([{ ticket_id: 1, cantidad: 1.5 }], en);
    expect(fractional.statusCode).toBe(400);
    expect(body(fractional)).toMatchObject({ code: 'VALIDATION_ERROR', mensaje: 'The field “tickets[0].cantidad” must be a whole number.' });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: '{"url":', headers: { ...en, 'content-type': 'application/json' } });
    expect(body(malformed)).toEqual({ mensaje: 'The content is not valid JSON.', code: 'MALFORMED_JSON' });
    expect(body(await t.app.inject({ url: '/api/nothing-here', headers: en }))).toEqual({ mensaje: 'The requested route does not exist.', code: 'NOT_FOUND' });
    expect(body(await t.app.inject({ url: '/api/nothing-here' }))).toEqual({ mensaje: 'La ruta solicitada no existe.', code: 'NOT_FOUND' });
  });
});
