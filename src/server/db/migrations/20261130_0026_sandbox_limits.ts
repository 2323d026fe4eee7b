import type { Kysely, Migration } from 'kysely';

/**
 * Limits of the built-in sandboxes, which answer without authentication:
 * - `seats_sandbox_tokens.client_key`: who started a hold token in the chart, so one client's live
 *   tokens and the places they hold are capped (`(client_key, expires_at)` counts them);
 * - `seats_sandbox_tokens (expires_at)` and `seats_sandbox_holds (hold_token)`: the purge finds
 *   expired tokens and their holds in bounded batches;
 * - `sandbox_objects (provider, kind, created_at)`: the purge finds the payment sandbox's card
 *   tokens past their use-by the same way.
 */
export function sandboxLimitsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seats_sandbox_tokens').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('seats_sandbox_tokens_client').on('seats_sandbox_tokens').columns(['client_key', 'expires_at']).execute();
  await db.schema.createIndex('seats_sandbox_tokens_expiry').on('seats_sandbox_tokens').column('expires_at').execute();
  await db.schema.createIndex('seats_sandbox_holds_token').on('seats_sandbox_holds').column('hold_token').execute();
  await db.schema.createIndex('sandbox_objects_age').on('sandbox_objects').columns(['provider', 'kind', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sandbox_objects_age').execute();
  await db.schema.dropIndex('seats_sandbox_holds_token').execute();
  await db.schema.dropIndex('seats_sandbox_tokens_expiry').execute();
  await db.schema.dropIndex('seats_sandbox_tokens_client').execute();
  await db.schema.alterTable('seats_sandbox_tokens').dropColumn('client_key').execute();
}
