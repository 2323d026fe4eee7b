import { resolve } from 'node:path';
import { buildApp } from '../app';
import { withDemoSandbox } from './demo-sandbox';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/app-error';
import { ensureDemoDoor } from '../demo/demo-door';
import { ensureDemoOwner } from '../operators/demo-owner';
import { loadDemoEventsIfEmpty } from '../demo/load-demo-events';
import { assertStoredEventsServable } from '../services/event-providers.service';
import { closeOnSignals } from '../shutdown';
import { scannerLinkLines } from './scanner-link';
import { sealStoredSecrets } from '../secrets-at-rest';
import { assertStartable, sandboxBanner } from '../start-checks';

/**
 * Starts the storefront + API on one port: check the configuration, open and migrate the database,
 * load demos, check the stored events against the providers, listen, print the banner; stops on
 * SIGTERM/SIGINT (`shutdown.ts`).
 */
async function main(): Promise<void> {
  const config = readConfig(process.env, { clientDir: resolve(process.env.CLIENT_DIR ?? 'dist/client') });
  // Providers without keys whose sandbox is on get the sandbox's keys and URLs, and the sandbox is mounted.
  const { config: composed, mount } = await withDemoSandbox(config);
  assertStartable(composed);
  const db = openDatabase(config.databaseUrl, { backgroundCheckpoint: true });
  await migrateToLatest(db);
  const ctx = { db, config: composed, now: () => new Date() };
  // Secrets a version before sealing kept in plain text are sealed before anything reads them.
  const sealed = await sealStoredSecrets(ctx);
  if (sealed > 0) console.log(`  Sealed ${sealed} stored secret(s) with SECRETS_KEY (docs/decisions/028-secrets-at-rest.md).`);
  const loaded = config.loadDemoEvents ? await loadDemoEventsIfEmpty(ctx) : [];
  await assertStoredEventsServable(ctx);
  const app = await buildApp(ctx);
  await mount(app, ctx);
  closeOnSignals(app, db, config.shutdownGraceSeconds);
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // In `npm run dev` the buyer-facing URL is Vite's, not the API's own port.
  const base = config.publicUrl ?? `http://localhost:${port}`;
  console.log(`\n  Checkout ready at ${base}/demo  (listening on port ${port}, database: ${db.describe}${config.production ? ', production mode' : ''})`);
  if (loaded.length > 0) console.log(`  Demo events loaded: ${loaded.map((u) => `${base}/${u}`).join('  ')}`);
  // The demo event's door scanner, the same device and link on every start (`demo/demo-door.ts`).
  const door = config.loadDemoEvents ? await ensureDemoDoor(ctx, base) : undefined;
  if (door) {
    const [qr, sentence] = await scannerLinkLines(door.url);
    console.log(`  Door scanner of ${base}/demo (list all, "Puerta demo"):\n${qr}  ${sentence}`);
  }
  // The operator console; outside production a database without operators gets the demo owner and its link.
  console.log(`  Operator console: ${base}/admin${config.adminToken ? '' : '  (no ADMIN_TOKEN: the admin API takes operator sessions only)'}`);
  const owner = config.production ? undefined : await ensureDemoOwner(ctx, base);
  if (owner) console.log(`  Set the password of ${owner.email} (owner) with this one-time link: ${owner.link}`);
  for (const line of sandboxBanner(composed)) console.log(`  ${line}`);
  console.log('');
}

main().catch((error: unknown) => {
  // A refused demo import is an AppError: its English sentence, like the rest of the start's.
  const reason = error instanceof AppError ? error.mensajeIn('en') : error instanceof Error ? error.message : String(error);
  console.error(`Could not start the server: ${reason}`);
  process.exit(1);
});
