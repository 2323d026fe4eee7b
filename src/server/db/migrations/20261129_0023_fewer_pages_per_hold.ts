import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Fewer B-trees written per hold. On SQLite every table and index a commit touches is at least
 * one 4 KiB page appended to the WAL, and later copied and fsynced by the checkpoint: a hold wrote
 * 21 pages (88 KB), and the commit was the dearest statement of a purchase
 * (docs/decisions/012-on-sale-holds.md, fourth pass). Each change below keeps every query's index:
 * - `purchases_buyer_email` only indexes purchases with an e-mail. Its one query looks for an
 *   e-mail (`buyer_email = ?`, which only matches non-null values, so both databases use the
 *   partial index), and a new hold has none yet.
 * - `purchases_discount_code` only indexes purchases with a code, for the same reason (its
 *   queries count one code's uses: `discount_code_id = ?`); most orders of an on-sale have none.
 * - `purchase_lines_item` (kind, item_id) goes: every query reaches lines through their purchase.
 * - SQLite: `used_tokens` and `purchase_access_keys` become WITHOUT ROWID tables keyed by their
 *   primary key. A text primary key on an ordinary table is a second B-tree beside the rowid
 *   table; here the key is the table. Same columns, same constraints, same queries.
 * PostgreSQL keeps its tables (a heap and its primary-key index either way).
 */
export function fewerPagesPerHoldMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down: (db) => down(db, dialect) };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('purchases_buyer_email').execute();
  await db.schema.createIndex('purchases_buyer_email').on('purchases').columns(['event_id', 'buyer_email', 'stock_until'])
    .where(sql.ref('buyer_email'), 'is not', null).execute();
  await db.schema.dropIndex('purchases_discount_code').execute();
  await db.schema.createIndex('purchases_discount_code').on('purchases').column('discount_code_id')
    .where(sql.ref('discount_code_id'), 'is not', null).execute();
  await db.schema.dropIndex('purchase_lines_item').execute();
  if (dialect !== 'sqlite') return;
  await rebuild(db, 'used_tokens', sql`(id text primary key, expires_at text not null) without rowid`, 'id, expires_at');
  await db.schema.createIndex('used_tokens_expires_at').on('used_tokens').column('expires_at').execute();
  await rebuild(db, 'purchase_access_keys',
    sql`(key_hash text primary key, purchase_id text not null references purchases (id), issued_to text not null, created_at text not null) without rowid`,
    'key_hash, purchase_id, issued_to, created_at');
  await db.schema.createIndex('purchase_access_keys_purchase').on('purchase_access_keys').column('purchase_id').execute();
}

async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('purchases_buyer_email').execute();
  await db.schema.createIndex('purchases_buyer_email').on('purchases').columns(['event_id', 'buyer_email', 'stock_until']).execute();
  await db.schema.dropIndex('purchases_discount_code').execute();
  await db.schema.createIndex('purchases_discount_code').on('purchases').column('discount_code_id').execute();
  await db.schema.createIndex('purchase_lines_item').on('purchase_lines').columns(['kind', 'item_id']).execute();
  if (dialect !== 'sqlite') return;
  await rebuild(db, 'used_tokens', sql`(id text primary key, expires_at text not null)`, 'id, expires_at');
  await db.schema.createIndex('used_tokens_expires_at').on('used_tokens').column('expires_at').execute();
  await rebuild(db, 'purchase_access_keys',
    sql`(key_hash text primary key, purchase_id text not null references purchases (id), issued_to text not null, created_at text not null)`,
    'key_hash, purchase_id, issued_to, created_at');
  await db.schema.createIndex('purchase_access_keys_purchase').on('purchase_access_keys').column('purchase_id').execute();
}

/**
 * SQLite cannot change a table into a WITHOUT ROWID one in place: a new table with the rows, the
 * old one dropped (its indexes with it), the new one renamed. Neither table is referenced by a
 * foreign key, so dropping the old one checks nothing.
 */
async function rebuild(db: Kysely<unknown>, table: string, definition: ReturnType<typeof sql>, columns: string): Promise<void> {
  const next = `${table}_next`;
  await sql`create table ${sql.table(next)} ${definition}`.execute(db);
  await sql`insert into ${sql.table(next)} (${sql.raw(columns)}) select ${sql.raw(columns)} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
}
