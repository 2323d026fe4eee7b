import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { listDeadMail, requeueDeadMail } from '../repositories/mail-outbox.repository';
import { deadMailView } from '../routes/admin-outbox.routes';

/**
 * `npm run outbox:failed`: the e-mails that ran out of attempts (MAIL_MAX_ATTEMPTS) in the
 * database named by DATABASE_URL, one JSON object a line; `-- --retry ID` queues one again
 * with a fresh count once its cause is fixed (a running server sends it on its next retry).
 * Returns the exit code: 0, or 1 for a bad argument or an id that is not dead-lettered.
 */
export async function runOutboxFailed(args: string[], out: (line: string) => void = console.log): Promise<number> {
  const retry = args[0] === '--retry' ? args[1] : undefined;
  if (args.length > 0 && !retry) {
    out('Usage: npm run outbox:failed [-- --retry ID]');
    return 1;
  }
  const config = readConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    if (retry) {
      if (!(await requeueDeadMail(db.kysely, retry))) {
        out(`${retry}: no dead-lettered e-mail has that id`);
        return 1;
      }
      out(`${retry}: queued again; the server sends it on its next retry`);
      return 0;
    }
    const rows = await listDeadMail(db.kysely, null);
    for (const row of rows) out(JSON.stringify(deadMailView(row)));
    out(`${rows.length} dead-lettered e-mail(s) in ${db.describe}`);
    return 0;
  } finally {
    await db.kysely.destroy();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runOutboxFailed(process.argv.slice(2)).then((code) => process.exit(code));
}
