import { buildApp } from '../app';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/app-error';
import { issueGlobalInvoice } from '../invoicing/global-invoice';
import { withDemoSandbox } from './demo-sandbox';

/**
 * `npm run cfdi:global -- --month 2026-11`: the month's global invoice to the general public for every
 * sale paid that month that no invoice covers (`invoicing/global-invoice.ts`), through facturapi with
 * FACTURAPI_KEY, else the demo's stand-in (served by this process while it runs). Safe to repeat: a
 * month is invoiced once. Returns the exit code.
 */
export async function runGlobalInvoice(args: string[], out: (line: string) => void = console.log): Promise<number> {
  const at = args.indexOf('--month');
  const month = at >= 0 ? args[at + 1] : undefined;
  if (!month) {
    out('Usage: npm run cfdi:global -- --month YYYY-MM');
    return 1;
  }
  const { config, mount } = await withDemoSandbox(readConfig());
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const ctx = { db, config, now: () => new Date() };
  const app = await buildApp(ctx, { logger: false });
  try {
    await mount(app, ctx);
    await app.ready();
    const run = await issueGlobalInvoice(ctx, month);
    if (run.outcome === 'nothing') out(`${month}: no sale left to invoice`);
    else if (run.outcome === 'already') out(`${month}: already invoiced (UUID ${run.invoice?.uuid ?? 'being issued'})`);
    else out(`${month}: global invoice ${run.invoice!.uuid} issued for ${run.sales} sale(s), total $${(run.invoice!.total_cents / 100).toFixed(2)}`);
    return 0;
  } catch (error) {
    out(`${month}: ${error instanceof AppError ? error.mensajeIn('en') : error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await app.close();
    await db.kysely.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runGlobalInvoice(process.argv.slice(2)).then((code) => process.exit(code));
}
