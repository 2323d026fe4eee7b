import type { Kysely, Migration } from 'kysely';

/**
 * Access keys of purchases. The purchase id is the reference a buyer shows support; what
 * reads the buyer's data or opens the tickets is a random key given to the buyer's browser
 * (and a fresh one to each tickets e-mail's link). Only the key's SHA-256 is stored, so
 * whoever reads the database still cannot open a purchase with it.
 */
export const purchaseAccessKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('purchase_access_keys')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id'))
      .addColumn('issued_to', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_access_keys_purchase').on('purchase_access_keys').column('purchase_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('purchase_access_keys').execute();
  },
};
