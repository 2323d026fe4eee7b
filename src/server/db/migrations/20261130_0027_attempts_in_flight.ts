import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Payments that must not be lost or doubled:
 * - `payment_attempts.in_flight`: 1 while a token payment (card, super token, Openpay) may still be
 *   charging or settling. At most one per purchase (a unique index on the purchase while 1), so a
 *   second start with another card is refused before the provider is asked; a settled attempt is 0.
 * - `payment_attempts.reconcile_at`: when the pending-work loop next re-reads an attempt still
 *   `created` or `pending` from its provider (a process that died between the provider's answer
 *   and its commit left it so); null once settled or given up. Found through a partial index of
 *   the rows that have one. Open attempts of the last week are scheduled at once.
 */
export function attemptsInFlightMigration(): Migration {
  return { up, down };
}

const WEEK_MS = 7 * 24 * 3_600_000;

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('payment_attempts').addColumn('reconcile_at', 'text').execute();
  await sql`create unique index payment_attempts_in_flight on payment_attempts (purchase_id) where in_flight = 1`.execute(db);
  await sql`create index payment_attempts_reconcile on payment_attempts (reconcile_at) where reconcile_at is not null`.execute(db);
  const since = new Date(Date.now() - WEEK_MS).toISOString();
  await sql`update payment_attempts set reconcile_at = updated_at where status in ('created', 'pending') and created_at > ${since}`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_attempts_reconcile').execute();
  await db.schema.dropIndex('payment_attempts_in_flight').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('reconcile_at').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('in_flight').execute();
}
