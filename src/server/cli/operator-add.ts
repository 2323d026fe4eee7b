import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/app-error';
import { addOperator } from '../operators/accounts';
import { ROLES, isRole } from '../operators/roles';

/**
 * `npm run operator:add -- --email ana@example.mx --role owner [--events demo,demo-free]`: adds an
 * operator of the console to the database of DATABASE_URL and prints the one-time link that sets its
 * password (`{PUBLIC_URL}/admin/set-password#token=…`, else http://localhost:PORT). Returns the exit
 * code: 0, or 1 for a bad argument or an e-mail already taken.
 */
export async function runOperatorAdd(args: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, role: { type: 'string' }, events: { type: 'string' } }, strict: false });
  const { email, role, events } = values as { email?: string; role?: string; events?: string };
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email) || !role || !isRole(role)) {
    out(`Usage: npm run operator:add -- --email ana@example.mx --role ${ROLES.join('|')} [--events demo,demo-free]`);
    return 1;
  }
  const eventUrls = events ? events.split(',').map((url) => url.trim()).filter(Boolean) : null;
  const config = readConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    const { operator, link } = await addOperator({ db, config, now: () => new Date() }, { email, role, events: eventUrls }, origin);
    out(`Operator ${operator.email} (${operator.role}${eventUrls ? `, events ${eventUrls.join(', ')}` : ''}) added.`);
    out(`One-time link to set the password (valid ${config.operatorSessions.setPasswordHours} h): ${link}`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out(`${email}: ${error.mensajeIn('en')}`);
      return 1;
    }
    throw error;
  } finally {
    await db.kysely.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runOperatorAdd(process.argv.slice(2)).then((code) => process.exit(code));
}
