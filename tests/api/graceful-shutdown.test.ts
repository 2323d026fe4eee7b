import { request as httpRequest, Agent } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { runStockCheck } from '../../src/server/cli/stock-check';
import { checkStock } from '../../src/server/services/stock-check.service';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

const SECRET = 'secreto-compartido-de-prueba';
const BUYERS = 240;
const CONNECTIONS = 16;
const event = { ...fixture, tickets: fixture.tickets.map((t) => (t.id === 5 ? { ...t, capacity: 100_000 } : t)) };

type Outcome = { answered: true; status: number; purchaseId?: string; afterSignal: boolean } | { answered: false; error: string };

/** One POST over the shared keep-alive agent: a complete answer (status and whole JSON body), or the socket's error. */
function post(agent: Agent, baseUrl: string, path: string, payload: unknown, signalled: () => boolean): Promise<Outcome> {
  const url = new URL(path, baseUrl);
  const data = JSON.stringify(payload);
  return new Promise((resolve) => {
    const req = httpRequest(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const json = JSON.parse(text) as { purchase_id?: string };
          resolve({ answered: true, status: res.statusCode!, purchaseId: json.purchase_id, afterSignal: signalled() });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ answered: false, error: `mid-answer: ${error.code ?? error.message}` }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ answered: false, error: error.code ?? error.message }));
    req.end(data);
  });
}

/**
 * A deploy sends SIGTERM while buyers are holding tickets. The process must stop accepting,
 * answer every request it had already read, stop its timers and close the database, and
 * leave no held stock without its buyer having been told (every purchase row in the database
 * is one whose 200 answer reached its buyer). The server logs each request it reads and each
 * answer it completes (LOG_LEVEL=debug), so "accepted" is what the server itself saw: a request
 * still in a socket's buffer when the server closed that idle keep-alive connection, or a
 * connection refused after close, never reached it.
 */
describe.skipIf(skipDatabase)(`SIGTERM during a burst of new purchases (${testDialect})`, () => {
  let t: TestApp;
  let server: ServerProcess;

  beforeAll(async () => {
    t = await createTestApp({ signingSecret: SECRET });
    await t.importEvent(event);
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000', LOG_LEVEL: 'debug',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('answers every request it accepted, exits 0 with the database closed, and leaks no stock', async () => {
    // For the server process (same SIGNING_SECRET, so the same reCAPTCHA sandbox keys), reached at 127.0.0.1.
    const tokens = await Promise.all(Array.from({ length: BUYERS }, () => t.botToken('new_purchase', '127.0.0.1')));
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const outcomes: Outcome[] = [];
    let signalled = false;
    let next = 0;
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++];
        const outcome = await post(agent, server.baseUrl, '/api/payments/new-purchase', { url: 'prueba-api', code: null, identificador: null, token, tickets: [{ ticket_id: 5, cantidad: 1 }] }, () => signalled);
        outcomes.push(outcome);
        if (!signalled && outcomes.filter((o) => o.answered).length >= 40) {
          signalled = true;
          server.signal('SIGTERM');
        }
        // Once the server is gone a buyer stops; the others still in flight finish on their own.
        if (!outcome.answered) return;
      }
    });
    await Promise.all(workers);
    const exitCode = await server.exited;
    agent.destroy();

    expect(signalled).toBe(true);
    expect(exitCode).toBe(0);
    expect(server.output()).toContain('Server stopped: requests answered and database closed.');

    const answered = outcomes.filter((o): o is Extract<Outcome, { answered: true }> => o.answered);
    const failed = outcomes.filter((o): o is Extract<Outcome, { answered: false }> => !o.answered);
    // Requests were in flight when the signal came, and they were answered after it.
    expect(answered.filter((o) => o.afterSignal).length).toBeGreaterThan(0);
    expect(answered.every((o) => o.status === 200)).toBe(true);
    // A request fails only at the connection (refused after close, or sent on an idle connection the
    // server was closing), never half way through an answer.
    for (const f of failed) expect(f.error).toMatch(/^(ECONNREFUSED|ECONNRESET|EPIPE|socket hang up)$/);

    // What the server read it answered: its own log of requests read and answers completed agrees with the client.
    const lines = server.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string } });
    const read = lines.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/payments/new-purchase').map((l) => l.reqId);
    const completed = new Set(lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId));
    expect(read.length).toBe(answered.length);
    expect(read.filter((id) => !completed.has(id))).toEqual([]);

    // No stock leaked: the purchases held are exactly those whose buyers got their 200, one unit each.
    const purchases = await t.ctx.db.kysely.selectFrom('purchases').select('id').execute();
    expect(purchases.map((p) => p.id).sort()).toEqual(answered.map((o) => o.purchaseId).sort());
    const lines5 = await t.ctx.db.kysely
      .selectFrom('purchase_lines as l')
      .leftJoin('purchases as p', 'p.id', 'l.purchase_id')
      .select(['l.quantity', 'p.id as purchase'])
      .execute();
    expect(lines5.filter((l) => l.purchase === null)).toEqual([]);
    expect(lines5.reduce((sum, l) => sum + Number(l.quantity), 0)).toBe(answered.length);
    // The held counters the stop left behind equal stock:check's recount from those rows.
    const { id: eventId } = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', 'prueba-api').executeTakeFirstOrThrow();
    const stock = await checkStock(t.ctx.db.kysely, eventId);
    expect(stock.find((l) => l.kind === 'ticket' && l.id === 5)).toMatchObject({ held: answered.length, heldRecount: answered.length, sold: 0, soldRecount: 0 });
    expect(stock.filter((l) => l.held !== l.heldRecount || l.sold !== l.soldRecount)).toEqual([]);
    process.env.DATABASE_URL = t.databaseUrl;
    try {
      const report: string[] = [];
      expect(await runStockCheck(['prueba-api'], (line) => report.push(line))).toBe(0);
      expect(report.at(-1)).toBe('prueba-api: the counters match the recount');
    } finally {
      delete process.env.DATABASE_URL;
    }

    // A PostgreSQL deployment is the one that runs replicas: without REDIS_URL it was warned at start.
    if (testDialect === 'postgres') expect(server.output()).toContain('set REDIS_URL');
    else expect(server.output()).not.toContain('set REDIS_URL');
  }, 120_000);
});

