/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile, its default simulated throttling or the
 * applied one of BENCH_LIGHTHOUSE_THROTTLING=devtools, system Chromium) on three screens of the demo event — the ticket page `/demo`, the attendee form with a
 * held purchase and the payment step — for this tree and for a baseline measured in the same run:
 * the same screens of another commit (BENCH_BASELINE_REF, by default the commit this branch
 * forked from main: `git merge-base HEAD main`), exported to a temporary folder, built there
 * (vite build) and served by its own server code. Prints each category's score and CLS, LCP, TBT.
 *
 * This tree is served from dist/client as it is (run `npm run build` first). Each server gets a
 * free port and a fresh SQLite file with the demo events. Figures, not pass/fail; a busy machine
 * raises TBT and LCP for both columns alike.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { memoryStorage, storageKeys } from '../../src/client/stores/ports';
import { rememberPurchaseKey } from '../../src/client/stores/purchaseKeys';
import { writeSavedPurchase } from '../../src/client/stores/purchaseSession';
import { mainThreadLine, measureMainThread, type MainThreadFigures } from './main-thread';
import { startBenchServer } from './server';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Lighthouse's default `simulate` estimates the throttled load from a fast local one; `devtools`
 * (BENCH_LIGHTHOUSE_THROTTLING=devtools) applies the slow network and CPU to the real load: slower
 * to run, closer to what a phone sees when the page paints before its scripts have arrived.
 */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** BENCH_MAIN_THREAD_ONLY=1: only the main thread's figures (main-thread.ts), no Lighthouse audit. */
const MAIN_THREAD_ONLY = process.env.BENCH_MAIN_THREAD_ONLY === '1';

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

/** The server of `root` (its own source) serving `clientDir`, demo events in a fresh SQLite file. */
function startServer(root: string, clientDir: string): Promise<{ baseUrl: string; stop: () => void }> {
  // The server's entry moved from src/server/main.ts to src/server/cli/serve.ts; an older baseline has the former.
  const entry = ['src/server/cli/serve.ts', 'src/server/main.ts'].find((path) => existsSync(join(root, path))) ?? 'src/server/cli/serve.ts';
  return startBenchServer({
    root,
    entry,
    timeoutMs: 120_000,
    env: { CLIENT_DIR: clientDir, DEMO_EVENTS: 'on', RATE_LIMIT_MAX: '100000', RATE_LIMIT_READ_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000' },
  });
}

/** `ref` exported to a temporary folder and its storefront built there (node_modules shared with this tree). */
function buildBaseline(ref: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'lighthouse-baseline-'));
  execFileSync('sh', ['-c', `git -C "${repoRoot}" archive "${ref}" | tar -x -C "${root}"`]);
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * A bot-check token for new_purchase as the page would get one: from the demo's reCAPTCHA stand-in (its
 * site key in /api/config), or, for a baseline from before the stand-in left the server, its old route.
 */
async function botCheckToken(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as { botCheck?: { siteKey?: string } };
  const siteKey = config.botCheck?.siteKey;
  const answer = siteKey
    ? await fetch(`${baseUrl}/sandbox/recaptcha/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siteKey, action: 'new_purchase', hostname: new URL(baseUrl).hostname }) })
    : await fetch(`${baseUrl}/api/sandbox/bot-check/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"new_purchase"}' });
  return ((await answer.json()) as { token: string }).token;
}

