import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { readAttendeeRows } from '../../src/server/exports/attendee-rows';
import { EXPORT_BATCH } from '../../src/server/routes/admin-attendees.routes';
import { importEvent } from '../../src/server/services/event-import.service';
import { ATTENDEE_EVENT, seedManyPurchases } from '../api/attendee-helpers';

const TICKETS = Number(process.env.BENCH_EXPORT_TICKETS ?? 50_000);
const TOKEN = 'bench-admin-token';

/** Runs `work` while sampling this process's RSS every 20 ms: its time and the peak RSS above the start. */
async function measured(work: () => Promise<number>): Promise<{ ms: number; peakMb: number; bytes: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  try {
    const bytes = await work();
    return { ms: performance.now() - t0, peakMb: (peak - start) / 1e6, bytes };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * `npm run bench -- exports`: the attendee CSV and XLSX of TICKETS tickets (SQLite file) downloaded over the
 * loopback, each with its time and peak RSS growth; beside them, the baseline: the same rows read in the same
 * batches without writing a file.
 */
export default async function benchExports(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'exports-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
  const db = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const ctx = { db, config: readConfig({}, { databaseUrl, signingSecret: 'bench-secret', adminToken: TOKEN, rateLimitAdminMax: 1_000 }), now: () => new Date() };
    await importEvent(ctx, ATTENDEE_EVENT, { by: 'cli' });
    await seedManyPurchases(db.kysely, TICKETS / 2);
    const event = await db.kysely.selectFrom('events').select('id').where('url', '=', ATTENDEE_EVENT.url).executeTakeFirstOrThrow();
    const app = await buildApp(ctx, { logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const download = (kind: 'csv' | 'xlsx') => measured(async () => {
      const res = await fetch(`${address}/api/admin/events/${ATTENDEE_EVENT.url}/attendees.${kind}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (!res.ok || !res.body) throw new Error(`export ${res.status}`);
      let bytes = 0;
      for await (const chunk of Readable.fromWeb(res.body as never)) bytes += (chunk as Uint8Array).byteLength;
      return bytes;
    });
    const baseline = await measured(async () => {
      let rows = 0;
      const filters = { text: null, status: 'valid' as const, ticketType: null };
      for (let after: number | null = 0; after !== null;) {
        const page = await readAttendeeRows(db.kysely, event.id, filters, after, EXPORT_BATCH);
        rows += page.rows.length;
        after = page.next;
      }
      return rows;
    });
    const csv = await download('csv');
    const xlsx = await download('xlsx');
    const line = (name: string, r: { ms: number; peakMb: number; bytes: number }) => `${name} ${(r.ms / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB, peak RSS +${r.peakMb.toFixed(0)} MB`;
    console.log(`exports (SQLite, ${TICKETS} tickets): ${line('CSV', csv)}; ${line('XLSX', xlsx)}; baseline, the rows read in batches of ${EXPORT_BATCH} without a file: ${(baseline.ms / 1000).toFixed(1)} s (${baseline.bytes} rows), peak RSS +${baseline.peakMb.toFixed(0)} MB`);
    await app.close();
  } finally {
    await db.kysely.destroy().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
