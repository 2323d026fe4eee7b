import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { findEventByUrl } from '../repositories/event.repository';
import { checkStock, stockLineDiffers } from '../services/stock-check.service';

/**
 * `npm run stock:check -- {url}`: each ticket type's and product's held and sold counters beside
 * a recount from the purchase rows, in the database named by DATABASE_URL; safe on a live
 * server (it only reads). Returns the exit code: 0 when they agree, 1 on a difference or a bad argument.
 */
export async function runStockCheck(args: string[], out: (line: string) => void = console.log): Promise<number> {
  if (args.length !== 1) {
    out('Usage: npm run stock:check -- EVENT_URL');
    return 1;
  }
  const config = readConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const event = await findEventByUrl(db.kysely, args[0]);
    if (!event) {
      out(`${args[0]}: no event has that url in ${db.describe}`);
      return 1;
    }
    const lines = await checkStock(db.kysely, event.id);
    for (const l of lines) {
      out(`${l.kind} ${l.id} «${l.name}»: held ${l.held} (recount ${l.heldRecount}), sold ${l.sold} (recount ${l.soldRecount}), left ${l.left}${stockLineDiffers(l) ? '  ← DIFFERS' : ''}`);
    }
    const differing = lines.filter(stockLineDiffers).length;
    out(differing === 0 ? `${event.url}: the counters match the recount` : `${event.url}: ${differing} counter(s) differ from the recount`);
    return differing === 0 ? 0 : 1;
  } finally {
    await db.kysely.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runStockCheck(process.argv.slice(2)).then((code) => process.exit(code));
}