/** A held purchase of `tickets` (demo ticket ids), adopted by the tab as a refresh adopts it. */
async function holdInTab(page: Page, baseUrl: string, tickets: { ticket_id: number; cantidad: number }[]): Promise<void> {
  const token = await botCheckToken(baseUrl);
  const created = await fetch(`${baseUrl}/api/payments/new-purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'demo', token, code: null, identificador: null, tickets }),
  });
  if (!created.ok) throw new Error(`new-purchase: ${created.status} ${await created.text()}`);
  const { purchase_id: purchaseId, access_key: accessKey } = (await created.json()) as { purchase_id: string; access_key: string };
  const kept = memoryStorage();
  writeSavedPurchase(kept, { purchase_id: purchaseId, url: 'demo' });
  rememberPurchaseKey(kept, purchaseId, accessKey);
  const entries = [storageKeys.purchase, storageKeys.purchaseKeys].map((key) => [key, kept.getItem(key)!] as const);
  await page.goto(`${baseUrl}/api/config`);
  await page.evaluate((pairs) => pairs.forEach(([key, value]) => window.sessionStorage.setItem(key, value)), entries);
}

async function audit(page: Page, port: number, url: string, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', formFactor: 'mobile', throttlingMethod: THROTTLING, disableStorageReset: keepStorage, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) console.log(`  ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { categories: c, audits: a } = result.lhr;
  const score = (id: string) => Math.round((c[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: a['cumulative-layout-shift'].numericValue ?? NaN,
    lcpMs: a['largest-contentful-paint'].numericValue ?? NaN,
    tbtMs: a['total-blocking-time'].numericValue ?? NaN,
  };
}

// `drawn`: what React draws on the screen and the static first view never has (it has no headings).
const SCREENS = [
  { name: '/demo (ticket page)', path: '/demo', hold: undefined, drawn: 'h2' },
  // General (id 1) has attendee fields; VIP (id 2) goes straight to the payment step.
  { name: 'attendee form, held', path: '/demo/form', hold: [{ ticket_id: 1, cantidad: 1 }], drawn: 'form input' },
  { name: 'payment step, held', path: '/demo/payment-method', hold: [{ ticket_id: 2, cantidad: 1 }], drawn: 'h1' },
] as const;

interface ScreenFigures {
  lighthouse?: Figures;
  mainThread: MainThreadFigures;
}

/** One Chromium per measure: Lighthouse's trace lost its navigation start (NO_NAVSTART) in a browser that had opened and closed contexts. */
async function withBrowser<T>(use: (browser: Awaited<ReturnType<typeof puppeteer.connect>>, port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      return await use(browser, chrome.port);
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

async function measureServer(baseUrl: string): Promise<ScreenFigures[]> {
  const audits = MAIN_THREAD_ONLY
    ? SCREENS.map(() => undefined)
    : await withBrowser(async (browser, port) => {
        const figures: Figures[] = [];
        for (const screen of SCREENS) {
          const page = await browser.newPage();
          if (screen.hold) await holdInTab(page, baseUrl, [...screen.hold]);
          figures.push(await audit(page, port, `${baseUrl}${screen.path}`, Boolean(screen.hold)));
          await page.close();
        }
        return figures;
      });
  const mainThread = await withBrowser(async (browser) => {
    const figures: MainThreadFigures[] = [];
    for (const screen of SCREENS) {
      const hold = screen.hold;
      figures.push(await measureMainThread(browser, `${baseUrl}${screen.path}`, screen.drawn, hold ? (page) => holdInTab(page, baseUrl, [...hold]) : undefined));
    }
    return figures;
  });
  return SCREENS.map((_screen, index) => ({ lighthouse: audits[index], mainThread: mainThread[index] }));
}

function line(label: string, f: Figures): string {
  return `  ${label.padEnd(10)} perf ${String(f.performance).padStart(3)}  a11y ${String(f.accessibility).padStart(3)}  best ${String(f.bestPractices).padStart(3)}  seo ${String(f.seo).padStart(3)}  CLS ${f.cls.toFixed(3)}  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms`;
}

export default async function benchLighthouse(): Promise<void> {
  if (!existsSync(join(repoRoot, 'dist', 'client', 'index.html'))) throw new Error('No dist/client: run "npm run build" first.');
  const ref = process.env.BENCH_BASELINE_REF ?? execFileSync('git', ['-C', repoRoot, 'merge-base', 'HEAD', 'main']).toString().trim();
  console.log(`\nLighthouse, mobile (${THROTTLING === 'devtools' ? 'applied' : 'simulated'} throttling), ${CHROMIUM}; baseline: ${ref.slice(0, 12)} built in a temporary folder`);
  const baseline = buildBaseline(ref);
  const results: Record<'baseline' | 'this tree', ScreenFigures[]> = { baseline: [], 'this tree': [] };
  try {
    for (const [label, root, clientDir] of [
      ['baseline', baseline.root, join(baseline.root, 'dist', 'client')],
      ['this tree', repoRoot, join(repoRoot, 'dist', 'client')],
    ] as const) {
      const server = await startServer(root, clientDir);
      try {
        results[label] = await measureServer(server.baseUrl);
      } finally {
        server.stop();
      }
    }
  } finally {
    baseline.remove();
  }
  SCREENS.forEach((screen, index) => {
    console.log(`\n${screen.name}`);
    for (const label of ['baseline', 'this tree'] as const) {
      const { lighthouse: figures, mainThread } = results[label][index];
      if (figures) console.log(line(label, figures));
      console.log(mainThreadLine(label, mainThread));
    }
  });
}
