import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/** The load balancer's probes (the database outage itself: database-outage.test.ts). */
describe.skipIf(skipDatabase)('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Tiny limits everywhere: a probe must never count against any of them.
    t = await createTestApp({ rateLimitMax: 2, rateLimitReadMax: 2, rateLimitPdfMax: 2, rateLimitAdminMax: 2, rateLimitWebhookMax: 2 });
  });
  afterAll(() => t.close());

  it('health answers {status: ok}, readiness {status: ready} on a migrated database, uncached', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(body(health)).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not rate limited: a balancer probing often never gets 429', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    }
  });

  it('answers 503 MIGRATIONS_PENDING while the database lacks a migration this code needs', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.ctx.db.kysely);
    const [last] = rows;
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.ctx.db.kysely);
    try {
      const res = await t.app.inject({ url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ code: 'MIGRATIONS_PENDING', mensaje: 'The database still lacks 1 migration(s) this server needs.' });
      // Liveness does not depend on the database: the process itself is fine.
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(t.ctx.db.kysely);
    }
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  });
});
