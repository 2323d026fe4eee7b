import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What a buyer may change after paying: transfer a ticket, cancel some or all of an order.
 * - `events.transfers_json`, `events.refund_policy_json`: the event file's `transfers` and `refund_policy` (null: the defaults).
 * - `tickets.transferred_from`: the ticket a transfer replaced (its code revoked); `tickets.holder_email`: whom it was
 *   transferred to (null for the buyer's own tickets); `tickets.holder_answers_json`: their answers to the type's attendee form.
 * - `purchase_access_keys.ticket_id`: a key that opens one ticket only (a transfer's recipient); null opens the purchase.
 * - `purchase_lines.cancelled_quantity`: units of the line the buyer cancelled (out of `sold` already).
 * - `mail_outbox.ticket_id`: the ticket an e-mail is about (a transfer's recipient's).
 * - `order_events.note`: what the history says beside an event's reason (a transferred ticket's folio).
 * - `buyer_cancellations`: each cancellation by the buyer, its amounts and its refund (claimed once by compare-and-set).
 * - `payouts`: refunds of cash and bank-transfer payments, paid by hand to a CLABE and confirmed by an operator.
 */
export function orderChangesMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('transfers_json', 'text').execute();
  await db.schema.alterTable('events').addColumn('refund_policy_json', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('transferred_from', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('holder_email', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('holder_answers_json', 'text').execute();
  await db.schema.alterTable('purchase_access_keys').addColumn('ticket_id', 'text').execute();
  await db.schema.alterTable('purchase_lines').addColumn('cancelled_quantity', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('mail_outbox').addColumn('ticket_id', 'text').execute();
  // One transfer replaces a ticket once: of two at the same moment, the second insert fails.
  await sql`create unique index tickets_transferred_from on tickets (transferred_from)`.execute(db);

  await db.schema.alterTable('order_events').addColumn('note', 'text').execute();

  await db.schema.createTable('buyer_cancellations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('ticket_ids_json', 'text', (c) => c.notNull())
    .addColumn('paid_cents', 'integer', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('refund_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('refund_status', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('buyer_cancellations_purchase', ['purchase_id', 'id'])
    .execute();

  await db.schema.createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('cancellation_id', 'text', (c) => c.notNull().unique().references('buyer_cancellations.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('clabe', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'text')
    .addColumn('confirmed_at', 'text')
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('buyer_cancellations').execute();
  await db.schema.alterTable('order_events').dropColumn('note').execute();
  await sql`drop index tickets_transferred_from`.execute(db);
  await db.schema.alterTable('mail_outbox').dropColumn('ticket_id').execute();
  await db.schema.alterTable('purchase_lines').dropColumn('cancelled_quantity').execute();
  await db.schema.alterTable('purchase_access_keys').dropColumn('ticket_id').execute();
  await db.schema.alterTable('tickets').dropColumn('holder_answers_json').execute();
  await db.schema.alterTable('tickets').dropColumn('holder_email').execute();
  await db.schema.alterTable('tickets').dropColumn('transferred_from').execute();
  await db.schema.alterTable('events').dropColumn('refund_policy_json').execute();
  await db.schema.alterTable('events').dropColumn('transfers_json').execute();
}
