import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const ADMIN = 'token-de-prueba-admin';
const put = (t: TestApp, url: string, payload: unknown, token: string | null = ADMIN) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/events/${url}`, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe.skipIf(skipDatabase)('PUT /api/admin/events/{url}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  it('creates (201) then updates (200) an event, bumping its version', async () => {
    const created = await put(t, 'prueba-api', fixture);
    expect(created.statusCode).toBe(201);
    expect(body(created)).toMatchObject({ url: 'prueba-api', created: true, version: 1, tickets: 5, productos: 2 });
    // The hidden type's link, with the access code the import generated (hidden-tickets.test.ts).
    expect(body(created).hidden_links).toEqual([{ ticket_id: 4, name: 'Cortesía', link: expect.stringMatching(/^\/prueba-api\?ticket=4&access=[\w-]{22}$/) }]);
    const renamed = { ...fixture, event: { ...fixture.event, name: 'Prueba API 2' } };
    const updated = await put(t, 'prueba-api', renamed);
    expect(updated.statusCode).toBe(200);
    expect(body(updated).version).toBe(2);
    expect(body(await t.app.inject('/api/event/prueba-api')).event.name).toBe('Prueba API 2');
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await put(t, 'prueba-api', fixture, null)).statusCode).toBe(401);
    const wrong = await put(t, 'prueba-api', fixture, 'otro-token');
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).mensaje).toBe('No autorizado. Inicia sesión nuevamente.');
  });

  it('refuses an invalid file with every problem as pointer + sentence', async () => {
    const broken = { ...fixture, tickets: [{ ...fixture.tickets[0], price: -5 }] };
    const res = await put(t, 'prueba-api', broken);
    expect(res.statusCode).toBe(400);
    expect(body(res).problems).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/tickets/0/price' })]));
    expect((await put(t, 'otra-url', fixture)).statusCode).toBe(400);
  });

  it('refuses an attendee pattern with catastrophic backtracking, ^([a-z0-9]+)+$, with 400 and the sentence', async () => {
    const form = [...fixture.tickets[0].form!, { id: 'usuario', type: 'text', label: 'Usuario', validation: { pattern: { value: '^([a-z0-9]+)+$', message: 'Solo minúsculas' } } }];
    const risky = { ...fixture, tickets: [{ ...fixture.tickets[0], form }, ...fixture.tickets.slice(1)] };
    const res = await put(t, 'prueba-api', risky);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'EVENT_INVALID', mensaje: expect.stringMatching(/\S/) });
    expect(body(res).problems).toEqual([
      { pointer: '/tickets/0/form/2/validation/pattern/value', message: expect.stringMatching(/^esta expresión regular puede tardar muchísimo/) },
    ]);
  });

  it('keeps sold and held stock across re-imports and refuses a capacity below it', async () => {
    const token = await t.botToken();
    const held = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token, tickets: [{ ticket_id: 2, cantidad: 4 }] } });
    expect(held.statusCode).toBe(200);
    const tooSmall = { ...fixture, tickets: fixture.tickets.map((x) => (x.id === 2 ? { ...x, capacity: 3 } : x)) };
    const refused = await put(t, 'prueba-api', tooSmall);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).mensaje).toBe('La capacidad de «VIP» (3) es menor que lo ya vendido o apartado (4).');
    // Dropping the ticket type from the file deactivates it; the hold still points at it and reload works.
    const withoutVip = {
      ...fixture,
      tickets: fixture.tickets.filter((x) => x.id !== 2),
      discount_codes: fixture.discount_codes.filter((d) => d.code !== 'SOLOVIP'),
    };
    expect((await put(t, 'prueba-api', withoutVip)).statusCode).toBe(200);
    expect(body(await t.app.inject('/api/event/prueba-api')).tickets.map((x: { id: number }) => x.id)).not.toContain(2);
    const reload = await t.app.inject({ url: `/api/payments/purchase/${body(held).purchase_id}`, headers: { 'x-purchase-key': body(held).access_key } });
    expect(body(reload).reload.tickets[0]).toMatchObject({ ticket_id: 2, cantidad: 4 });
    // Bringing it back with a larger capacity keeps the 4 held units counted.
    const back = { ...fixture, tickets: fixture.tickets.map((x) => (x.id === 2 ? { ...x, capacity: 6 } : x)) };
    expect((await put(t, 'prueba-api', back)).statusCode).toBe(200);
    expect(body(await t.app.inject('/api/event/prueba-api')).tickets[1]).toMatchObject({ id: 2, maximum: 2 });
  });
});

describe.skipIf(skipDatabase)('admin API without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: undefined });
  });
  afterAll(() => t.close());

  it('takes operator sessions only: a bearer token gets 401', async () => {
    const res = await put(t, 'prueba-api', fixture);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('UNAUTHORIZED');
  });
});
