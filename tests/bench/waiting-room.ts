import { createHmac } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { botCheckSandboxKeys } from '../../sandbox/bot-check';
import { issueToken } from '../../sandbox/bot-check/tokens';
import { readConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { importEvent } from '../../src/server/services/event-import.service';
import { BROWSER_COOKIE } from '../../src/server/waiting-room/signing';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * `npm run bench -- waiting-room`: BENCH_WAITING browsers (50,000 by default) wait on the loopback,
 * each on its own server-sent-events stream, while the room admits 1,000 a minute: the server's
 * memory, the messages each browser gets per 10 s, and the checkout's p99 (new-purchase of an event
 * without a room, as the api bench runs it) without and with the crowd. Then a burst of BENCH_BURST
 * (20,000) joins in 10 s across the opening of a scheduled room: every one gets a place, no place
 * twice, places in lottery order then arrival order. One process opens at most its descriptor limit
 * of streams (`ulimit -n`): above it, set a smaller BENCH_WAITING.
 */
const SECRET = 'bench-secret';
const WAITING = Number(process.env.BENCH_WAITING ?? 50_000);
const BURST = Number(process.env.BENCH_BURST ?? 20_000);
/** How long the crowd's messages are counted. */
const WINDOW_S = Number(process.env.BENCH_WINDOW_SECONDS ?? 30);
const CHECKOUT_S = Number(process.env.BENCH_SECONDS ?? 10);

const ticket = { id: 1, name: 'General', price: 350, minimum: 1, maximum: 10, capacity: 10_000_000 };
const eventFile = (url: string, waiting_room?: Record<string, unknown>) => ({ url, event: { name: url, config: { metodo_pago_free: true } }, tickets: [ticket], ...(waiting_room ? { waiting_room } : {}) });

