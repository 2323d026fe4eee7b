import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { runStockCheck } from '../../src/server/cli/stock-check';
import { checkStock } from '../../src/server/services/stock-check.service';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

/**
 * The held counters stay equal to a recount from the purchase rows while holds run out and new
 * buyers arrive at once: the first buyers after an expiry release the old holds, and sold-out
 * answers come only when capacity − sold − live holds is really short.
 */
describe.skipIf(skipDatabase)(`held-stock counters on ${testDialect}`, () => {
  let t: TestApp;
  const url = 'contadores';
  const limited = async () => (await t.ctx.db.kysely.selectFrom('ticket_types').select(['id', 'held', 'sold']).where('external_id', '=', 5).executeTakeFirstOrThrow());
  /** `n` buyers at once, one unit of «Limitado» (capacity 50) each; the status codes. */
  const burst = async (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url, token: await t.botToken(), tickets: [{ ticket_id: 5, cantidad: 1 }] } });
        return { status: res.statusCode, body: body(res) };
      }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent({ ...structuredClone(fixture), url });
  });
  afterAll(() => t.close());

  it('counters equal the recount after bursts that overlap expiries; stock:check agrees, and spots a tampered counter', async () => {
    const first = await burst(40);
    expect(first.every((r) => r.status === 200)).toBe(true);
    // Products move their own counters, by the difference when a purchase changes them.
    const { purchase_id, access_key } = first[0].body;
    const products = (cantidad: number) =>
      t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', headers: { 'x-purchase-key': access_key }, payload: { purchase_id, productos: [{ id: 2, cantidad, opciones: {} }] } });
    expect((await products(3)).statusCode).toBe(200);
    expect((await products(1)).statusCode).toBe(200);

    t.advance(10 * 60_000);
    const second = await burst(20);
    expect(second.filter((r) => r.status === 200)).toHaveLength(10);
    expect(second.filter((r) => r.status === 409)).toHaveLength(10);

    // The first 40 run out now (16 minutes old); the 10 of the second burst are still held.
    t.advance(6 * 60_000);
    const third = await burst(60);
    expect(third.filter((r) => r.status === 200)).toHaveLength(40);
    expect(third.filter((r) => r.status === 409)).toHaveLength(20);
    expect(await limited()).toMatchObject({ held: 50, sold: 0 });

    const lines = await checkStock(t.ctx.db.kysely, (await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id);
    for (const line of lines) {
      expect(line.held).toBe(line.heldRecount);
      expect(line.sold).toBe(line.soldRecount);
    }
    // The products of the expired first purchase were released with its tickets.
    expect(lines.find((l) => l.kind === 'product' && l.id === 2)).toMatchObject({ held: 0, heldRecount: 0 });
    expect(body(await t.app.inject(`/api/event/${url}`)).tickets.find((x: { id: number }) => x.id === 5).maximum).toBe(0);

    process.env.DATABASE_URL = t.databaseUrl;
    try {
      const out: string[] = [];
      expect(await runStockCheck([url], (l) => out.push(l))).toBe(0);
      expect(out).toContain('ticket 5 «Limitado»: held 50 (recount 50), sold 0 (recount 0), left 0');
      expect(out.at(-1)).toBe(`${url}: the counters match the recount`);

      const { id } = await limited();
      await t.ctx.db.kysely.updateTable('ticket_types').set((eb) => ({ held: eb('held', '+', 1) })).where('id', '=', id).execute();
      const tampered: string[] = [];
      expect(await runStockCheck([url], (l) => tampered.push(l))).toBe(1);
      expect(tampered).toContain('ticket 5 «Limitado»: held 51 (recount 50), sold 0 (recount 0), left -1  ← DIFFERS');
      expect(tampered.at(-1)).toBe(`${url}: 1 counter(s) differ from the recount`);
      await t.ctx.db.kysely.updateTable('ticket_types').set((eb) => ({ held: eb('held', '-', 1) })).where('id', '=', id).execute();

      expect(await runStockCheck(['no-existe'], () => {})).toBe(1);
      expect(await runStockCheck([], () => {})).toBe(1);
    } finally {
      delete process.env.DATABASE_URL;
    }
  });
});
