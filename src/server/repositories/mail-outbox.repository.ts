import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';

export type MailOutboxRow = Selectable<MailOutboxTable>;

/** Queues a message unless one with the same `dedupe_key` exists; true when this call queued it. */
export async function queueMail(db: Kysely<Database>, row: Insertable<MailOutboxTable>): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Takes a message for sending (compare-and-set on its status), so exactly one process sends it.
 * A message stuck in `sending` since before `staleBefore` (its sender died) may be taken again.
 */
export async function claimMail(db: Kysely<Database>, id: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', 'in', ['queued', 'failed']), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that a claimed message went out (or why it did not). */
export async function finishMail(
  db: Kysely<Database>,
  id: string,
  outcome: { status: 'sent'; messageRef: string; now: string } | { status: 'failed'; error: string; now: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sent_at: outcome.now, message_ref: outcome.messageRef, error: null }
        : { status: 'failed', error: outcome.error.slice(0, 500) },
    )
    .where('id', '=', id)
    .execute();
}

/** Messages still to send: queued, failed (up to `maxAttempts`), or abandoned mid-send. */
export async function mailToSend(db: Kysely<Database>, staleBefore: string, maxAttempts = 5, purchaseId?: string): Promise<MailOutboxRow[]> {
  let query = db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'failed'), eb('attempts', '<', maxAttempts)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('created_at')
    .limit(20);
  if (purchaseId) query = query.where('purchase_id', '=', purchaseId);
  return query.execute();
}
