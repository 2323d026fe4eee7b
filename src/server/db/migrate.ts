import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection';
import { initialMigration } from './migrations/20261121_0001_initial';
import { invoicingMigration } from './migrations/20261204_0051_invoicing';
import { waitingRoomMigration } from './migrations/20261205_0052_waiting_room';
import { installmentsMigration } from './migrations/20261205_0054_installments';
import { invoiceGapsMigration } from './migrations/20261205_0055_invoice_gaps';
import { waitingListMigration } from './migrations/20261205_0053_waiting_list';
import { waitingListErasureMigration } from './migrations/20261206_0056_waiting_list_erasure';
import { waitingRoomDrawHoldsMigration } from './migrations/20261207_0057_waiting_room_draw_holds';
import { retentionIndexesMigration } from './migrations/20261207_0058_retention_indexes';
import { paymentsMigration } from './migrations/20261122_0002_payments';
import { purchaseAccessKeysMigration } from './migrations/20261123_0004_purchase_access_keys';
import { inventoryLimitsMigration } from './migrations/20261123_0005_inventory_limits';
import { unpaidDataRetentionMigration } from './migrations/20261123_0007_unpaid_data_retention';
import { englishColumnsMigration } from './migrations/20261124_0008_english_columns';
import { stockCountersMigration } from './migrations/20261126_0014_stock_counters';
import { eventPassDetailsMigration } from './migrations/20261127_0016_event_pass_details';
import { seatsMigration } from './migrations/20261127_0020_seats';
import { holdFunctionMigration } from './migrations/20261128_0022_hold_function';
import { fewerPagesPerHoldMigration } from './migrations/20261129_0023_fewer_pages_per_hold';
import { holdAtVersionMigration } from './migrations/20261129_0024_hold_at_version';
import { genericHoldPlansMigration } from './migrations/20261129_0025_generic_hold_plans';
import { sandboxLimitsMigration } from './migrations/20261130_0026_sandbox_limits';
import { attemptsInFlightMigration } from './migrations/20261130_0027_attempts_in_flight';
import { orderStatusChangesMigration } from './migrations/20261130_0028_order_status_changes';
import { sandboxTablesLeaveMigration } from './migrations/20261201_0029_sandbox_tables_leave';
import { eventShareMigration } from './migrations/20261201_0040_event_share';
import { checkinMigration } from './migrations/20261201_0030_checkin';
import { orderHistoryMigration } from './migrations/20261202_0041_order_history';
import { walletPassUpdatesMigration } from './migrations/20261203_0044_wallet_pass_updates';
import { orderSearchMigration } from './migrations/20261204_0049_order_search';
import { orderPageMigration } from './migrations/20261203_0042_order_page';
import { orderChangesMigration } from './migrations/20261203_0043_order_changes';
import { webhooksMigration } from './migrations/20261204_0046_webhooks';
import { eventVersionsMigration } from './migrations/20261204_0050_event_versions';
import { attendeeExportsMigration } from './migrations/20261204_0047_attendee_exports';
import { operatorsMigration } from './migrations/20261204_0045_operators';

/** Migrations in order; names are timestamps so they sort the way they were written. */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '20261121_0001_initial': initialMigration(db.dialect.name),
    '20261122_0002_payments': paymentsMigration(db.dialect.name),
    '20261123_0004_purchase_access_keys': purchaseAccessKeysMigration,
    '20261123_0005_inventory_limits': inventoryLimitsMigration(),
    '20261123_0007_unpaid_data_retention': unpaidDataRetentionMigration(),
    '20261124_0008_english_columns': englishColumnsMigration(),
    '20261126_0014_stock_counters': stockCountersMigration(),
    '20261127_0016_event_pass_details': eventPassDetailsMigration(),
    '20261127_0020_seats': seatsMigration(db.dialect.name),
    '20261128_0022_hold_function': holdFunctionMigration(db.dialect.name),
    '20261129_0023_fewer_pages_per_hold': fewerPagesPerHoldMigration(db.dialect.name),
    '20261129_0024_hold_at_version': holdAtVersionMigration(db.dialect.name),
    '20261129_0025_generic_hold_plans': genericHoldPlansMigration(db.dialect.name),
    '20261130_0026_sandbox_limits': sandboxLimitsMigration(),
    '20261130_0027_attempts_in_flight': attemptsInFlightMigration(),
    '20261130_0028_order_status_changes': orderStatusChangesMigration(db.dialect.name),
    '20261201_0029_sandbox_tables_leave': sandboxTablesLeaveMigration(),
    '20261201_0030_checkin': checkinMigration(db.dialect.name),
    '20261201_0040_event_share': eventShareMigration(),
    '20261202_0041_order_history': orderHistoryMigration(db.dialect.name),
    '20261203_0044_wallet_pass_updates': walletPassUpdatesMigration(db.dialect.name),
    '20261203_0042_order_page': orderPageMigration(db.dialect.name),
    '20261203_0043_order_changes': orderChangesMigration(),
    '20261204_0046_webhooks': webhooksMigration(),
    '20261204_0050_event_versions': eventVersionsMigration(),
    '20261204_0049_order_search': orderSearchMigration(db.dialect.name),
    '20261204_0047_attendee_exports': attendeeExportsMigration(),
    '20261204_0045_operators': operatorsMigration(db.dialect.name),
    '20261204_0051_invoicing': invoicingMigration(),
    '20261205_0052_waiting_room': waitingRoomMigration(),
    '20261205_0054_installments': installmentsMigration(),
    '20261205_0055_invoice_gaps': invoiceGapsMigration(),
    '20261205_0053_waiting_list': waitingListMigration(db.dialect.name),
    '20261206_0056_waiting_list_erasure': waitingListErasureMigration(),
    '20261207_0057_waiting_room_draw_holds': waitingRoomDrawHoldsMigration(),
    '20261207_0058_retention_indexes': retentionIndexesMigration(),
  };
}

/** Brings the schema up to date; safe to run from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The migrations this code knows that the database has not applied (the readiness probe: a
 * replica of newer code must not serve an older schema). Reads Kysely's own table directly: one
 * indexed read, cheap enough for a load balancer asking every second.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db.kysely);
  const done = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrationsFor(db)).filter((name) => !done.has(name));
}
