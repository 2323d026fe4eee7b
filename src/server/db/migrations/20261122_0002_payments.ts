import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/**
 * Payments and fulfilment: payment attempts, the webhook inbox, emissions and tickets,
 * the e-mail outbox and the sandbox's state. Every "exactly once" rests on a unique key
 * here, not on a cache: one emission per purchase, one ticket per unit, one inbox row per
 * provider event, one e-mail per dedupe key.
 */
export function paymentsMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_detail', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('deadline', 'text')
    .addColumn('lang', 'text')
    .addColumn('refund_status', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_attempts_provider_reference', ['provider', 'provider_reference'])
    .execute();
  await db.schema.createIndex('payment_attempts_purchase').on('payment_attempts').column('purchase_id').execute();
  // One attempt per provider payment: a second reader of the same payment finds it instead of adding one.
  await db.schema.createIndex('payment_attempts_payment').on('payment_attempts').columns(['provider', 'provider_payment_id']).unique().execute();
  await db.schema.createIndex('payment_attempts_refund').on('payment_attempts').column('refund_status').execute();

  await withId(db.schema.createTable('webhook_inbox'), dialect)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addUniqueConstraint('webhook_inbox_provider_event', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('emissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_id', 'text', (c) => c.notNull().unique().references('purchases.id'))
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('emission_id', 'text', (c) => c.notNull().references('emissions.id'))
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('ticket_type_id', 'integer', (c) => c.notNull().references('ticket_types.id'))
    .addColumn('unit_index', 'integer', (c) => c.notNull())
    .addColumn('folio', 'integer', (c) => c.notNull())
    .addColumn('qr_secret', 'text', (c) => c.notNull().unique())
    .addColumn('attendee_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tickets_purchase_unit', ['purchase_id', 'unit_index'])
    .addUniqueConstraint('tickets_event_folio', ['event_id', 'folio'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempt_id', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .addColumn('message_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_status').on('mail_outbox').column('status').execute();

  await db.schema
    .createTable('sandbox_objects')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_objects_pk', ['provider', 'kind', 'id'])
    .execute();
}

/** Drops everything the migration created. */
async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_objects', 'mail_outbox', 'tickets', 'emissions', 'webhook_inbox', 'payment_attempts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
