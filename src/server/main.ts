import { resolve } from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { loadDemoEventsIfEmpty } from './demo/load-demo-events';
import { closeOnSignals } from './shutdown';

/** Starts the storefront + API on one port: open and migrate the database, load demos, listen, print the URL; stops on SIGTERM/SIGINT (`shutdown.ts`). */
async function main(): Promise<void> {
  const config = readConfig(process.env, { clientDir: resolve(process.env.CLIENT_DIR ?? 'dist/client') });
  const db = openDatabase(config.databaseUrl, { backgroundCheckpoint: true });
  await migrateToLatest(db);
  const ctx = { db, config, now: () => new Date() };
  const loaded = config.loadDemoEvents ? await loadDemoEventsIfEmpty(ctx) : [];
  const app = await buildApp(ctx);
  closeOnSignals(app, db, config.shutdownGraceSeconds);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // In `npm run dev` the buyer-facing URL is Vite's, not the API's own port.
  const base = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(`\n  Checkout listo en ${base}/demo  (base de datos: ${db.describe})`);
  if (loaded.length > 0) console.log(`  Eventos de demostración cargados: ${loaded.map((u) => `${base}/${u}`).join('  ')}`);
  if (!config.adminToken) console.log('  API de administración apagada (define ADMIN_TOKEN para activarla).');
  console.log('');
}

main().catch((error: unknown) => {
  console.error(`No se pudo iniciar el servidor: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
