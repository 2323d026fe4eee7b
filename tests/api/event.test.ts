import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('GET /api/event/{url}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('answers the public view: event, visible tickets with purchasable maximum, products', async () => {
    const res = await t.app.inject('/api/event/prueba-api');
    expect(res.statusCode).toBe(200);
    const data = body(res);
    expect(data.event).toMatchObject({ url: 'prueba-api', name: 'Prueba API', image_path: '/demo/logo.svg' });
    expect(data.event.config).toMatchObject({ comission_percentage: 0.1, absorb: 'customer' });
    expect(data.tickets.map((x: { id: number }) => x.id)).toEqual([1, 2, 3, 5]);
    const [general, vip, preventa, limitado] = data.tickets;
    expect(general).toMatchObject({ name: 'General', price: 350, minimum: 1, maximum: 10, md: true, md_quantity: 10, md_minimum: 4 });
    // Whether a type has attendee blocks, not its field definitions (those come with the attendee-validator module).
    expect(general.has_form).toBe(true);
    expect(vip.has_form).toBe(false);
    expect(general).not.toHaveProperty('form');
    expect(vip.maximum).toBe(4); // per-order max 4 < capacity 5
    expect(preventa.maximum).toBe(0); // sold out
    expect(limitado.maximum).toBe(1);
    expect(data.productos[1]).toMatchObject({ id: 2, nombre: 'Gorra', precio: 99.99, maximo: 5 });
  });

  it('never carries server-only data: capacities, stock, discount codes', async () => {
    const text = (await t.app.inject('/api/event/prueba-api')).body;
    for (const secret of ['capacity', 'stock', 'DEMO10', 'discount_codes', 'max_uses', 'sold']) expect(text).not.toContain(secret);
  });

  it('sanitises operator HTML when it is saved', async () => {
    const data = body(await t.app.inject('/api/event/prueba-api'));
    const html = JSON.stringify(data);
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(data.event.html[0].html).toContain('Hola');
  });

  it('does not list a hidden ticket type for its id alone (its access code is needed: hidden-tickets.test.ts)', async () => {
    const data = body(await t.app.inject('/api/event/prueba-api?ticket=4'));
    expect(data.tickets.map((x: { id: number }) => x.id)).toEqual([1, 2, 3, 5]);
  });

  it('answers 404 with a mensaje for an unknown url', async () => {
    const res = await t.app.inject('/api/event/no-existe');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ mensaje: 'No encontramos el evento.', code: 'EVENT_NOT_FOUND' });
  });

  it('lowers maximum as stock is held, down to 0 when what is left is below the minimum', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', code: null, identificador: null, token: await t.botToken(), tickets: [{ ticket_id: 2, cantidad: 2 }] } });
      expect(res.statusCode).toBe(200);
    }
    const vip = body(await t.app.inject('/api/event/prueba-api')).tickets[1];
    expect(vip.maximum).toBe(1);
    t.advance(16 * 60_000); // both holds expire lazily
    expect(body(await t.app.inject('/api/event/prueba-api')).tickets[1].maximum).toBe(4);
  });
});
