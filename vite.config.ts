import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formValidatorsPlugin } from './scripts/vite-plugin-form-validators.js';
import { formChunkPlugin } from './scripts/vite-plugin-form-chunk.js';
import { formEngineTrimPlugin } from './scripts/vite-plugin-form-engine-trim.js';
import { appPreloadPlugin } from './scripts/vite-plugin-app-preload.js';
import { precompressPlugin } from './scripts/vite-plugin-precompress.js';
import { themeTrimPlugin } from './scripts/vite-plugin-theme-trim.js';
import { treeShakeHintsPlugin } from './scripts/vite-plugin-tree-shake-hints.js';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One config for the storefront build (Vite) and every Vitest project.
 * The SPA lives in src/client; its build lands in dist/client, which the
 * Fastify server serves on the same port as the API.
 */
export default defineConfig({
  root: root('./src/client'),
  publicDir: root('./public'),
  // formValidatorsPlugin: schemas/forms precompiled to standalone validators (strict CSP, docs/decisions/003).
  // precompressPlugin: .br and .gz copies of the build, sent as they are to browsers that accept them.
  // formEngineTrimPlugin: rjsf's markdown renderer, URI resolver and allOf merger, which our forms
  // never run, replaced by small stand-ins (docs/decisions/016-page-weight.md).
  // themeTrimPlugin: MUI's CSS-variables theme code, which our plain theme never runs, left out (same decision);
  // treeShakeHintsPlugin: react-router's unused components and an unused CommonJS helper made removable (same decision);
  // appPreloadPlugin: index.html preloads the App's chunk, which the entry imports dynamically (src/client/main.tsx).
  // formChunkPlugin: the form engine, the terms line and the attendee module loader in one chunk (same decision).
  plugins: [react(), formValidatorsPlugin(), formEngineTrimPlugin(), themeTrimPlugin(), treeShakeHintsPlugin(), formChunkPlugin(), appPreloadPlugin(), precompressPlugin()],
  build: {
    outDir: root('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: tests/bench/page-weight.ts reads the first-visit graph from it.
    manifest: true,
    // No modulepreload polyfill (≈ 0.5 KiB gzip on every first visit): every browser we serve
    // but Safari < 17 and Firefox < 115 preloads modules itself; those few still load every
    // chunk as before, only without the early hint (docs/decisions/016-page-weight.md).
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev`: Vite serves the SPA and forwards /api to the API process.
    // The API and the demo's stand-in providers (their scripts, e.g. /sandbox/recaptcha/api.js) are on the API's port.
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, '/sandbox': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
  test: {
    root: root('.'),
    // Vitest's default is one worker less than the cores: ONE on a 2-core CI machine, where the API
    // files spend much of their time waiting on SQLite, PostgreSQL and spawned servers. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: root('.'),
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure code with no mocks, stubbed globals or per-file state: the files share one module
          // graph per worker instead of re-importing it (the module caches are keyed by content).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          root: root('.'),
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database; nothing else is per file (no mocks,
          // no stubbed globals; the validator caches are keyed by content), so the files share
          // one module graph per worker instead of re-importing Fastify, Kysely and ajv each time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          root: root('.'),
          include: ['tests/api/**/*.test.ts'],
          // Files whose behaviour does not depend on the database run once, on SQLite: start-up
          // refusals, CPU budgets, request bounds, HTTP hardening, static delivery, rate limits (in memory or Redis), the
          // providers' wire shapes (the adapters against recorded answers, the sandboxes against the
          // official SDKs), the event preview (compiled in memory), the page head, errors' language, mail layout,
          // and the sandboxes' own surfaces (scripts, pages, token and payment APIs, wallet stand-ins: the stand-in
          // providers' answers, whose effects on our tables the provider files cover on both databases).
          exclude: [
            'tests/api/payments/contracts/**',
            'tests/api/payments/mercadopago-browser-sandbox.test.ts',
            'tests/api/payments/mercadopago-cards-sandbox.test.ts',
            'tests/api/payments/mercadopago-card-payments-sandbox.test.ts',
            'tests/api/payments/mercadopago-fast-payments-sandbox.test.ts',
            'tests/api/wallet/google-wallet-sandbox.test.ts',
            'tests/api/wallet/wallet-update-sandboxes.test.ts',
            'tests/api/rate-limits.test.ts',
            'tests/api/event-preview.test.ts',
            'tests/api/event-preview-cli.test.ts',
            'tests/api/first-screen.test.ts',
            'tests/api/error-language.test.ts',
            'tests/api/sandbox-abuse.test.ts',
            'tests/api/payments/mail-message.test.ts',
            'tests/api/production-mode.test.ts',
            'tests/api/pattern-budget.test.ts',
            'tests/api/attendee-validators.test.ts',
            'tests/api/shared-rate-limit.test.ts',
            'tests/api/body-bounds.test.ts',
            'tests/api/http-hardening.test.ts',
            'tests/api/slow-connections.test.ts',
            'tests/api/storefront-delivery.test.ts',
          ],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One PostgreSQL server, each file on its own database in it (the files that stop a
          // server start a throwaway one of their own), so the files run side by side like api-sqlite's.
          isolate: false, // as api-sqlite
        },
      },
    ],
  },
});
