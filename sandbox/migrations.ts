import { Migrator, type Kysely, type Migration } from 'kysely';
import { botCheckMigrations } from './migrations/bot-check';
import type { SandboxStore } from './store';

/** The table where the sandbox records its own migrations (the server's are in Kysely's default one). */
export const SANDBOX_MIGRATION_TABLE = 'sandbox_migration';

function migrations(dialect: SandboxStore['dialect']): Record<string, Migration> {
  return {
    ...Object.fromEntries(botCheckMigrations.map(({ name, migration }) => [name, migration])),
    '20261201_01_payment_objects': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('sandbox_payment_objects')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('id', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('data_json', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('sandbox_payment_objects_pk', ['provider', 'kind', 'id'])
          .execute();
        // The purge finds card tokens past their use-by in bounded batches.
        await db.schema.createIndex('sandbox_payment_objects_age').on('sandbox_payment_objects').columns(['provider', 'kind', 'created_at']).execute();
      },
    },
    '20261201_02_seats': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('sandbox_seat_tokens')
          .addColumn('token', 'text', (c) => c.primaryKey())
          .addColumn('workspace_key', 'text', (c) => c.notNull())
          .addColumn('client_key', 'text')
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // One client's live tokens are counted; expired ones are purged in batches.
        await db.schema.createIndex('sandbox_seat_tokens_client').on('sandbox_seat_tokens').columns(['client_key', 'expires_at']).execute();
        await db.schema.createIndex('sandbox_seat_tokens_expiry').on('sandbox_seat_tokens').column('expires_at').execute();
        await db.schema
          .createTable('sandbox_seat_events')
          .addColumn('event_key', 'text', (c) => c.primaryKey())
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        const holds = db.schema.createTable('sandbox_seat_holds');
        await (dialect === 'postgres'
          ? holds.addColumn('id', 'serial', (c) => c.primaryKey())
          : holds.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
          .addColumn('event_key', 'text', (c) => c.notNull())
          .addColumn('label', 'text', (c) => c.notNull())
          .addColumn('hold_token', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('quantity', 'integer', (c) => c.notNull())
          .addColumn('order_id', 'text')
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sandbox_seat_holds_object').on('sandbox_seat_holds').columns(['event_key', 'label']).execute();
        await db.schema.createIndex('sandbox_seat_holds_token').on('sandbox_seat_holds').column('hold_token').execute();
      },
    },
  };
}

/** Brings the sandbox's tables up to date (Kysely's lock makes it safe from several processes at once). */
export async function migrateSandbox(store: SandboxStore): Promise<void> {
  const migrator = new Migrator({
    db: store.kysely,
    provider: { getMigrations: async () => migrations(store.dialect) },
    migrationTableName: SANDBOX_MIGRATION_TABLE,
    migrationLockTableName: `${SANDBOX_MIGRATION_TABLE}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Sandbox migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
}
