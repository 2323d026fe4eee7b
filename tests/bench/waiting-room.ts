import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { botCheckSandboxKeys } from '../../sandbox/bot-check';
import { issueToken } from '../../sandbox/bot-check/tokens';
import { readConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { importEvent } from '../../src/server/services/event-import.service';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { address, type CrowdCommand, type CrowdMessage, type CrowdPart } from './waiting-room-crowd';

/**
 * `npm run bench -- waiting-room`: BENCH_WAITING browsers (50,000 by default) wait on the loopback,
 * each on its own server-sent-events stream, while the room admits 1,000 a minute: the servers'
 * memory, the messages each browser gets per 10 s, and the checkout's p99 (new-purchase of an event
 * without a room, as the api bench runs it, against the first server) without and with the crowd.
 * Then a burst of BENCH_BURST (20,000) joins in 10 s across the opening of a scheduled room: every
 * one gets a place, no place twice, places in lottery order then arrival order.
 *
 * One process holds at most `ulimit -n` sockets (20,000 here, and not raisable without root), so a
 * big crowd is spread as production spreads it: over replicas sharing one PostgreSQL database (the
 * room's state is in it; SQLite serves one process), at most STREAMS_PER_SERVER streams each, the
 * browsers round-robin; and the browsers themselves over child processes of at most
 * STREAMS_PER_CLIENT streams each (`waiting-room-crowd.ts`). Up to STREAMS_PER_SERVER browsers: one
 * server on a SQLite file. The burst's joins go round-robin to every server too.
 */
const SECRET = 'bench-secret';
const WAITING = Number(process.env.BENCH_WAITING ?? 50_000);
const BURST = Number(process.env.BENCH_BURST ?? 20_000);
/** How long the crowd's messages are counted. */
const WINDOW_S = Number(process.env.BENCH_WINDOW_SECONDS ?? 30);
const CHECKOUT_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Streams one server process holds at most: below the 20,000 descriptors, with room for its database, the burst and the checkout. */
const STREAMS_PER_SERVER = 16_700;
/** Streams one crowd process opens. */
const STREAMS_PER_CLIENT = 12_500;
const SERVERS = Number(process.env.BENCH_SERVERS ?? Math.max(1, Math.ceil(WAITING / STREAMS_PER_SERVER)));

const ticket = { id: 1, name: 'General', price: 350, minimum: 1, maximum: 10, capacity: 10_000_000 };
const eventFile = (url: string, waiting_room?: Record<string, unknown>) => ({ url, event: { name: url, config: { metodo_pago_free: true } }, tickets: [ticket], ...(waiting_room ? { waiting_room } : {}) });

const load = () => `${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`;
const rssMb = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
};

/** The crowd: `count` places already handed out, 1..count in order (as arrivals after opening would have them). */
async function seedCrowd(db: Db, url: string, count: number): Promise<number> {
  const event = await db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (let start = 0; start < count; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - start) }, (_, k) => {
      const i = start + k + 1;
      return { event_id: event.id, browser_id: `crowd-${i}`, client_key: address(i), lottery_key: null, seq: i, admitted_at: null, joined_at: now };
    });
    await db.kysely.insertInto('waiting_room_entries').values(rows).execute();
  }
  await db.kysely.updateTable('waiting_rooms').set({ next_seq: count, admitted_clock: now }).where('event_id', '=', event.id).execute();
  return event.id;
}

/** The checkout's new-purchase p99 (ms) on the event without a room, each purchase from its own address. */
async function checkoutP99(server: ServerProcess, seconds = CHECKOUT_S): Promise<{ p99: number; rps: number; non2xx: number }> {
  const siteKey = botCheckSandboxKeys(SECRET).siteKey;
  let n = 0;
  const result = await autocannon({
    url: `${server.baseUrl}/api/payments/new-purchase`, method: 'POST', connections: 20, duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, 'x-forwarded-for': address(1_000_000 + n++) },
        body: JSON.stringify({ url: 'bench', token: issueToken(SECRET, { siteKey, action: 'new_purchase', hostname: '127.0.0.1' }, new Date()), tickets: [{ ticket_id: 1, cantidad: 1 }] }),
      }),
    }],
  });
  return { p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx };
}

