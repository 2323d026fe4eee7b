import { readFileSync } from 'node:fs';
import { readConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../http/app-error';
import { importEvent } from '../services/event-import.service';

/**
 * `npm run event:import -- FILE...`: validates each event file and creates or updates
 * it in the database named by DATABASE_URL (default: the SQLite file `npm start` uses).
 * Returns the exit code: 0 when every file was imported, 1 otherwise.
 */
export async function runEventImport(files: string[], out: (line: string) => void = console.log): Promise<number> {
  if (files.length === 0) {
    out('Usage: npm run event:import -- event.json [another.json ...]');
    return 1;
  }
  const config = readConfig();
  const db = openDatabase(config.databaseUrl);
  let failed = 0;
  try {
    await migrateToLatest(db);
    const ctx = { db, config, now: () => new Date() };
    for (const file of files) {
      try {
        const result = await importEvent(ctx, JSON.parse(readFileSync(file, 'utf8')), { by: 'cli' });
        out(`${file}: ${result.created ? 'created' : 'updated'} /${result.url} (version ${result.version}, ${result.tickets} ticket types, ${result.productos} products)`);
        // A hidden type is sold only through its link: the operator hands these out.
        for (const hidden of result.hidden_links) out(`${file}  hidden «${hidden.name}» (id ${hidden.ticket_id}): ${hidden.link}`);
      } catch (error) {
        failed++;
        if (error instanceof AppError) {
          out(`${file}: ${error.mensaje}`);
          for (const p of (error.details?.problems as { pointer: string; message: string }[] | undefined) ?? []) out(`${file}  ${p.pointer || '/'}  ${p.message}`);
        } else if (error instanceof SyntaxError) out(`${file}: not valid JSON (${error.message})`);
        else out(`${file}: could not be read or imported (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } finally {
    await db.kysely.destroy();
  }
  out(`Database: ${db.describe}`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runEventImport(process.argv.slice(2)).then((code) => process.exit(code));
}
