import type { Kysely, Migration } from 'kysely';

/**
 * Invoices (CFDI, `invoicing/`):
 * - `events.invoicing_json`: the event file's `invoicing` (request window, tax, SAT keys);
 * - `invoices`: one row per CFDI asked of the provider, made exactly once by its `unique_key`
 *   (`order:{purchase}` a buyer's ingreso, `global:{YYYY-MM}` the month's global invoice,
 *   `egreso:{refund}` a credit note), claimed (`issuing`) before the provider is called, then its
 *   provider id, UUID, XML and PDF (base64) once `issued`, `cancelled` when the CFDI is cancelled;
 * - `invoiced_purchases`: which invoice a paid sale went into (a purchase once: its own ingreso or a global invoice);
 * - `fiscal_profiles`: a buyer's fiscal data saved with their consent, per e-mail address.
 */
export function invoicingMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('invoicing_json', 'text').execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unique_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('purchase_id', 'text', (c) => c.references('purchases.id'))
    .addColumn('related_invoice_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('receiver_json', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('uuid', 'text')
    .addColumn('xml', 'text')
    .addColumn('pdf_base64', 'text')
    .addColumn('cancellation_motive', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_purchase').on('invoices').columns(['purchase_id']).execute();
  await db.schema
    .createTable('invoiced_purchases')
    .addColumn('purchase_id', 'text', (c) => c.primaryKey().references('purchases.id'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .execute();
  await db.schema.createIndex('invoiced_purchases_invoice').on('invoiced_purchases').columns(['invoice_id']).execute();
  await db.schema
    .createTable('fiscal_profiles')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fiscal_profiles').execute();
  await db.schema.dropTable('invoiced_purchases').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.alterTable('events').dropColumn('invoicing_json').execute();
}
