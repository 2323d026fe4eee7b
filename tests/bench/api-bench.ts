import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { issueSandboxToken } from '../../src/server/services/bot-check.service';
import { importEvent } from '../../src/server/services/event-import.service';
import { startServerProcess } from '../support/server-process';

const SECRET = 'bench-secret';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const benchEvent = {
  url: 'bench',
  hold_minutes: 15,
  event: { name: 'Bench', config: { comission_percentage: 0.1, absorb: 'customer' } },
  tickets: [{ id: 1, name: 'General', price: 350, minimum: 1, maximum: 10, capacity: 10_000_000, md: true, md_quantity: 10, md_ispercentage: true, md_minimum: 4 }],
  discount_codes: [{ code: 'DEMO10', percent: 10 }],
};

interface Figures { label: string; rps: number; p50: number; p99: number; non2xx: number; total: number }

async function run(label: string, url: string, body: () => string): Promise<Figures> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
  });
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, total: result.requests.total };
}

/** new-purchase on SQLite (a real server process) beside a bare Fastify route; prints both and the ratio. */
export async function benchApi(): Promise<void> {
  const file = join(tmpdir(), `checkout-bench-${process.pid}.sqlite`);
  const databaseUrl = `sqlite:${file}`;
  const config = readConfig({}, { databaseUrl, signingSecret: SECRET });
  const db = openDatabase(databaseUrl);
  await migrateToLatest(db);
  const ctx = { db, config, now: () => new Date() };
  await importEvent(ctx, benchEvent);
  await db.kysely.destroy();

  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000000', HOLD_MAX_UNITS_PER_CLIENT: '100000000', LOG_LEVEL: 'error' });
  const bare = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-fastify.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const bareUrl = await new Promise<string>((resolve) => bare.stdout!.on('data', (c: Buffer) => {
    const m = /(http:\/\/localhost:\d+)/.exec(c.toString());
    if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
  }));
  try {
    const purchaseBody = () => JSON.stringify({
      url: 'bench', code: 'DEMO10', identificador: null, token: issueSandboxToken(ctx, 'new_purchase'),
      tickets: [{ ticket_id: 1, cantidad: 4 }],
    });
    const baseline = await run('bare Fastify JSON route', `${bareUrl}/bare`, () => '{}');
    const purchase = await run('POST /api/payments/new-purchase (SQLite)', `${server.baseUrl}/api/payments/new-purchase`, purchaseBody);
    console.log(`\nAPI throughput, ${CONNECTIONS} connections, ${DURATION_S} s each (same machine, same run)`);
    console.table([baseline, purchase].map((f) => ({
      route: f.label, 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99, requests: f.total, 'non-2xx': f.non2xx,
    })));
    console.log(`new-purchase runs at ${((purchase.rps / baseline.rps) * 100).toFixed(1)} % of the bare route's throughput (each call: bot-token check, stock lock, pricing, 2 inserts).`);
  } finally {
    bare.kill();
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}
