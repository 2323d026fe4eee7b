import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

/**
 * A plain hold on PostgreSQL is one call of `checkout_hold_at_version` (migrations 20261128_0022 and
 * 20261129_0024); SQLite runs the same steps as one transaction. Both must refuse the same way and leave nothing behind.
 */
const eventFile = {
  url: 'one-call',
  event: { name: 'Una llamada', config: { comission_percentage: 0.1, absorb: 'customer' } },
  hold_limits: { max_units_per_client: 6 },
  tickets: [
    { id: 1, name: 'General', price: 100, minimum: 1, maximum: 10, capacity: 100 },
    { id: 2, name: 'Palco', price: 500, minimum: 1, maximum: 10, capacity: 3 },
  ],
  discount_codes: [{ code: 'SIN-LIMITE', percent: 10 }],
};

describe.skipIf(skipDatabase)('a plain hold in one call', () => {
  let t: TestApp;
  const purchase = (token: string, tickets: { ticket_id: number; cantidad: number }[], ip = '203.0.113.1', code: string | null = null) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', remoteAddress: ip, payload: { url: 'one-call', code, identificador: null, token, tickets } });
  const rows = async () => {
    const purchases = await t.ctx.db.kysely.selectFrom('purchases').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const held = await t.ctx.db.kysely.selectFrom('ticket_types').select(['external_id', 'held']).orderBy('external_id').execute();
    return { purchases: Number(purchases.n), held: held.map((r) => Number(r.held)) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(eventFile);
  });
  afterAll(() => t.close());

  it('holds both lines, with the discount, and writes purchase, lines and key', async () => {
    const res = await purchase(await t.botToken(), [{ ticket_id: 2, cantidad: 1 }, { ticket_id: 1, cantidad: 2 }], '203.0.113.1', 'sin-limite');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 'SIN-LIMITE', amountDiscount: 70 });
    const id = body(res).purchase_id as string;
    const lines = await t.ctx.db.kysely.selectFrom('purchase_lines').select(['item_id', 'quantity']).where('purchase_id', '=', id).execute();
    expect(lines).toHaveLength(2);
    const key = await t.ctx.db.kysely.selectFrom('purchase_access_keys').select('issued_to').where('purchase_id', '=', id).executeTakeFirstOrThrow();
    expect(key.issued_to).toBe('browser');
    expect(await rows()).toEqual({ purchases: 1, held: [2, 1] });
  });

  it('sold out: 409 naming the type, nothing written, the token still spent', async () => {
    const token = await t.botToken();
    const res = await purchase(token, [{ ticket_id: 1, cantidad: 1 }, { ticket_id: 2, cantidad: 3 }], '203.0.113.2');
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'SOLD_OUT', mensaje: expect.stringContaining('Palco') });
    expect(await rows()).toEqual({ purchases: 1, held: [2, 1] });
    const again = await purchase(token, [{ ticket_id: 1, cantidad: 1 }], '203.0.113.2');
    expect(again.statusCode).toBe(403);
    expect(body(again).code).toBe('BOT_CHECK_FAILED');
  });

  it('past the per-client cap: 409 with the units held, nothing written', async () => {
    expect((await purchase(await t.botToken(), [{ ticket_id: 1, cantidad: 5 }], '203.0.113.3')).statusCode).toBe(200);
    const res = await purchase(await t.botToken(), [{ ticket_id: 1, cantidad: 2 }], '203.0.113.3');
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'HOLD_LIMIT_REACHED' });
    expect(body(res).mensaje).toMatch(/5/);
    expect(await rows()).toEqual({ purchases: 2, held: [7, 1] });
  });

  it('a token used twice: the second answer is 403 and writes nothing', async () => {
    const token = await t.botToken();
    expect((await purchase(token, [{ ticket_id: 1, cantidad: 1 }], '203.0.113.4')).statusCode).toBe(200);
    const before = await rows();
    const res = await purchase(token, [{ ticket_id: 1, cantidad: 1 }], '203.0.113.5');
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it.skipIf(testDialect !== 'postgres')('PostgreSQL: once the catalogue and code are kept, a purchase is the hold call alone', async () => {
    // The first purchase keeps the catalogue and the code; the second one's queries are counted.
    expect((await purchase(await t.botToken(), [{ ticket_id: 1, cantidad: 1 }], '203.0.113.6', 'SIN-LIMITE')).statusCode).toBe(200);
    const token = await t.botToken();
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    // Observes what the pool's clients send (and passes every call on unchanged).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      // The reCAPTCHA sandbox's siteverify shares the test's database: its statements are the stand-in's, not the purchase's.
      if (text && !/sandbox_recaptcha_spent_tokens/.test(text)) sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      expect((await purchase(token, [{ ticket_id: 1, cantidad: 1 }], '203.0.113.7', 'SIN-LIMITE')).statusCode).toBe(200);
    } finally {
      pg.Client.prototype.query = query;
    }
    // The hold itself, and at most the probe for run-out holds (it rests a second after finding none).
    expect(sent.filter((s) => /checkout_hold_at_version/.test(s))).toHaveLength(1);
    expect(sent.some((s) => /"version"/.test(s))).toBe(false);
    expect(sent.some((s) => /^\s*(begin|commit)/i.test(s))).toBe(false);
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('an import between two purchases: the next one is priced and held with the new catalogue', async () => {
    const newType = { id: 3, name: 'Nueva', price: 80, minimum: 1, maximum: 10, capacity: 5 };
    expect((await purchase(await t.botToken(), [{ ticket_id: 1, cantidad: 1 }], '203.0.113.8')).statusCode).toBe(200);
    // A type the kept catalogue does not have: its "unknown ticket" is not the answer.
    await t.importEvent({ ...eventFile, tickets: [...eventFile.tickets, newType] });
    const added = await purchase(await t.botToken(), [{ ticket_id: 3, cantidad: 2 }], '203.0.113.9');
    expect(added.statusCode).toBe(200);
    const held = await t.ctx.db.kysely.selectFrom('ticket_types').select('held').where('external_id', '=', 3).executeTakeFirstOrThrow();
    expect(Number(held.held)).toBe(2);
    // A new price: the hold call finds the version changed, and the order is priced again.
    await t.importEvent({ ...eventFile, tickets: [{ ...eventFile.tickets[0], price: 150 }, eventFile.tickets[1], newType] });
    const repriced = await purchase(await t.botToken(), [{ ticket_id: 1, cantidad: 1 }], '203.0.113.10');
    expect(repriced.statusCode).toBe(200);
    expect(body(repriced).amount).toBe(165); // 150 and its 10 % commission (the old price gave 110)
  });
});
