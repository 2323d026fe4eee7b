import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { botCheckSandboxKeys } from '../../sandbox/bot-check';
import { issueToken } from '../../sandbox/bot-check/tokens';

const SECRET = 'secreto-compartido-de-prueba';
const CALLS = 200;

/**
 * Stock is never oversold: 200 buyers at once, spread over two server processes that
 * share one database, race for a ticket type of capacity 50 (one unit per order).
 */
describe.skipIf(skipDatabase)(`concurrent holds on ${testDialect} with two server processes`, () => {
  let t: TestApp;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ signingSecret: SECRET });
    await t.importEvent(fixture);
    // The on-sale: a 500-seat type (one per order) for the 2,000-buyer race on PostgreSQL.
    await t.importEvent({ ...structuredClone(fixture), url: 'preventa-masiva', tickets: fixture.tickets.map((x) => (x.id === 5 ? { ...x, capacity: 500 } : x)) });
    // TRUST_PROXY: the 2,000 buyers below come from 2,000 addresses (through a trusted proxy), as an on-sale crowd does.
    const env = { DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000', TRUST_PROXY: '127.0.0.1' };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t.close();
  });

  it(`holds exactly 50 units out of ${CALLS} simultaneous new-purchase calls; the rest get 409`, async () => {
    // The servers are reached at 127.0.0.1: a reCAPTCHA token names the host its page was on.
    const tokens = await Promise.all(Array.from({ length: CALLS }, () => t.botToken('new_purchase', '127.0.0.1')));
    const responses = await Promise.all(
      tokens.map(async (token, i) => {
        const res = await fetch(`${servers[i % 2].baseUrl}/api/payments/new-purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'prueba-api', code: null, identificador: null, token, tickets: [{ ticket_id: 5, cantidad: 1 }] }),
        });
        return { status: res.status, body: (await res.json()) as { mensaje?: string; code?: string } };
      }),
    );
    // The tally first, so a failure says what the other answers were.
    const tally: Record<string, number> = {};
    for (const { status, body } of responses) {
      const answer = status === 200 ? '200' : `${status} ${body.code}`;
      tally[answer] = (tally[answer] ?? 0) + 1;
    }
    expect(tally).toEqual({ '200': 50, '409 SOLD_OUT': CALLS - 50 });
    const conflicts = responses.filter((r) => r.status === 409);
    for (const conflict of conflicts) expect(conflict.body.mensaje).toBe('Las entradas «Limitado» ya no están disponibles en la cantidad solicitada.');

    const held = await t.ctx.db.kysely
      .selectFrom('purchase_lines as l')
      .innerJoin('ticket_types as tt', 'tt.id', 'l.item_id')
      .select((eb) => eb.fn.sum<number | string>('l.quantity').as('units'))
      .where('tt.external_id', '=', 5)
      .where('l.kind', '=', 'ticket')
      .executeTakeFirstOrThrow();
    expect(Number(held.units)).toBe(50);
  }, 120_000);

  // PostgreSQL takes each unit with a conditional update of the ticket type's row (no event-wide
  // lock): 2,000 buyers at once across the two processes still end with exactly 500 held.
  it.skipIf(testDialect !== 'postgres')('2,000 simultaneous buyers across two processes for a 500-seat type: exactly 500 held, counters equal the recount', async () => {
    const buyers = 2_000;
    const statuses = await Promise.all(
      Array.from({ length: buyers }, async (_, i) => {
        const res = await fetch(`${servers[i % 2].baseUrl}/api/payments/new-purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ url: 'preventa-masiva', code: null, identificador: null, token: issueToken(SECRET, { siteKey: botCheckSandboxKeys(SECRET).siteKey, action: 'new_purchase', hostname: '127.0.0.1' }, new Date()), tickets: [{ ticket_id: 5, cantidad: 1 }] }),
        });
        const answer = (await res.json()) as { code?: string };
        return res.status === 200 ? '200' : `${res.status} ${answer.code}`;
      }),
    );
    const tally: Record<string, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    expect(tally).toEqual({ '200': 500, '409 SOLD_OUT': buyers - 500 });

    const row = await t.ctx.db.kysely
      .selectFrom('ticket_types as tt')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .where('e.url', '=', 'preventa-masiva')
      .where('tt.external_id', '=', 5)
      .select(['tt.id', 'tt.held', 'tt.sold'])
      .executeTakeFirstOrThrow();
    const recount = await t.ctx.db.kysely
      .selectFrom('purchase_lines as l')
      .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
      .where('l.item_id', '=', row.id)
      .where('l.kind', '=', 'ticket')
      .where('p.stock_counted', '=', 1)
      .select((eb) => eb.fn.sum<number | string>('l.quantity').as('units'))
      .executeTakeFirstOrThrow();
    expect({ held: row.held, sold: row.sold, recount: Number(recount.units) }).toEqual({ held: 500, sold: 0, recount: 500 });
  }, 180_000);
});
