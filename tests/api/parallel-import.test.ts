import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

const ADMIN = 'token-de-prueba-admin';
const put = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/events/prueba-api', payload: payload as object, headers: { authorization: `Bearer ${ADMIN}` } });

/**
 * Parallel imports of one event (an operator's retrying script, two admins at once) queue
 * behind each other: none fails on the unique url, and every import gets its own version.
 */
describe.skipIf(skipDatabase)(`parallel imports of one event on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  it('8 parallel first imports: one creates, the rest update, versions 1..8', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => put(t, fixture)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(results.filter((r) => body(r).created)).toHaveLength(1);
    expect(results.map((r) => body(r).version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const events = await t.ctx.db.kysely.selectFrom('events').select(['url', 'version']).execute();
    expect(events).toEqual([{ url: 'prueba-api', version: 8 }]);
  });

  it('8 parallel re-imports get distinct, increasing versions 9..16', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => put(t, { ...fixture, event: { ...fixture.event, name: `Prueba ${i}` } })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results.map((r) => body(r).version).sort((a, b) => a - b)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    // The event holds what the import with the highest version wrote.
    const last = results.find((r) => body(r).version === 16)!;
    const index = results.indexOf(last);
    expect(body(await t.app.inject('/api/event/prueba-api')).event.name).toBe(`Prueba ${index}`);
  });
});
