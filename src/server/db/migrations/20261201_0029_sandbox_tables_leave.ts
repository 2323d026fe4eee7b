import type { Kysely, Migration } from 'kysely';

/**
 * The demo sandbox's state leaves the server's schema: the sandbox (top-level `sandbox/`) keeps it in
 * tables of its own, made by its own migrations (`sandbox_payment_objects`, `sandbox_seat_*`). What the
 * old tables held were stand-in providers' short-lived objects; nothing of the server's refers to them.
 */
export function sandboxTablesLeaveMigration(): Migration {
  return { up };
}

async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_objects', 'seats_sandbox_holds', 'seats_sandbox_events', 'seats_sandbox_tokens']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