/** The crowd in child processes of STREAMS_PER_CLIENT browsers each, every browser on server i mod servers. */
async function openCrowd(servers: ServerProcess[], count: number) {
  const children: ChildProcess[] = [];
  const next = (child: ChildProcess) => new Promise<CrowdMessage>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`crowd process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message: CrowdMessage) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
  for (let from = 0; from < count; from += STREAMS_PER_CLIENT) {
    const part: CrowdPart = { servers: servers.map((s) => s.baseUrl), from, to: Math.min(count, from + STREAMS_PER_CLIENT), secret: SECRET };
    children.push(fork(new URL('./waiting-room-crowd.ts', import.meta.url), { execArgv: ['--import', 'tsx'], env: { ...process.env, WAITING_ROOM_CROWD: JSON.stringify(part) } }));
  }
  const all = (command?: CrowdCommand) => Promise.all(children.map((child) => {
    const answer = next(child);
    if (command) child.send(command);
    return answer;
  }));
  const opened = (await all()) as Extract<CrowdMessage, { kind: 'opened' }>[];
  return {
    processes: children.length,
    pids: children.map((child) => child.pid),
    open: opened.reduce((sum, m) => sum + m.open, 0),
    failed: opened.reduce((sum, m) => sum + m.failed, 0),
    mark: () => children.forEach((child) => child.send({ kind: 'mark' } satisfies CrowdCommand)),
    report: async () => {
      const reports = (await all({ kind: 'report' })) as Extract<CrowdMessage, { kind: 'report' }>[];
      return {
        browsers: reports.reduce((sum, r) => sum + r.browsers, 0),
        sent: reports.reduce((sum, r) => sum + r.sent, 0),
        most: Math.max(...reports.map((r) => r.most)),
        ended: reports.reduce((sum, r) => sum + r.ended, 0),
        shortestGapMs: Math.min(...reports.map((r) => r.shortestGapMs)),
      };
    },
    close: () => Promise.all(children.map((child) => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.send({ kind: 'close' } satisfies CrowdCommand);
    }))),
  };
}

/** Joins through the API: `count` arrivals spread evenly over `seconds`, each from its own address with its own bot-check token, round-robin over the servers. */
async function burst(servers: ServerProcess[], url: string, count: number, seconds: number) {
  const siteKey = botCheckSandboxKeys(SECRET).siteKey;
  const agent = new Agent({ keepAlive: true, maxSockets: 200 });
  const ports = servers.map((server) => new URL(server.baseUrl).port);
  const started = performance.now();
  const results: { status: number; estado?: string; refused?: string; ms: number }[] = [];
  const join = (i: number) => new Promise<void>((done) => {
    const body = JSON.stringify({ token: issueToken(SECRET, { siteKey, action: 'waiting_room', hostname: '127.0.0.1' }, new Date()) });
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port: ports[i % ports.length], method: 'POST', path: `/api/waiting-room/${url}/join`, agent, headers: { 'content-type': 'application/json', 'x-forwarded-for': address(2_000_000 + i) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let answer: { estado?: string; code?: string; mensaje?: string } = {};
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          answer = { code: 'not JSON', mensaje: text.slice(0, 80) };
        }
        results.push({ status: res.statusCode ?? 0, estado: answer.estado, refused: answer.code && `${answer.code}: ${answer.mensaje}`, ms: performance.now() - t0 });
        done();
      });
    });
    req.on('error', () => {
      results.push({ status: 0, ms: performance.now() - t0 });
      done();
    });
    req.end(body);
  });
  const all: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * seconds * 1000) / count;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    all.push(join(i));
  }
  await Promise.all(all);
  agent.destroy();
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  return { results, seconds: (performance.now() - started) / 1000, p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0) };
}

/** The CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The burst's places as the database holds them: every arrival one, none twice, lottery first (in key order), then arrival order. */
async function checkPlaces(db: Db, url: string) {
  const event = await db.kysely.selectFrom('events').select('id').where('url', '=', url).executeTakeFirstOrThrow();
  const rows = await db.kysely.selectFrom('waiting_room_entries').select(['seq', 'lottery_key', 'joined_at']).where('event_id', '=', event.id).orderBy('seq').execute();
  const seqs = rows.map((r) => r.seq);
  const placed = seqs.filter((s) => s !== null).length;
  const distinct = new Set(seqs).size;
  const lottery = rows.filter((r) => r.lottery_key !== null);
  const lotteryInKeyOrder = lottery.every((r, i) => i === 0 || (lottery[i - 1].lottery_key! < r.lottery_key! && lottery[i - 1].seq! < r.seq!));
  const lotteryFirst = lottery.every((r) => r.seq! <= lottery.length);
  // An arrival's `joined_at` is read before its place's transaction: two joins in flight together may take places in the other order by a few ms.
  const arrivals = rows.filter((r) => r.lottery_key === null);
  let latestMs = 0;
  let mostOutOfOrderMs = 0;
  for (const r of arrivals) {
    const at = Date.parse(r.joined_at);
    mostOutOfOrderMs = Math.max(mostOutOfOrderMs, latestMs - at);
    latestMs = Math.max(latestMs, at);
  }
  return { entries: rows.length, placed, duplicates: rows.length - distinct, lottery: lottery.length, lotteryOk: lotteryInKeyOrder && lotteryFirst, mostOutOfOrderMs };
}

/** The database every server shares: a SQLite file for one server, a throwaway PostgreSQL cluster for replicas. */
async function benchDatabase(): Promise<{ url: string; label: string; remove: () => void }> {
  if (SERVERS === 1) {
    const file = join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), `waiting-room-bench-${process.pid}.sqlite`);
    return { url: `sqlite:${file}`, label: 'SQLite', remove: () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(file + suffix, { force: true })) };
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error(`${WAITING} browsers need ${SERVERS} replicas sharing PostgreSQL, and no initdb was found: install PostgreSQL or set BENCH_WAITING ≤ ${STREAMS_PER_SERVER}.`);
  const cluster: PostgresCluster = await startPostgresCluster(bin);
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('create database bench_waiting_room');
  await admin.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = '/bench_waiting_room';
  return { url: url.toString(), label: 'PostgreSQL', remove: () => cluster.remove() };
}

export default async function benchWaitingRoom(): Promise<void> {
  const database = await benchDatabase();
  const config = readConfig({ LOG_LEVEL: 'silent' }, { databaseUrl: database.url });
  const db = openDatabase(database.url);
  const servers: ServerProcess[] = [];
  const lines: string[] = [];
  try {
    await migrateToLatest(db);
    const ctx = { db, config, now: () => new Date() };
    await importEvent(ctx, eventFile('bench'), { by: 'cli' });
    await importEvent(ctx, eventFile('sala', { mode: 'always', admit_per_minute: 1_000 }), { by: 'cli' });
    await seedCrowd(db, 'sala', WAITING);
    for (let n = 0; n < SERVERS; n++) {
      servers.push(await startServerProcess({
        DATABASE_URL: database.url, SIGNING_SECRET: SECRET, LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_MAX: '100000000', RATE_LIMIT_READ_MAX: '100000000', HOLD_MAX_UNITS_PER_CLIENT: '100000000', MAX_CONNECTIONS_PER_CLIENT: '0', WAITING_ROOM_MAX_PER_CLIENT: '100000000',
      }, { sourceMaps: false }));
    }
    const rssIdle = servers.map((server) => rssMb(server.pid));
    // A first, shorter run warms the server up (its code compiled, its caches filled), so both figures are of a warm one.
    await checkoutP99(servers[0], 3);
    const without = await checkoutP99(servers[0]);
    lines.push(`checkout without the crowd: p99 ${without.p99} ms, ${Math.round(without.rps)} req/s, non-2xx ${without.non2xx} (load ${load()})`);

    // BENCH_WAITING=0: the burst alone.
    if (WAITING > 0) {
      const crowd = await openCrowd(servers, WAITING);
      // Each stream's first answer is sent as it opens: counted from a second later.
      await new Promise((r) => setTimeout(r, 1_000));
      crowd.mark();
      const cpuServers = servers.map((server) => cpuMs(server.pid));
      const cpuClients = crowd.pids.map((pid) => cpuMs(pid));
      const windowStart = performance.now();
      const during = await checkoutP99(servers[0]);
      const rest = WINDOW_S * 1000 - (performance.now() - windowStart);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const got = await crowd.report();
      const seconds = (performance.now() - windowStart) / 1000;
      const busy = (pids: (number | undefined)[], before: number[]) => pids.reduce<number>((sum, pid, n) => sum + cpuMs(pid) - before[n], 0) / 10 / seconds;
      const rssCrowd = servers.map((server) => rssMb(server.pid));
      const sum = (mbs: number[]) => mbs.reduce((a, b) => a + b, 0);
      const each = (mbs: number[]) => (mbs.length > 1 ? ` (${mbs.join(' + ')})` : '');
      lines.push(`crowd: ${crowd.open} of ${WAITING} streams open (${crowd.failed} failed) from ${crowd.processes} client processes, admitting 1,000/min (${got.ended} let in during the window); server RSS ${sum(rssIdle)} MB idle${each(rssIdle)} → ${sum(rssCrowd)} MB with the crowd${each(rssCrowd)}`);
      lines.push(`messages per client per 10 s over ${seconds.toFixed(0)} s: mean ${((got.sent / got.browsers) * (10 / seconds)).toFixed(2)}, most to one client ${got.most} in ${seconds.toFixed(0)} s, shortest time between two updates to one client ${(got.shortestGapMs / 1000).toFixed(1)} s`);
      lines.push(`checkout with the crowd: p99 ${during.p99} ms, ${Math.round(during.rps)} req/s, non-2xx ${during.non2xx} (load ${load()})`);
      lines.push(`CPU over the window (% of one core): servers ${busy(servers.map((server) => server.pid), cpuServers).toFixed(0)} (the checkout's run included), crowd processes ${busy(crowd.pids, cpuClients).toFixed(0)}`);
      await crowd.close();
    }

    await importEvent(ctx, eventFile('estreno', { mode: 'scheduled', opens_at: new Date(Date.now() + 5_000).toISOString(), admit_per_minute: 1_000 }), { by: 'cli' });
    const cpuBefore = servers.map((server) => cpuMs(server.pid));
    const burstRun = await burst(servers, 'estreno', BURST, 10);
    const cpuBurst = servers.reduce((sum, server, n) => sum + cpuMs(server.pid) - cpuBefore[n], 0);
    const errorsSeen = burstRun.results.filter((r) => r.status !== 200).length;
    const statuses = new Map<number, number>();
    for (const r of burstRun.results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const states = new Map<string, number>();
    for (const r of burstRun.results) if (r.estado) states.set(r.estado, (states.get(r.estado) ?? 0) + 1);
    const refusals = new Map<string, number>();
    for (const r of burstRun.results) if (r.refused) refusals.set(r.refused, (refusals.get(r.refused) ?? 0) + 1);
    // The lottery is drawn by a read once it is due (2 s after the opening, no arrival of before it still in line):
    // read once more, past the second a process keeps the room, so it is drawn if no answer drew it yet.
    await new Promise((r) => setTimeout(r, 1_100));
    await fetch(`${servers[0].baseUrl}/api/waiting-room/estreno`);
    const places = await checkPlaces(db, 'estreno');
    lines.push(`burst: ${BURST} joins in ${burstRun.seconds.toFixed(1)} s, ${errorsSeen} errors (statuses ${JSON.stringify(Object.fromEntries(statuses))}), join p99 ${burstRun.p99} ms, answers ${JSON.stringify(Object.fromEntries(states))} (load ${load()})`);
    if (refusals.size > 0) lines.push(`burst refusals: ${JSON.stringify(Object.fromEntries(refusals))}`);
    lines.push(`burst cost: ${(cpuBurst / 1000).toFixed(1)} s of server CPU, ${(cpuBurst / BURST).toFixed(2)} ms per join (bot check's siteverify included: the sandbox answers it in the same process)`);
    lines.push(`burst places: ${places.entries} entries, ${places.placed} placed, ${places.duplicates} duplicates, ${places.lottery} by lottery (${places.lotteryOk ? 'first, in key order' : 'ORDER BROKEN'}), arrivals after them, their join moments at most ${places.mostOutOfOrderMs} ms out of place order`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.kysely.destroy();
    database.remove();
  }
  console.log(`\nWaiting room, ${database.label}, ${SERVERS} server process${SERVERS > 1 ? 'es' : ''}, ${WAITING} waiting browsers (server-sent events on the loopback), burst ${BURST}:`);
  for (const line of lines) console.log(`  ${line}`);
}
