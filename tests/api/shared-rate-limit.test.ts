import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { redisServerOrSkip, startRedis, type ThrowawayRedis } from '../support/redis-server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

const redisBin = redisServerOrSkip('shared rate limits');
const LIMIT = 10;

/**
 * Replicas behind a load balancer must not each allow the whole limit: with REDIS_URL the two
 * server processes count one client in one Redis, so the limit holds in total.
 */
describe.skipIf(skipDatabase || !redisBin)(`rate limits shared through Redis by two server processes (${testDialect})`, () => {
  let t: TestApp;
  let redis: ThrowawayRedis;
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
    redis = await startRedis(redisBin!);
    env = { DATABASE_URL: t.databaseUrl, REDIS_URL: redis.url, RATE_LIMIT_MAX: String(LIMIT) };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  // A server that stops answering mid-test leaves only "fetch failed" behind: its own log says why.
  beforeEach(() => {
    onTestFailed(() => {
      for (const [i, s] of servers.entries()) console.error(`server ${i} (alive: ${s.alive()}) printed:\n${s.output()}`);
    });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
    await t?.close();
  });

  const discount = (server: ServerProcess) =>
    fetch(`${server.baseUrl}/api/payments/verify-discount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'prueba-api', code: 'DEMO10', tickets: [{ ticket_id: 1, cantidad: 1 }] }),
    });

  it(`lets one client through ${LIMIT} times in total across both processes, not ${LIMIT} per process`, async () => {
    const answers: { server: number; status: number; code?: string }[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      const res = await discount(servers[i % 2]);
      answers.push({ server: i % 2, status: res.status, code: ((await res.json()) as { code?: string }).code });
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2 * LIMIT);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.code).toBe('RATE_LIMITED');
    // Each process refuses once the other one's answers have used the shared budget up.
    expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.server))).toEqual(new Set([0, 1]));
    expect(answers.slice(0, LIMIT).every((a) => a.status === 200)).toBe(true);
  });

  it('keeps serving while Redis is away (uncounted, never a 500 or a wait), and a new process refuses to start without it', async () => {
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) statuses.push((await fetch(`${servers[i % 2].baseUrl}/api/payments/purchase/no-existe`)).status);
    expect(statuses).toEqual(Array(2 * LIMIT).fill(404));
    expect(servers.every((s) => s.alive())).toBe(true);
    // A wrong or unreachable REDIS_URL at start is a configuration error an operator must see.
    await expect(startServerProcess(env)).rejects.toThrow(/Could not connect to the Redis of the rate limits \(REDIS_URL\)/);
  });
});
