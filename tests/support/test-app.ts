import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { withDemoSandbox } from '../../src/server/cli/demo-sandbox';
import { readConfig, type ServerConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { importEvent } from '../../src/server/services/event-import.service';
import { createMigratedTestDatabase } from './test-database';
import type { SandboxStore } from '../../sandbox';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  databaseUrl: string;
  /** Moves the server's clock forward (holds, tokens and discount windows read it). */
  advance: (ms: number) => void;
  /** Stops the app's clock where it is (`advance` still moves it) until `unfreeze`: a rate then counts only the time a test gives it. */
  freeze: () => void;
  unfreeze: () => void;
  /**
   * A fresh bot-check token for `action` on the page `hostname` (PUBLIC_URL's, else the test requests' `localhost`), asked of the reCAPTCHA sandbox as its api.js asks
   * (the app listens on a loopback port from then on: the server's siteverify call reaches the sandbox through it).
   */
  botToken: (action?: string, hostname?: string) => Promise<string>;
  /** Imports an event file straight through the service (as `npm run event:import` does: its versions say `cli`). */
  importEvent: (file: unknown) => Promise<unknown>;
  /** The demo sandbox's store (its own tables in the test's database), as the composition hands it over. */
  sandboxStore: SandboxStore;
  close: () => Promise<void>;
}

/** A real app on a real, migrated database of the project's dialect holding no data yet; `app.inject` talks to it. */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  // Tests hold and pay many times from one address and one e-mail: the caps a test checks it sets itself.
  const generous = { RATE_LIMIT_MAX: '100000', RATE_LIMIT_PDF_MAX: '100000', RATE_LIMIT_READ_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000', SEATS_SANDBOX_MAX_TOKENS_PER_CLIENT: '100000', VOUCHER_MAX_PER_BUYER: '100000', VOUCHER_MAX_SHARE: '1' };
  // As `npm start` composes it: providers without keys run as the sandbox, mounted beside the API.
  const { config, mount } = await withDemoSandbox(readConfig({ ...generous, LOG_LEVEL: 'silent' }, { databaseUrl: database.url, ...overrides }));
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  let offset = 0;
  let frozenAt: number | undefined;
  const ctx: AppContext = { db, config, now: () => new Date((frozenAt ?? Date.now()) + offset) };
  const app = await buildApp(ctx, { logger: false });
  const sandboxStore = await mount(app, ctx);
  await app.ready();
  return {
    app,
    ctx,
    databaseUrl: database.url,
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt ??= Date.now();
    },
    unfreeze: () => {
      if (frozenAt !== undefined) offset -= Date.now() - frozenAt;
      frozenAt = undefined;
    },
    botToken: async (action = 'new_purchase', hostname = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost') => {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await app.inject({ method: 'POST', url: '/sandbox/recaptcha/api/token', payload: { siteKey: config.recaptchaSiteKey, action, hostname } });
      return res.json().token as string;
    },
    importEvent: (file) => importEvent(ctx, file, { by: 'cli' }),
    sandboxStore: sandboxStore!,
    close: async () => {
      await app.close();
      await db.kysely.destroy();
      await database.drop();
    },
  };
}

/** The JSON body of a response, typed loosely for assertions. */
export function body(res: LightMyRequestResponse): Record<string, any> {
  return res.json() as Record<string, any>;
}
