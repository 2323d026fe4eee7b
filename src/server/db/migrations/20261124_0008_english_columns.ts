import type { Kysely, Migration } from 'kysely';

/**
 * Internal names in English: the event file's and the API's Spanish spellings (`nombre`,
 * `precio`, `minimo`…) and their abbreviations (`md_*`) stay at the edge, in the mappers;
 * the columns say what they hold, like the ticket types' `name`, `price_cents`, `minimum`.
 * `RENAME COLUMN` keeps data, indexes and constraints on SQLite and PostgreSQL alike.
 */
const RENAMES: { table: string; from: string; to: string }[] = [
  { table: 'products', from: 'nombre', to: 'name' },
  { table: 'products', from: 'precio_cents', to: 'price_cents' },
  { table: 'products', from: 'minimo', to: 'minimum' },
  { table: 'products', from: 'maximo', to: 'maximum_per_order' },
  { table: 'products', from: 'imagenes_json', to: 'images_json' },
  { table: 'products', from: 'descripcion', to: 'description' },
  { table: 'products', from: 'opciones_json', to: 'options_json' },
  { table: 'ticket_types', from: 'md', to: 'volume_discount' },
  { table: 'ticket_types', from: 'md_quantity', to: 'volume_discount_value' },
  { table: 'ticket_types', from: 'md_ispercentage', to: 'volume_discount_is_percentage' },
  { table: 'ticket_types', from: 'md_minimum', to: 'volume_discount_minimum' },
  { table: 'purchases', from: 'identificador', to: 'referrer' },
];

export function englishColumnsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, from, to } of RENAMES) await db.schema.alterTable(table).renameColumn(from, to).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, from, to } of [...RENAMES].reverse()) await db.schema.alterTable(table).renameColumn(to, from).execute();
}
