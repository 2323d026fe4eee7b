import { parseArgs } from 'node:util';
import { createCheckinDevice } from '../checkin/devices';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/app-error';
import { scannerLinkLines } from './scanner-link';

/**
 * `npm run checkin:device -- --event demo --list all --name "Puerta A"`: pairs a door scanner to a
 * check-in list in the database of DATABASE_URL and prints `{device_id, token, url}` and the url as a
 * QR in the terminal (open it with the phone's camera). The url's origin is PUBLIC_URL, else
 * http://localhost:PORT. Returns the exit code: 0, or 1 for a bad argument, event or list.
 */
export async function runCheckinDevice(args: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({ args, options: { event: { type: 'string' }, list: { type: 'string' }, name: { type: 'string' } }, strict: false });
  const { event, list, name } = values as { event?: string; list?: string; name?: string };
  if (!event || !list || !name || name.length > 80) {
    out('Usage: npm run checkin:device -- --event EVENT_URL --list LIST_ID --name "Puerta A"');
    return 1;
  }
  const config = readConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    const device = await createCheckinDevice({ db, config, now: () => new Date() }, event, { list, name }, origin);
    out(JSON.stringify(device));
    for (const line of await scannerLinkLines(device.url)) out(line);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out(`${event}: ${error.mensajeIn('en')}`);
      return 1;
    }
    throw error;
  } finally {
    await db.kysely.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runCheckinDevice(process.argv.slice(2)).then((code) => process.exit(code));
}
