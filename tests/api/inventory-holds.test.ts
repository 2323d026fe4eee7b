import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { readConfig } from '../../src/server/config';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/** A 500-unit General like the demo's, and the event's own hold limits when given. */
function eventFile(url: string, holdLimits?: Record<string, number>) {
  const file = structuredClone(fixture) as Record<string, any>;
  file.url = url;
  file.tickets[0].capacity = 500;
  if (holdLimits) file.hold_limits = holdLimits;
  return file;
}

/** One client (one address) cannot hold an event hostage with many small orders. */
describe.skipIf(skipDatabase)('per-client cap on held tickets', () => {
  let t: TestApp;
  const hold = async (url: string, cantidad: number, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', remoteAddress, payload: { url, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad }] } });

  beforeAll(async () => {
    // The server's real defaults (the test app otherwise lifts them).
    t = await createTestApp({ holdLimits: readConfig({}).holdLimits });
    await t.importEvent(eventFile('retenciones-default'));
    await t.importEvent(eventFile('retenciones-cinco', { max_units_per_client: 5 }));
  });
  afterAll(() => t.close());

  it('by default: 51 orders of 10 from one address hold 40 units, not all 500; another address still buys', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await hold('retenciones-default', 10)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    const refused = await hold('retenciones-default', 1);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({
      code: 'HOLD_LIMIT_REACHED',
      mensaje: 'Desde tu conexión ya hay 40 entrada(s) apartadas sin pagar para este evento y el máximo es 40. Paga o deja vencer esas compras antes de apartar más.',
    });
    expect((await hold('retenciones-default', 10, '198.51.100.2')).statusCode).toBe(200);
    expect(body(await t.app.inject('/api/event/retenciones-default')).tickets[0].maximum).toBe(10);
  });

  it('uses the event file\'s own cap, frees the client when its holds run out', async () => {
    expect((await hold('retenciones-cinco', 4)).statusCode).toBe(200);
    expect((await hold('retenciones-cinco', 2)).statusCode).toBe(409);
    expect((await hold('retenciones-cinco', 1)).statusCode).toBe(200);
    expect((await hold('retenciones-cinco', 1, '198.51.100.3')).statusCode).toBe(200);
    t.advance(16 * 60_000);
    expect((await hold('retenciones-cinco', 5)).statusCode).toBe(200);
  });
});
