import type { Kysely, Migration } from 'kysely';

/**
 * The reCAPTCHA sandbox's spent tokens: one row per token siteverify has answered for, so a
 * token is good once across every process sharing the database. The id is the primary key; the
 * expiry index lets the oldest expired rows be trimmed in small batches.
 */
export const recaptchaSpentTokensMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('sandbox_recaptcha_spent_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sandbox_recaptcha_spent_tokens_expiry').on('sandbox_recaptcha_spent_tokens').column('expires_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sandbox_recaptcha_spent_tokens').execute();
  },
};
