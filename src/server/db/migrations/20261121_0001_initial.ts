import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

/** Auto-increment primary key: the one column type the two dialects spell differently. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** The first schema: events and their catalogue, purchases with their lines, spent tokens. */
export function initialMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('events'), dialect)
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('config_json', 'text', (c) => c.notNull())
    .addColumn('html_json', 'text', (c) => c.notNull())
    .addColumn('hold_minutes', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('ticket_types'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('external_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('minimum', 'integer', (c) => c.notNull())
    .addColumn('maximum_per_order', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('md', 'integer', (c) => c.notNull())
    .addColumn('md_quantity', 'real')
    .addColumn('md_ispercentage', 'integer', (c) => c.notNull())
    .addColumn('md_minimum', 'integer')
    .addColumn('form_json', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('ticket_types_event_external', ['event_id', 'external_id'])
    .execute();

  await withId(db.schema.createTable('products'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('external_id', 'integer', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('precio_cents', 'integer', (c) => c.notNull())
    .addColumn('minimo', 'integer', (c) => c.notNull())
    .addColumn('maximo', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('imagenes_json', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('opciones_json', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('products_event_external', ['event_id', 'external_id'])
    .execute();

  await withId(db.schema.createTable('discount_codes'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('percent', 'real')
    .addColumn('amount_cents', 'integer')
    .addColumn('max_uses', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('ticket_ids_json', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addUniqueConstraint('discount_codes_event_code', ['event_id', 'code'])
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('identificador', 'text')
    .addColumn('discount_code_id', 'integer', (c) => c.references('discount_codes.id'))
    .addColumn('tickets_cents', 'integer', (c) => c.notNull())
    .addColumn('tickets_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('products_cents', 'integer', (c) => c.notNull())
    .addColumn('comission_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_out_discount_cents', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('stock_until', 'text')
    .addColumn('buyer_info_json', 'text')
    .addColumn('form_json', 'text')
    .addColumn('form_completed', 'integer', (c) => c.notNull())
    .addColumn('emission_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Availability reads only the purchases still holding stock: this index finds them without
  // touching the (growing) history of expired holds.
  await db.schema.createIndex('purchases_event_stock_until').on('purchases').columns(['event_id', 'stock_until']).execute();
  await db.schema.createIndex('purchases_discount_code').on('purchases').column('discount_code_id').execute();

  await withId(db.schema.createTable('purchase_lines'), dialect)
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('options_json', 'text')
    .execute();
  await db.schema.createIndex('purchase_lines_item').on('purchase_lines').columns(['kind', 'item_id']).execute();
  await db.schema.createIndex('purchase_lines_purchase').on('purchase_lines').column('purchase_id').execute();

  await db.schema
    .createTable('used_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_tokens_expires_at').on('used_tokens').column('expires_at').execute();
}

/** Drops everything the migration created. */
async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['used_tokens', 'purchase_lines', 'purchases', 'discount_codes', 'products', 'ticket_types', 'events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
