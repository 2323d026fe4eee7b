import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The operator console's accounts (`operators/`):
 * - `operators`: one person; e-mail stored lower-cased and unique; Argon2id password hash (null until
 *   the one-time link is used); role; the event urls the role is limited to (JSON list, null = every
 *   event); TOTP secret and when it was enabled; failed logins in a row and the lock they lead to; disabled.
 * - `operator_password_tokens`: one-time links that set (or reset) a password, stored as SHA-256 hashes.
 * - `operator_sessions`: signed-in browsers; the cookie's id stored as a SHA-256 hash, with its idle
 *   (`last_seen_at`) and absolute (`expires_at`) ends, where it came from, and whether the second
 *   factor was passed (0: the session may only finish a TOTP enrolment).
 * - `audit_log`: every operator action, newest read first by `id`.
 */
export function operatorsMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const serial = (table: CreateTableBuilder<string, never>) =>
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('event_urls_json', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_password_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('second_factor_passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').columns(['operator_id']).execute();
  await serial(db.schema.createTable('audit_log'))
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('operator_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail_json', 'text')
    .addColumn('address', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operator_password_tokens').execute();
  await db.schema.dropTable('operators').execute();
}
