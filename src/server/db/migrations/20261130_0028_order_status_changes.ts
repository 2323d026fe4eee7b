import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * A paid order called off after the fact (its payment given back at the provider):
 * - `order_status_changes`: one row per change of a paid purchase's status — from, to, why and the
 *   payment behind it — written in the transaction that changes it (`orders/cancel-order.ts`).
 *   Unique per purchase and new status, so a change is recorded once however often it is reported.
 * - `payment_attempts.refunded_cents`: what the provider reports given back of a payment (a partial
 *   refund leaves the order as it is and is only recorded here).
 */
export function orderStatusChangesMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('order_status_changes');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempt_id', 'text', (c) => c.references('payment_attempts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_status_changes_once', ['purchase_id', 'to_status'])
    .execute();
  await db.schema.alterTable('payment_attempts').addColumn('refunded_cents', 'integer').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('refunded_cents').execute();
  await db.schema.dropTable('order_status_changes').execute();
}
