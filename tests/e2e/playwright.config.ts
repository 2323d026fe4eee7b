import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests against the real server (API + built storefront from dist/client,
 * so run `npm run build` first). One fresh SQLite file per run, demo events loaded.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.PLAYWRIGHT_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner; workers inherit the environment and see the same values.
process.env.E2E_DATABASE_FILE ??= join(tmpdir(), `storefront-e2e-${Date.now()}-${process.pid}.sqlite`);
process.env.E2E_MAIN_SITE_URL ??= `${baseURL}/__main-site`;

const systemChromium = '/usr/bin/chromium';
const launchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(repoRoot, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]] : 'list',
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // Pixel 5 metrics (393×851, touch, mobile) in Chromium.
      name: 'phone',
      use: { ...devices['Pixel 5'], launchOptions },
    },
  ],
  webServer: {
    command: 'npx tsx src/server/main.ts',
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
      MAIN_SITE_URL: process.env.E2E_MAIN_SITE_URL,
      // The suite creates many holds from one IP; the 429 toast is tested with a routed answer.
      RATE_LIMIT_MAX: '100000',
      DEMO_EVENTS: 'on',
      LOG_LEVEL: 'warn',
    },
  },
});
