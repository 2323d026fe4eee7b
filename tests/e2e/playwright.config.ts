import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests against the real server (API + built storefront from dist/client,
 * so run `npm run build` first). One fresh SQLite file, one free port and one
 * snapshot of dist/client per run, demo events loaded.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now (4173 is only a preference: several runs may share a machine). */
async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? preferred;
}

// Decided once in the runner; workers inherit the environment and see the same values.
if (!process.env.PLAYWRIGHT_PORT) process.env.PLAYWRIGHT_PORT = String(await freePort(4173));
const port = Number(process.env.PLAYWRIGHT_PORT);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_DATABASE_FILE ??= join(tmpdir(), `storefront-e2e-${Date.now()}-${process.pid}.sqlite`);
process.env.E2E_MAIN_SITE_URL ??= `${baseURL}/__main-site`;
// The admin import is on, so a spec can import a fixture event of tests/fixtures/events (field-types.spec.ts).
process.env.E2E_ADMIN_TOKEN ??= 'e2e-admin-token';
// Known to the specs, so seats.spec.ts can call the sandbox seat provider's API as the server does (its key derives from it).
process.env.E2E_SIGNING_SECRET ??= randomBytes(32).toString('hex');
// The server writes buyer e-mails here as .eml files (payments-*.spec.ts read them).
process.env.E2E_MAIL_OUTBOX_DIR ??= join(tmpdir(), `storefront-e2e-outbox-${Date.now()}-${process.pid}`);
// The Apple Wallet sandbox's signing chain (wallet-passes.spec.ts verifies passes against its root).
process.env.E2E_WALLET_SANDBOX_DIR ??= join(tmpdir(), `storefront-e2e-wallet-${Date.now()}-${process.pid}`);
// The server serves a snapshot of dist/client, so a rebuild during the run (other work in
// the same tree) cannot swap the hashed chunks under the browser.
if (!process.env.E2E_CLIENT_DIR) {
  const built = join(repoRoot, 'dist', 'client');
  if (!existsSync(join(built, 'index.html'))) throw new Error('No dist/client build: run "npm run build" before "npm run test:e2e".');
  const snapshot = mkdtempSync(join(tmpdir(), 'storefront-e2e-client-'));
  cpSync(built, snapshot, { recursive: true });
  process.env.E2E_CLIENT_DIR = snapshot;
}

// Debian's headless shell (`chromium-headless-shell`, the browser without its windowing layer) when
// installed: the same specs took 15–32 % less time than in the full Chromium's headless mode
// (docs/development.md). E2E_CHROMIUM names another binary.
const systemChromium = process.env.E2E_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
const launchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per port: a concurrent run (other work in the same tree) must not wipe this run's artifacts.
  outputDir: join(repoRoot, 'test-results', `e2e-${port}`),
  fullyParallel: true,
  // Two: on the 2-core machine of 2026-11-24 Chromium alone filled both cores (its GPU process
  // rendering in software, its browser process, the pages), and four workers were slower than two
  // (three spec files: 4.9 vs 3.8 min) and ran tests into their timeouts (35 of them in a full run).
  // An earlier machine left two workers more than half idle; there four were faster.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous: the suite may share a busy machine with other runs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]] : 'list',
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // Recording a trace for every test cost ≈ 30 % of the browser run's time (one spec file, four
    // workers: 2.1 → 1.5 min without it); a failure is retried once on CI, and the retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      // A journey that also runs on the phone walks it in Spanish there and in English here
      // (`inOneLanguagePerViewport` in support/fixtures.ts).
      grepInvert: /\[es, phone\]/,
    },
    {
      // Pixel 5 metrics (393×851, touch, mobile) in Chromium. The phone checks layout and touch
      // in Spanish only: the English texts are the same components, checked on desktop, and the
      // axe scans (colours, names, roles) do not depend on the viewport, so they run on desktop.
      // Only the layout-critical tests tagged @phone run here (the ticket page and its layout, the
      // attendee form's journey, the products carousel, the free claim to the thank-you page, the
      // seat map): a new test is desktop-only unless it opts in with `{ tag: '@phone' }`.
      name: 'phone',
      use: { ...devices['Pixel 5'], launchOptions },
      grep: /@phone/,
      grepInvert: [/\[en\]/, /axe-core/],
    },
  ],
  webServer: {
    // The server built from the current source (`scripts/build-server.mjs`, a second), per port so a
    // concurrent run keeps its own; it starts with less than half the CPU tsx needs to compile it.
    command: `node scripts/build-server.mjs dist/e2e-server/${port} && node --enable-source-maps dist/e2e-server/${port}/serve.mjs`,
    cwd: repoRoot,
    url: `${baseURL}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}`,
      CLIENT_DIR: process.env.E2E_CLIENT_DIR,
      MAIN_SITE_URL: process.env.E2E_MAIN_SITE_URL,
      // The suite creates many holds from one IP; the 429 toast is tested with a routed answer.
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_PDF_MAX: '100000',
      RATE_LIMIT_READ_MAX: '100000',
      HOLD_MAX_UNITS_PER_CLIENT: '100000',
      SEATS_SANDBOX_MAX_TOKENS_PER_CLIENT: '100000',
      VOUCHER_MAX_PER_BUYER: '100000',
      VOUCHER_MAX_SHARE: '1',
      DEMO_EVENTS: 'on',
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN,
      SIGNING_SECRET: process.env.E2E_SIGNING_SECRET,
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: process.env.E2E_MAIL_OUTBOX_DIR,
      WALLET_SANDBOX_DIR: process.env.E2E_WALLET_SANDBOX_DIR,
      // The browser-facing origin: the tickets e-mail links the thank-you page only when it is known.
      PUBLIC_URL: baseURL,
    },
  },
});
