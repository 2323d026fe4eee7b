import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase, testDialect } from '../support/test-database';
import { ATTENDEE_EVENT, seedManyPurchases } from './attendee-helpers';
import { admin, createCheckinApp } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';

const TICKETS = 50_000;

// A full collection before each sample, so a sample counts what is held, not garbage not collected yet.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Milliseconds spent in `inUse`'s collections since the event-loop watcher's last tick (the test's pause, not the server's). */
let collectingMs = 0;

/** Heap and buffers held by this process (the server's and the test's) after a collection: what a download kept in memory would raise. */
const inUse = () => {
  const start = performance.now();
  collect();
  collectingMs += performance.now() - start;
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/**
 * 50,000 attendees downloaded as CSV and XLSX over a real connection: the file is written in keyset batches as the
 * client reads it, so memory grows by far less than the file's size and the event loop stays free (the health
 * route answers during the download).
 */
// On SQLite only: streaming is the server's (the same code on both databases, whose batches the smaller attendee tests
// cover on PostgreSQL); seeding 50,000 tickets there would cost the suite a minute more.
describe.skipIf(skipDatabase || testDialect === 'postgres')('attendee exports of 50,000 tickets', () => {
  let t: PaymentsTestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createCheckinApp();
    dir = mkdtempSync(join(tmpdir(), 'attendee-export-'));
    await t.importEvent(ATTENDEE_EVENT);
    await seedManyPurchases(t.ctx.db.kysely, TICKETS / 2);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Downloads `kind` into a file while sampling memory and the event loop's delay, and asking `/api/health`
   * every 50 ms: the file's size, the largest growth of memory in use, the longest event-loop delay, and the
   * health answers received while the download was under way.
   */
  async function measuredDownload(kind: 'csv' | 'xlsx') {
    const file = join(dir, `attendees.${kind}`);
    const before = inUse();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, inUse());
    }, 2_000);
    // The event loop's longest delay: a 10 ms interval's lateness, less the collections the sampler forced.
    let last = performance.now();
    let maxDelayMs = 0;
    const watcher = setInterval(() => {
      const now = performance.now();
      maxDelayMs = Math.max(maxDelayMs, now - last - 10 - collectingMs);
      collectingMs = 0;
      last = now;
    }, 10);
    let downloading = true;
    const healthy: number[] = [];
    const prober = (async () => {
      while (downloading) {
        const res = await fetch(`${t.baseUrl}/api/health`);
        await res.arrayBuffer();
        if (downloading) healthy.push(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      const res = await fetch(`${t.baseUrl}/api/admin/events/${ATTENDEE_EVENT.url}/attendees.${kind}`, { headers: admin });
      expect(res.status).toBe(200);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
    } finally {
      downloading = false;
      clearInterval(sampler);
      clearInterval(watcher);
      await prober;
    }
    return { file, size: statSync(file).size, growth: peak - before, maxDelayMs, healthy };
  }

  /** The rows' text (the CSV's size): what an export that kept its rows would hold at least. */
  let rowsText = 0;

  it('streams the CSV: every row, memory well below the file, the event loop free', async () => {
    const run = await measuredDownload('csv');
    rowsText = run.size;
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(run.file, 'utf8').split('\r\n').length).toBe(1 + TICKETS + 1);
    expect(run.size).toBeGreaterThan(5_000_000);
    expect(run.growth, `memory grew ${run.growth} bytes for a file of ${run.size}`).toBeLessThan(run.size / 2);
    expect(run.maxDelayMs, 'longest event-loop delay (ms)').toBeLessThan(1000);
    expect(run.healthy.length).toBeGreaterThan(0);
    expect(run.healthy.every((status) => status === 200)).toBe(true);
  }, 180_000);

  it("streams the XLSX (after the CSV: it compares with the rows' text): every row, memory bounded, the event loop free", async () => {
    const run = await measuredDownload('xlsx');
    // Read back as a stream too (the whole workbook in memory would cost the test more than the export).
    let rows = 0;
    let lastFolio: unknown;
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(run.file, {})) {
      for await (const row of sheet) {
        rows += 1;
        lastFolio = (row as ExcelJS.Row).getCell(1).value;
      }
    }
    expect(rows).toBe(1 + TICKETS);
    expect(lastFolio).toBe(String(TICKETS).padStart(6, '0'));
    // The sheet's XML is several times the rows' text (each cell in its tags) and exceljs's row models many times more:
    // an export that kept its rows would hold far more than four times their text; this one holds a batch, the zip's
    // buffers and exceljs's own (≈ 20 MB measured, whatever the row count).
    expect(rowsText).toBeGreaterThan(5_000_000);
    expect(run.growth, `memory grew ${run.growth} bytes for rows of ${rowsText} bytes of text`).toBeLessThan(rowsText * 4);
    expect(run.maxDelayMs, 'longest event-loop delay (ms)').toBeLessThan(1000);
    expect(run.healthy.length).toBeGreaterThan(0);
    expect(run.healthy.every((status) => status === 200)).toBe(true);
  }, 180_000);
});
