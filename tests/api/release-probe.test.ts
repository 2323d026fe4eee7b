import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/**
 * Run-out holds are released by the next purchase of the event, except within a second of a probe
 * that found none (services/stock.service.ts); "sold out" is still only answered after releasing them all.
 */
const eventFile = {
  url: 'probe',
  hold_minutes: 15,
  event: { name: 'Sondeo', config: { comission_percentage: 0.1, absorb: 'customer' } },
  tickets: [{ id: 1, name: 'General', price: 100, minimum: 1, maximum: 10, capacity: 10 }],
};

describe.skipIf(skipDatabase)('releasing run-out holds', () => {
  let t: TestApp;
  const buy = async (cantidad: number) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'probe', code: null, identificador: null, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad }] } });
  const held = async () => Number((await t.ctx.db.kysely.selectFrom('ticket_types').select('held').executeTakeFirstOrThrow()).held);
  const runOut = (id: string) => t.ctx.db.kysely.updateTable('purchases').set({ stock_until: new Date(t.ctx.now().getTime() - 1000).toISOString() }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(eventFile);
  });
  afterAll(() => t.close());

  it('a hold that ran out just after a probe found none is released by the first purchase a second later', async () => {
    const first = body(await buy(2)).purchase_id as string;
    expect(await held()).toBe(2);
    await runOut(first);
    t.advance(200);
    expect((await buy(1)).statusCode).toBe(200);
    // Within the quiet second: still counted (and subtracted by every read of availability).
    expect(await held()).toBe(3);
    t.advance(1000);
    expect((await buy(1)).statusCode).toBe(200);
    expect(await held()).toBe(2);
  });

  it('within the quiet second, a purchase that finds the type short releases the run-out holds and is served', async () => {
    t.advance(2000);
    const big = body(await buy(8)).purchase_id as string; // 2 + 8 = 10 held: sold out for now
    expect(await held()).toBe(10);
    expect((await buy(1)).statusCode).toBe(409);
    await runOut(big);
    t.advance(100);
    expect((await buy(3)).statusCode).toBe(200);
    expect(await held()).toBe(5);
  });
});
