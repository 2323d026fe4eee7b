import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { findPostgresBin, startPostgresCluster } from '../support/postgres-cluster';
import { seedDoor } from './checkin-seed';

const DEVICES = 20;
const TICKETS = Number(process.env.BENCH_CHECKIN_TICKETS ?? 20_000);
const BATCH = 50;
const SHARED = 500;
const SYNCS = 3;

/**
 * `npm run bench -- checkin`, on a SQLite file and then, when PostgreSQL's binaries are installed (`BENCH_PG=off`
 * skips it), on a throwaway PostgreSQL cluster:
 * - the first sync of the list (TICKETS + 500 tickets) over a real HTTP request on the loopback, three times (the
 *   goal: ≤ 3 s for 20,000); beside it, the same bytes from a bare node:http server (the transfer alone), and
 *   their gzipped size;
 * - scans a second from 20 devices each uploading batches of 50 distinct tickets (in-process requests through
 *   `app.inject`), and the double admissions when two devices scan the same 500 codes at once (the goal:
 *   ≥ 2,000 scans/s and 0). Beside it, the baseline: the same scans answered from the nonce table (a re-sent
 *   batch), which is the floor of a scan's cost. With each, this process's CPU per scan (server and load
 *   generator together): on a machine shared with other work it moves less than the rate does.
 */
export default async function benchCheckin(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'checkin-bench-'));
  try {
    await benchDoor('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bin = process.env.BENCH_PG === 'off' ? undefined : findPostgresBin();
  if (!bin) {
    console.log('checkin (PostgreSQL): skipped (BENCH_PG=off or no initdb found)');
    return;
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('create database bench_door');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/bench_door';
    await benchDoor('PostgreSQL', url.toString());
  } finally {
    cluster.remove();
  }
}

/** The figures above on one database (`label`: its name in the output). */
async function benchDoor(label: string, databaseUrl: string): Promise<void> {
  const config = readConfig({}, { databaseUrl, signingSecret: 'bench-secret', rateLimitCheckinMax: 1_000_000, adminToken: undefined });
  const db = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const ctx = { db, config, now: () => new Date() };
    const { codes, devices } = await seedDoor(ctx, TICKETS + SHARED, DEVICES + 1);
    const syncer = devices.pop()!;
    const app = await buildApp(ctx, { logger: false });
    await benchSync(label, await app.listen({ port: 0, host: '127.0.0.1' }), syncer.token);

    const send = (token: string, scans: { nonce: string; code: string; scanned_at: string }[]) =>
      app.inject({ method: 'POST', url: '/api/checkin/scans', headers: { authorization: `Bearer ${token}` }, payload: { scans } });
    const perDevice = Math.floor(TICKETS / DEVICES);
    const batches = devices.map((d, i) => {
      const mine = codes.slice(i * perDevice, (i + 1) * perDevice);
      const list = [];
      for (let j = 0; j < mine.length; j += BATCH) list.push(mine.slice(j, j + BATCH).map((code) => ({ nonce: randomUUID(), code, scanned_at: new Date().toISOString() })));
      return list;
    });
    const run = async () => {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await Promise.all(devices.map(async (d, i) => {
        for (const batch of batches[i]) {
          const res = await send(d.token, batch);
          if (res.statusCode !== 200) throw new Error(`scans ${res.statusCode}: ${res.body}`);
        }
      }));
      const cpu = process.cpuUsage(cpu0);
      const scans = perDevice * DEVICES;
      return { rate: scans / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / scans };
    };
    const first = await run();
    const resent = await run();
    console.log(`checkin (${label}): ${first.rate.toFixed(0)} scans/s from ${DEVICES} devices (${perDevice * DEVICES} first scans, batches of ${BATCH}; ${first.cpuMs.toFixed(3)} ms CPU a scan); baseline, the same batches re-sent (answered by nonce): ${resent.rate.toFixed(0)} scans/s (${resent.cpuMs.toFixed(3)} ms CPU a scan)`);

    const shared = codes.slice(TICKETS);
    const both = (token: string) => (async () => {
      for (let j = 0; j < shared.length; j += BATCH) {
        await send(token, shared.slice(j, j + BATCH).map((code) => ({ nonce: randomUUID(), code, scanned_at: new Date().toISOString() })));
      }
    })();
    await Promise.all([both(devices[0].token), both(devices[1].token)]);
    const doubles = await sql<{ n: number }>`select count(*) as n from (select ticket_id from checkin_entries group by list_id, ticket_id having count(*) > 1) d`.execute(db.kysely);
    console.log(`checkin (${label}): ${SHARED} codes scanned by two devices at once → ${Number(doubles.rows[0].n)} double admissions (goal 0)`);
    await app.close();
  } finally {
    await db.kysely.destroy().catch(() => undefined);
  }
}

/** A first sync over the loopback, SYNCS times, and the same bytes from a bare server; prints both. */
async function benchSync(label: string, address: string, token: string): Promise<void> {
  const fetchBody = async (url: string, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`sync ${res.status}: ${bytes.toString('utf8').slice(0, 200)}`);
    return { ms: performance.now() - t0, bytes };
  };
  const ours: number[] = [];
  let body = Buffer.alloc(0);
  for (let i = 0; i < SYNCS; i += 1) {
    const got = await fetchBody(`${address}/api/checkin/sync`, { authorization: `Bearer ${token}` });
    ours.push(got.ms);
    body = got.bytes;
  }
  const tickets = (JSON.parse(body.toString('utf8')) as { tickets: unknown[]; more: boolean });
  const bare = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const port = (bare.address() as { port: number }).port;
  const baseline: number[] = [];
  for (let i = 0; i < SYNCS; i += 1) baseline.push((await fetchBody(`http://127.0.0.1:${port}/`)).ms);
  await new Promise((resolve) => bare.close(resolve));
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  const spread = (ms: number[]) => `${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms`;
  console.log(`checkin sync (${label}, HTTP on the loopback): first sync of ${tickets.tickets.length} tickets in one answer (more: ${tickets.more}), ${mb(body.length)} MB of JSON (${mb(gzipSync(body).length)} MB gzipped): ${spread(ours)} in ${SYNCS} syncs (goal ≤ 3 s for 20,000); baseline, the same bytes from a bare node:http server: ${spread(baseline)}`);
}