/**
 * A connection busy with a request when the server starts closing (a load balancer's pooled
 * connection) is answered, told `Connection: close`, and ended: the close does not wait out
 * the keep-alive timeout (72 s). PostgreSQL only: a table lock holds the request in flight
 * without blocking the event loop (SQLite's busy wait would).
 */
describe.skipIf(skipDatabase || testDialect !== 'postgres')('closing while a kept-alive connection is busy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signingSecret: SECRET });
    await t.importEvent(event);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers the request in flight with Connection: close, then closes at once', async () => {
    const address = t.app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The page was on the address the request goes to: a reCAPTCHA token names its page's host.
    const token = await t.botToken('new_purchase', '127.0.0.1');
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    // Ended on a failed assertion too: its lock would otherwise outlive the test (ending twice is harmless).
    onTestFinished(() => locker.end());
    await locker.query('begin');
    await locker.query('lock table events in access exclusive mode');
    let answered: { status: number; connection?: string; body: string } | undefined;
    const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      const data = JSON.stringify({ url: 'prueba-api', code: null, identificador: null, token, tickets: [{ ticket_id: 5, cantidad: 1 }] });
      const req = httpRequest({ agent, host: '127.0.0.1', port: new URL(baseUrl).port, path: '/api/payments/new-purchase', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve((answered = { status: res.statusCode!, connection: res.headers.connection, body: text })));
      });
      req.on('error', reject);
      req.end(data);
    });
    const waiting = async () => Number((await locker.query(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0].n);
    while ((await waiting()) < 1) {
      // A request answered before it reached the lock (refused by the bot check, say) leaves nothing to wait for.
      expect(answered).toBeUndefined();
      await new Promise((r) => setTimeout(r, 20));
    }

    const closed = t.app.close();
    await locker.query('rollback');
    await locker.end();
    expect(await answer).toMatchObject({ status: 200, connection: 'close' });
    await closed;
    agent.destroy();
  });
});
