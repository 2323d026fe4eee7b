import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookInboxTable } from '../db/schema';

export type WebhookInboxRow = Selectable<WebhookInboxTable>;

/**
 * Stores a verified delivery unless the provider's event id is already there.
 * Returns `true` when this call stored it (it is new), `false` for a duplicate;
 * the unique (provider, event_id) key makes that hold across processes.
 */
export async function receiveWebhook(
  db: Kysely<Database>,
  row: { provider: string; event_id: string; event_type: string; resource_id: string | null; body: string; received_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('webhook_inbox')
    .values({ ...row, status: 'received', error: null, processed_at: null })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes a delivery whose earlier processing failed back for another try; false when it is not in `failed`. */
export async function retryFailedWebhook(db: Kysely<Database>, provider: string, eventId: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_inbox')
    .set({ status: 'received', error: null })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks how a delivery ended. */
export async function finishWebhook(
  db: Kysely<Database>,
  provider: string,
  eventId: string,
  status: 'processed' | 'ignored' | 'failed',
  now: string,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('webhook_inbox')
    .set({ status, error, processed_at: now })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();
}

/** The inbox rows of one provider (tests and support use it). */
export async function listWebhooks(db: Kysely<Database>, provider: string): Promise<WebhookInboxRow[]> {
  return db.selectFrom('webhook_inbox').selectAll().where('provider', '=', provider).orderBy('id').execute();
}