const load = () => `${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`;
const rssMb = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
};
/** A browser cookie as the server signs it (the bench and the server share SIGNING_SECRET). */
const cookieFor = (browserId: string) => `${BROWSER_COOKIE}=${browserId}.${createHmac('sha256', SECRET).update(`waiting-room-browser:${browserId}`).digest('base64url')}`;
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) || 1}`;

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
async function checkoutP99(server: ServerProcess): Promise<{ p99: number; rps: number; non2xx: number }> {
  const siteKey = botCheckSandboxKeys(SECRET).siteKey;
  let n = 0;
  const result = await autocannon({
    url: `${server.baseUrl}/api/payments/new-purchase`, method: 'POST', connections: 20, duration: CHECKOUT_S,
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

/** Opens one stream per seeded browser (keep-alive, one socket each) and counts the `status` messages each receives. */
function openCrowd(server: ServerProcess, count: number) {
  const { port } = new URL(server.baseUrl);
  const messages = new Uint32Array(count);
  const requests: ClientRequest[] = [];
  let open = 0;
  let failed = 0;
  const opened = new Promise<void>((resolve) => {
    let pending = count;
    const settle = () => --pending === 0 && resolve();
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
    for (let i = 0; i < count; i++) {
      const req = request({ host: '127.0.0.1', port, path: '/api/waiting-room/sala/stream', agent, headers: { cookie: cookieFor(`crowd-${i + 1}`), 'x-forwarded-for': address(i + 1) } }, (res) => {
        open++;
        settle();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          messages[i] += chunk.split('event: status').length - 1;
        });
        res.on('error', () => {});
      });
      req.on('error', () => {
        failed++;
        settle();
      });
      req.end();
      requests.push(req);
    }
  });
  return { opened, messages, counts: () => ({ open, failed }), close: () => requests.forEach((r) => r.destroy()) };
}

/** Joins through the API: `count` arrivals spread evenly over `seconds`, each from its own address with its own bot-check token. */
async function burst(server: ServerProcess, url: string, count: number, seconds: number) {
  const siteKey = botCheckSandboxKeys(SECRET).siteKey;
  const agent = new Agent({ keepAlive: true, maxSockets: 200 });
  const { port } = new URL(server.baseUrl);
  const started = performance.now();
  const results: { status: number; estado?: string; ms: number }[] = [];
  const join = (i: number) => new Promise<void>((done) => {
    const body = JSON.stringify({ token: issueToken(SECRET, { siteKey, action: 'waiting_room', hostname: '127.0.0.1' }, new Date()) });
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: `/api/waiting-room/${url}/join`, agent, headers: { 'content-type': 'application/json', 'x-forwarded-for': address(2_000_000 + i) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        results.push({ status: res.statusCode ?? 0, estado: res.statusCode === 200 ? (JSON.parse(text) as { estado: string }).estado : undefined, ms: performance.now() - t0 });
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

export default async function benchWaitingRoom(): Promise<void> {
  const file = join(process.env.BENCH_SQLITE_DIR ?? tmpdir(), `waiting-room-bench-${process.pid}.sqlite`);
  const databaseUrl = `sqlite:${file}`;
  const config = readConfig({ LOG_LEVEL: 'silent' }, { databaseUrl });
  const db = openDatabase(databaseUrl);
  await migrateToLatest(db);
  const ctx = { db, config, now: () => new Date() };
  await importEvent(ctx, eventFile('bench'), { by: 'cli' });
  await importEvent(ctx, eventFile('sala', { mode: 'always', admit_per_minute: 1_000 }), { by: 'cli' });
  await seedCrowd(db, 'sala', WAITING);
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl, SIGNING_SECRET: SECRET, LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_MAX: '100000000', RATE_LIMIT_READ_MAX: '100000000', HOLD_MAX_UNITS_PER_CLIENT: '100000000', MAX_CONNECTIONS_PER_CLIENT: '0', WAITING_ROOM_MAX_PER_CLIENT: '100000000',
  });
  const lines: string[] = [];
  try {
    const rssIdle = rssMb(server.pid);
    const without = await checkoutP99(server);
    lines.push(`checkout without the crowd: p99 ${without.p99} ms, ${Math.round(without.rps)} req/s, non-2xx ${without.non2xx} (load ${load()})`);

    // BENCH_WAITING=0: the burst alone.
    if (WAITING > 0) {
      const crowd = openCrowd(server, WAITING);
      await crowd.opened;
      // Each stream's first answer is sent as it opens: counted from a second later.
      await new Promise((r) => setTimeout(r, 1_000));
      const before = Uint32Array.from(crowd.messages);
      const windowStart = performance.now();
      const during = await checkoutP99(server);
      const rest = WINDOW_S * 1000 - (performance.now() - windowStart);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const seconds = (performance.now() - windowStart) / 1000;
      const rssCrowd = rssMb(server.pid);
      let sent = 0;
      let most = 0;
      for (let i = 0; i < WAITING; i++) {
        const got = crowd.messages[i] - before[i];
        sent += got;
        most = Math.max(most, got);
      }
      const { open, failed } = crowd.counts();
      lines.push(`crowd: ${open} of ${WAITING} streams open (${failed} failed), admitting 1,000/min; server RSS ${rssIdle} MB idle → ${rssCrowd} MB with the crowd`);
      lines.push(`messages per client per 10 s over ${seconds.toFixed(0)} s: mean ${((sent / WAITING) * (10 / seconds)).toFixed(2)}, most to one client ${(most * (10 / seconds)).toFixed(2)}`);
      lines.push(`checkout with the crowd: p99 ${during.p99} ms, ${Math.round(during.rps)} req/s, non-2xx ${during.non2xx} (load ${load()})`);
      crowd.close();
    }

    await importEvent(ctx, eventFile('estreno', { mode: 'scheduled', opens_at: new Date(Date.now() + 5_000).toISOString(), admit_per_minute: 1_000 }), { by: 'cli' });
    const burstRun = await burst(server, 'estreno', BURST, 10);
    const errorsSeen = burstRun.results.filter((r) => r.status !== 200).length;
    const statuses = new Map<number, number>();
    for (const r of burstRun.results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const states = new Map<string, number>();
    for (const r of burstRun.results) if (r.estado) states.set(r.estado, (states.get(r.estado) ?? 0) + 1);
    // The lottery is drawn by the first read after opening: read once more so late lottery entrants are placed too.
    await fetch(`${server.baseUrl}/api/waiting-room/estreno`);
    const places = await checkPlaces(db, 'estreno');
    lines.push(`burst: ${BURST} joins in ${burstRun.seconds.toFixed(1)} s, ${errorsSeen} errors (statuses ${JSON.stringify(Object.fromEntries(statuses))}), join p99 ${burstRun.p99} ms, answers ${JSON.stringify(Object.fromEntries(states))}`);
    lines.push(`burst places: ${places.entries} entries, ${places.placed} placed, ${places.duplicates} duplicates, ${places.lottery} by lottery (${places.lotteryOk ? 'first, in key order' : 'ORDER BROKEN'}), arrivals after them, their join moments at most ${places.mostOutOfOrderMs} ms out of place order`);
  } finally {
    await server.stop();
    await db.kysely.destroy();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  console.log(`\nWaiting room, SQLite, 1 server process, ${WAITING} waiting browsers (server-sent events on the loopback), burst ${BURST}:`);
  for (const line of lines) console.log(`  ${line}`);
}
