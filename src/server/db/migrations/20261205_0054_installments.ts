import type { Kysely, Migration } from 'kysely';

/**
 * Card instalments (meses sin intereses, `payments/installments.ts`):
 * - `events.installments_json`: the event file's `installments` (null when absent: one payment);
 * - `payment_attempts.installments`: the months of the plan the payment was made with, checked against
 *   the provider's offer before charging (null: one payment);
 * - `payment_attempts.installments_total_cents`: what the buyer pays over the plan (the amount for an
 *   interest-free plan, more with the issuer's interest).
 */
export function installmentsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('installments_json', 'text').execute();
  await db.schema.alterTable('payment_attempts').addColumn('installments', 'integer').execute();
  await db.schema.alterTable('payment_attempts').addColumn('installments_total_cents', 'integer').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('installments_total_cents').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('installments').execute();
  await db.schema.alterTable('events').dropColumn('installments_json').execute();
}
