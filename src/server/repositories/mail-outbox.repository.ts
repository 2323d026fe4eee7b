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
 * The claim counts the attempt, so a send that never finished counts too; none past `maxAttempts`.
 */
export async function claimMail(db: Kysely<Database>, id: string, now: string, staleBefore: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('status', 'in', ['queued', 'failed']), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that a claimed message went out, or why it did not (`dead` when that was its last attempt). */
export async function finishMail(
  db: Kysely<Database>,
  id: string,
  outcome: { status: 'sent'; messageRef: string; now: string } | { status: 'failed' | 'dead'; error: string; now: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sent_at: outcome.now, message_ref: outcome.messageRef, error: null }
        : { status: outcome.status, error: outcome.error.slice(0, 500) },
    )
    .where('id', '=', id)
    .execute();
}

/** Messages still to send: queued, failed, or abandoned mid-send, with attempts left (of one purchase, or one waiting-list entry, or all). */
export async function mailToSend(db: Kysely<Database>, staleBefore: string, maxAttempts: number, purchaseId?: string, waitingEntryId?: string): Promise<MailOutboxRow[]> {
  let query = db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('status', 'in', ['queued', 'failed']), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .orderBy('created_at')
    .limit(20);
  if (purchaseId) query = query.where('purchase_id', '=', purchaseId);
  if (waitingEntryId) query = query.where('waiting_entry_id', '=', waitingEntryId);
  return query.execute();
}

/**
 * Dead-letters the messages out of attempts that nobody is sending: failed ones, and ones
 * abandoned mid-send (their process died, e.g. frozen by a render). Returns what it moved.
 */
export async function deadLetterExhausted(db: Kysely<Database>, staleBefore: string, maxAttempts: number): Promise<Pick<MailOutboxRow, 'id' | 'dedupe_key' | 'attempts' | 'error'>[]> {
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'dead',
      error: eb.case().when('status', '=', 'sending').then(eb.val<string | null>('the last send never finished (its process stopped)')).else(eb.ref('error')).end(),
    }))
    .where('attempts', '>=', maxAttempts)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .returning(['id', 'dedupe_key', 'attempts', 'error'])
    .execute();
}

/** Dead-lettered messages, newest first, for the operator: of the purchases of `eventUrls` only, or all (null). */
export async function listDeadMail(db: Kysely<Database>, eventUrls: string[] | null, limit = 200): Promise<MailOutboxRow[]> {
  if (eventUrls !== null && eventUrls.length === 0) return [];
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'dead')
    .$if(eventUrls !== null, (query) =>
      // A message is about a purchase or (a waiting list's confirmation) a waiting-list entry: either way, of an event.
      query.where((eb) =>
        eb.or([
          eb('purchase_id', 'in', db.selectFrom('purchases').innerJoin('events', 'events.id', 'purchases.event_id').select('purchases.id').where('events.url', 'in', eventUrls!)),
          eb('waiting_entry_id', 'in', db.selectFrom('waiting_list_entries').innerJoin('events', 'events.id', 'waiting_list_entries.event_id').select('waiting_list_entries.id').where('events.url', 'in', eventUrls!)),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The url of the event a dead-lettered message is about (through its purchase or its waiting-list entry), or undefined when no dead message has this id. */
export async function eventOfDeadMail(db: Kysely<Database>, id: string): Promise<{ eventUrl: string | null } | undefined> {
  const row = await db
    .selectFrom('mail_outbox as m')
    .leftJoin('purchases as p', 'p.id', 'm.purchase_id')
    .leftJoin('waiting_list_entries as w', 'w.id', 'm.waiting_entry_id')
    .leftJoin('events as e', (join) => join.on((eb) => eb.or([eb('e.id', '=', eb.ref('p.event_id')), eb('e.id', '=', eb.ref('w.event_id'))])))
    .select('e.url')
    .where('m.id', '=', id)
    .where('m.status', '=', 'dead')
    .executeTakeFirst();
  return row ? { eventUrl: row.url } : undefined;
}

/** Puts a dead-lettered message back in the queue with a fresh attempt count (the operator fixed its cause); not one whose recipient was erased. */
export async function requeueDeadMail(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, claimed_at: null, error: null })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .where('recipient', '!=', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * How many messages of `kind` were queued after `since`, of one purchase and/or to one address, leaving out
 * the one with `exceptKey` (a purchase's first tickets e-mail): the caps of the order page's e-mails.
 */
export async function countMailsSince(
  db: Kysely<Database>,
  query: { kind: MailOutboxTable['kind']; since: string; purchaseId?: string; recipient?: string; exceptKey?: string },
): Promise<number> {
  let select = db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', query.kind)
    .where('created_at', '>', query.since);
  if (query.purchaseId !== undefined) select = select.where('purchase_id', '=', query.purchaseId);
  if (query.recipient !== undefined) select = select.where('recipient', '=', query.recipient);
  if (query.exceptKey !== undefined) select = select.where('dedupe_key', '!=', query.exceptKey);
  const row = await select.executeTakeFirst();
  return Number(row?.n ?? 0);
}
