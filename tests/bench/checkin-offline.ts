import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDoor } from './checkin-seed';
import { startBenchServer } from './server';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TICKETS = Number(process.env.BENCH_CHECKIN_TICKETS ?? 20_000);
const SCANS = Number(process.env.BENCH_CHECKIN_SCANS ?? 60);
const SECRET = 'bench-secret';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `npm run bench -- checkin-offline`: the door scanner's verdict time offline. A SQLite file holds a list of
 * TICKETS (20,000) tickets and one paired device; the real server (`dist/client`: run `npm run build` first)
 * serves `/checkin#token` to the system Chromium, which syncs the list, then goes offline
 * (`context.setOffline`). SCANS codes are typed through the keyboard-wedge field, each followed by Enter, as a
 * hardware scanner does — a fifth of them codes scanned before (`already_used`) — and the page's own
 * `checkin:verdict` measures (from the code to the verdict on screen, `DoorStore.scan`) are read: p50 and p95
 * with Chromium's CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`, the goal: p95 ≤ 50 ms), beside the
 * baseline of the same page unthrottled.
 */
export default async function benchCheckinOffline(): Promise<void> {
  if (!existsSync(join(repoRoot, 'dist', 'client', 'index.html'))) throw new Error('No dist/client: run "npm run build" first.');
  const dir = mkdtempSync(join(tmpdir(), 'checkin-offline-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'door.sqlite')}`;
  const db = openDatabase(databaseUrl);
  let seeded: Awaited<ReturnType<typeof seedDoor>>;
  try {
    await migrateToLatest(db);
    seeded = await seedDoor({ db, config: readConfig({}, { databaseUrl, signingSecret: SECRET }), now: () => new Date() }, TICKETS, 1);
  } finally {
    await db.kysely.destroy();
  }
  const server = await startBenchServer({ databaseUrl, env: { SIGNING_SECRET: SECRET, DEMO_EVENTS: 'off', RATE_LIMIT_CHECKIN_MAX: '100000' } });
  const browser = await chromium.launch({ executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${server.baseUrl}/checkin#${seeded.devices[0].token}`);
    // The counts show the list's total once the first sync is applied and stored.
    await page.waitForFunction((total) => (document.querySelector('[data-testid="checkin-counts"]')?.textContent ?? '').replace(/\D/g, '').endsWith(String(total)), TICKETS, { timeout: 180_000, polling: 250 });
    const loaded = performance.now() - t0;
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const cdp = await context.newCDPSession(page);
    const codes = seeded.codes;
    const plain = await typeCodes(page, pick(codes, 0));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slowed = await typeCodes(page, pick(codes, SCANS));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const line = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
    };
    console.log(`checkin offline (Chromium, ${TICKETS} tickets in the list, synced and stored in ${(loaded / 1000).toFixed(1)} s): verdict with the CPU slowed 4×: ${line(slowed)} over ${SCANS} scans (goal p95 ≤ 50 ms); baseline, unthrottled: ${line(plain)}`);
  } finally {
    await browser.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SCANS codes from `from` on: four new ones, then one of those scanned again, and so on. */
function pick(codes: string[], from: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < SCANS; i += 1) out.push((i + 1) % 5 === 0 ? out[out.length - 4] : codes[from + i]);
  return out;
}

/** Types each code into the keyboard-wedge field and presses Enter; the page's verdict times for them. */
async function typeCodes(page: Page, codes: string[]): Promise<number[]> {
  const before = await page.evaluate(() => performance.getEntriesByName('checkin:verdict').length);
  const field = page.locator('#checkin-code');
  for (let i = 0; i < codes.length; i += 1) {
    await field.focus();
    await page.keyboard.insertText(codes[i]);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => performance.getEntriesByName('checkin:verdict').length >= n, before + i + 1);
  }
  return page.evaluate((from) => performance.getEntriesByName('checkin:verdict').slice(from).map((e) => e.duration), before);
}
