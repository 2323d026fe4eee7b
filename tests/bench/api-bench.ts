import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import autocannon from 'autocannon';
import { readConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { botCheckSandboxKeys } from '../../sandbox/bot-check';
import { issueToken } from '../../sandbox/bot-check/tokens';
import { importEvent } from '../../src/server/services/event-import.service';
import { findPostgresBin, startPostgresCluster } from '../support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { openLoop } from './open-loop';
import { probe } from './probe';
import { countLiveHolds, seedLiveHolds } from './seed-holds';

const SECRET = 'bench-secret';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Live holds seeded before the "crowd" run (BENCH_HOLDS; the issue's figure is 50,000). */
const CROWD = Number(process.env.BENCH_HOLDS ?? 50_000);
/** The offered rate of the latency run (BENCH_RATE): the PostgreSQL goal's 5 × 122 req/s, rounded. */
const OFFERED_RATE = Number(process.env.BENCH_RATE ?? 600);
/** How often the latency run also asks a server for `/api/health`: how it answers what touches no database while purchases pause or drain. */
const HEALTH_EVERY_MS = 10;
/** Seconds of load before each measured run, not counted. */
const WARM_UP_S = 2;
/** Alternating slices per load when the runs without and with the crowd are compared. */
const SLICES = 4;

/** The event the crowd's live holds are seeded into: the bench event under another url. */
const CROWD_EVENT = 'bench-crowd';

const benchEvent = {
  url: 'bench',
  hold_minutes: 15,
  event: { name: 'Bench', config: { comission_percentage: 0.1, absorb: 'customer' } },
  tickets: [{ id: 1, name: 'General', price: 350, minimum: 1, maximum: 10, capacity: 10_000_000, md: true, md_quantity: 10, md_ispercentage: true, md_minimum: 4 }],
  discount_codes: [{ code: 'DEMO10', percent: 10 }],
};

interface Figures { label: string; rps: number; p50: number; p99: number; non2xx: number; total: number; cpuPerRequest?: number; clientCpuPerRequest?: number; holds?: number; load: string; health?: string }

const load = () => `${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
const TICKS_PER_SECOND = 100;

interface RunOptions { headers?: () => Record<string, string>; pids?: (number | undefined)[] }

/**
 * autocannon against one or more servers at once (connections split evenly); throughput summed,
 * latency the worse server's; `pids`: the servers, whose CPU time per answered request is reported.
 */
function cannonFor(urls: string[], body: () => string, options: RunOptions) {
  const headers = options.headers ?? (() => ({}));
  return (url: string, duration: number) => autocannon({
    url,
    method: 'POST',
    connections: Math.round(CONNECTIONS / urls.length),
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...headers() }, body: body() }) }],
  });
}

/** One measured stretch against every server at once: what it answered, and the CPU it cost the servers and this process. */
async function slice(urls: string[], body: () => string, options: RunOptions, seconds: number) {
  const cannon = cannonFor(urls, body, options);
  const cpuBefore = (options.pids ?? []).map(cpuMs);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(urls.map((url) => cannon(url, seconds)));
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = (options.pids ?? []).map(cpuMs);
  const used = cpuAfter.reduce<number | undefined>((sum, after, i) => (sum === undefined || after === undefined || cpuBefore[i] === undefined ? undefined : sum + after - cpuBefore[i]!), 0);
  return {
    total: results.reduce((s, r) => s + r.requests.total, 0),
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    elapsed,
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    serverCpu: options.pids ? used : undefined,
    clientCpu: (client.user + client.system) / 1000,
  };
}
type Slice = Awaited<ReturnType<typeof slice>>;

/** The figures of one or more slices of the same load: requests per second over all of them, the worst p99, the median p50. */
function figuresOf(label: string, slices: Slice[], load: string): Figures {
  const total = slices.reduce((s, x) => s + x.total, 0);
  const serverCpu = slices.every((x) => x.serverCpu !== undefined) ? slices.reduce((s, x) => s + x.serverCpu!, 0) : undefined;
  const p50s = slices.map((x) => x.p50).sort((a, b) => a - b);
  return {
    label,
    rps: slices.length === 1 ? slices[0].rps : total / slices.reduce((s, x) => s + x.elapsed, 0),
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...slices.map((x) => x.p99)),
    non2xx: slices.reduce((s, x) => s + x.non2xx, 0),
    total,
    cpuPerRequest: serverCpu !== undefined && total > 0 ? serverCpu / total : undefined,
    clientCpuPerRequest: total > 0 ? slices.reduce((s, x) => s + x.clientCpu, 0) / total : undefined,
    load,
  };
}

/**
 * A warm-up that is not counted, for every route alike: the first seconds of a fresh process
 * measure V8 compiling the route's code, not the route.
 */
async function warmUp(urls: string[], body: () => string, options: RunOptions): Promise<void> {
  const cannon = cannonFor(urls, body, options);
  await Promise.all(urls.map((url) => cannon(url, WARM_UP_S)));
}

async function run(label: string, urls: string[], body: () => string, options: RunOptions = {}): Promise<Figures> {
  await warmUp(urls, body, options);
  const before = load();
  return figuresOf(label, [await slice(urls, body, options, DURATION_S)], before);
}

/**
 * Two loads measured in alternating slices (a b b a a b b a; `SLICES` each, `DURATION_S` in all
 * per load) after one warm-up each: whatever the machine does meanwhile (it swings ±20 % between runs
 * a minute apart on the 2-core dev VM) falls on both alike, so their ratio is the loads' own.
 */
async function alternating(labels: [string, string], urls: string[], bodies: [() => string, () => string], options: RunOptions): Promise<[Figures, Figures]> {
  for (const body of bodies) await warmUp(urls, body, options);
  const loads = ['', ''];
  const slices: [Slice[], Slice[]] = [[], []];
  for (let i = 0; i < SLICES; i++) {
    // a b, b a, a b, …: neither load always goes first after the other.
    for (const side of i % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      if (i === 0) loads[side] = load();
      slices[side].push(await slice(urls, bodies[side], options, DURATION_S / SLICES));
    }
  }
  return [figuresOf(labels[0], slices[0], loads[0]), figuresOf(labels[1], slices[1], loads[1])];
}

/**
 * `OFFERED_RATE` requests a second on a fixed schedule (open loop, `open-loop.ts`), split between
 * the servers; meanwhile the first server's `GET /api/health` every `HEALTH_EVERY_MS` (`probe.ts`).
 */
async function offered(label: string, urls: string[], body: () => string, options: RunOptions): Promise<Figures> {
  const before = load();
  let cpuBefore: (number | undefined)[] = [];
  let clientBefore = process.cpuUsage();
  let counting: () => void = () => {};
  const counted = new Promise<void>((resolve) => (counting = resolve));
  // The CPU is counted from the first measured request: the warm-up second before it opens the connections.
  const purchases = Promise.all(urls.map((url, i) => openLoop({
    url, rate: OFFERED_RATE / urls.length, seconds: DURATION_S, sockets: Math.round(CONNECTIONS / urls.length), body, headers: options.headers ?? (() => ({})),
    onCounting: i === 0 ? () => {
      cpuBefore = (options.pids ?? []).map(cpuMs);
      clientBefore = process.cpuUsage();
      counting();
    } : undefined,
  })));
  const health = counted.then(() => probe(new URL('/api/health', urls[0]).toString(), HEALTH_EVERY_MS, purchases));
  const results = await purchases;
  const healthFigures = await health;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = (options.pids ?? []).map(cpuMs);
  const ok = results.reduce((s, r) => s + r.ok, 0);
  const used = cpuAfter.reduce<number>((sum, after, i) => sum + (after ?? 0) - (cpuBefore[i] ?? 0), 0);
  return {
    label,
    rps: results.reduce((s, r) => s + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    non2xx: results.reduce((s, r) => s + r.sent - r.ok, 0),
    total: ok,
    cpuPerRequest: ok > 0 && cpuAfter.every((c) => c !== undefined) ? used / ok : undefined,
    clientCpuPerRequest: ok > 0 ? (client.user + client.system) / 1000 / ok : undefined,
    load: before,
    health: `GET /api/health every ${HEALTH_EVERY_MS} ms meanwhile (${healthFigures.count}): p50 ${healthFigures.p50} ms, p99 ${healthFigures.p99} ms, max ${healthFigures.max} ms`,
  };
}

async function prepare(databaseUrl: string): Promise<Db> {
  const config = readConfig({}, { databaseUrl, signingSecret: SECRET });
  const db = openDatabase(databaseUrl);
  await migrateToLatest(db);
  await importEvent({ db, config, now: () => new Date() }, benchEvent, { by: 'cli' });
  // The same event again under another url: the one the crowd is seeded into.
  await importEvent({ db, config, now: () => new Date() }, { ...benchEvent, url: CROWD_EVENT }, { by: 'cli' });
  return db;
}

/** Each request from its own client address (through a trusted proxy), as in a real crowd: the per-client cap then counts one buyer's holds. */
const crowdHeaders = () => ({ 'x-forwarded-for': `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 254 + 1) | 0}` });
const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000000', HOLD_MAX_UNITS_PER_CLIENT: '100000000', LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1',
});

/**
 * new-purchase on an event with no live holds and on the same event under another url with CROWD
 * live holds seeded, in alternating slices on the same servers; then, on the crowd's event, at an
 * offered OFFERED_RATE req/s: with 50 connections kept busy a request waits behind the other 49
 * (p50 ≈ 50 / throughput), so that run shows the latency of a purchase itself at a rate the server
 * keeps up with.
 */
async function purchaseRuns(name: string, db: Db, servers: ServerProcess[], body: (url: string) => () => string): Promise<{ figures: Figures[]; seeded: string }> {
  const urls = servers.map((s) => `${s.baseUrl}/api/payments/new-purchase`);
  const options = { headers: crowdHeaders, pids: servers.map((s) => s.pid) };
  const seeded = await seedLiveHolds(db, CROWD_EVENT, 1, CROWD);
  const emptyHolds = await countLiveHolds(db, 'bench');
  const crowdHolds = await countLiveHolds(db, CROWD_EVENT);
  const [none, crowd] = await alternating([`new-purchase, ${name}, no crowd`, `new-purchase, ${name}, crowd`], urls, [body('bench'), body(CROWD_EVENT)], options);
  const figures: Figures[] = [{ ...none, holds: emptyHolds }, { ...crowd, holds: crowdHolds }];
  const offeredHolds = await countLiveHolds(db, CROWD_EVENT);
  figures.push({ ...(await offered(`new-purchase, ${name}, crowd, ${OFFERED_RATE} req/s offered`, urls, body(CROWD_EVENT), options)), holds: offeredHolds });
  return { figures, seeded };
}

/**
 * new-purchase on SQLite (one server process) and on PostgreSQL (two server processes on one
 * database), each without and with a crowd of live holds, beside a bare Fastify route.
 */
export async function benchApi(): Promise<void> {
  // Tokens as the reCAPTCHA sandbox's api.js gets them (the servers share SECRET); each purchase's siteverify is part of the figures.
  const siteKey = botCheckSandboxKeys(SECRET).siteKey;
  const purchaseBody = (url: string) => () => JSON.stringify({
    url, code: 'DEMO10', identificador: null, token: issueToken(SECRET, { siteKey, action: 'new_purchase', hostname: '127.0.0.1' }, new Date()),
    tickets: [{ ticket_id: 1, cantidad: 4 }],
  });
  const all: Figures[] = [];
  const notes: string[] = [];

  const bare = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-fastify.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const bareUrl = await new Promise<string>((resolve) => bare.stdout!.on('data', (c: Buffer) => {
    const m = /(http:\/\/localhost:\d+)/.exec(c.toString());
    if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
  }));
  try {
    all.push(await run('bare Fastify JSON route', [`${bareUrl}/bare`], () => '{}', { pids: [bare.pid] }));
  } finally {
    bare.kill();
  }

  if (process.env.BENCH_SQLITE !== 'off') {
    // BENCH_SQLITE_DIR: where the SQLite file lives (the disk's fsyncs show in the latency run's tail).
    const file = join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), `checkout-bench-${process.pid}.sqlite`);
    const db = await prepare(`sqlite:${file}`);
    const server = await startServerProcess(serverEnv(`sqlite:${file}`));
    try {
      const { figures, seeded } = await purchaseRuns('SQLite, 1 process', db, [server], purchaseBody);
      all.push(...figures);
      notes.push(`SQLite crowd: ${seeded}`);
    } finally {
      await server.stop();
      await db.kysely.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    }
  }

  const bin = process.env.BENCH_PG === 'off' ? undefined : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query('create database bench');
      await admin.end();
      const url = new URL(cluster.adminUrl);
      url.pathname = '/bench';
      const db = await prepare(url.toString());
      const servers = await Promise.all([startServerProcess(serverEnv(url.toString())), startServerProcess(serverEnv(url.toString()))]);
      try {
        const { figures, seeded } = await purchaseRuns('PostgreSQL, 2 processes', db, servers, purchaseBody);
        all.push(...figures);
        notes.push(`PostgreSQL crowd: ${seeded}`);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await db.kysely.destroy();
      }
    } finally {
      cluster.remove();
    }
  } else {
    notes.push('PostgreSQL: skipped (BENCH_PG=off or no initdb found)');
  }

  console.log(`\nAPI throughput, ${CONNECTIONS} connections in total, ${DURATION_S} s each after a ${WARM_UP_S} s warm-up (same machine, same run; every purchase from its own client address). Without and with the crowd: two events on the same servers, measured in ${SLICES} alternating slices each (p50 the slices' median, p99 their worst)`);
  console.table(all.map((f) => ({
    route: f.label, 'live holds before': f.holds ?? '', 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99,
    '% of bare': `${((f.rps / all[0].rps) * 100).toFixed(1)} %`, 'server CPU ms/req': f.cpuPerRequest?.toFixed(3) ?? '', 'bench client CPU ms/req': f.clientCpuPerRequest?.toFixed(3) ?? '', requests: f.total, 'non-2xx': f.non2xx, 'load avg before': f.load,
  })));
  for (const note of notes) console.log(`How the crowd was seeded — ${note}`);
  for (const f of all) if (f.health) console.log(`${f.label}: ${f.health}`);
  for (const name of ['SQLite, 1 process', 'PostgreSQL, 2 processes']) {
    const none = all.find((f) => f.label === `new-purchase, ${name}, no crowd`);
    const crowd = all.find((f) => f.label === `new-purchase, ${name}, crowd`);
    if (none && crowd) console.log(`${name}: with the crowd ${((crowd.rps / none.rps) * 100).toFixed(0)} % of the throughput without it`);
  }
  console.log('Each purchase: bot-token check, per-client cap, availability check, pricing, purchase + line + access-key inserts.');
  // The load generator does the same work for every request of a route whatever the server does:
  // when its CPU per request rises between two runs of one route, the machine slowed, not the server.
  console.log('bench client CPU ms/req: this process (the load generator) per request; the same work in every run of a route, so a rise between two runs of one route is the machine slowing down (two cores shared with the servers), not the server.');
}
