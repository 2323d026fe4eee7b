import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

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
    const env = { DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000' };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t.close();
  });

  it(`holds exactly 50 units out of ${CALLS} simultaneous new-purchase calls; the rest get 409`, async () => {
    const tokens = await Promise.all(Array.from({ length: CALLS }, () => t.botToken()));
    const responses = await Promise.all(
      tokens.map(async (token, i) => {
        const res = await fetch(`${servers[i % 2].baseUrl}/api/payments/new-purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'prueba-api', code: null, identificador: null, token, tickets: [{ ticket_id: 5, cantidad: 1 }] }),
        });
        return { status: res.status, body: (await res.json()) as { mensaje?: string } };
      }),
    );
    const ok = responses.filter((r) => r.status === 200);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(ok).toHaveLength(50);
    expect(conflicts).toHaveLength(CALLS - 50);
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
});
