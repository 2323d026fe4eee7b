import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

/**
 * Takes a delivery back for another try when its earlier processing failed, or was left
 * `received` since before `staleBefore` (its process died); false otherwise (a true duplicate).
 */
export async function retryWebhook(db: Kysely<Database>, provider: string, eventId: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_inbox')
    .set({ status: 'received', error: null, received_at: now })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'received'), eb('received_at', '<', staleBefore)])]))
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
