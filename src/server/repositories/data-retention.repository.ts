import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, PurchaseStatus } from '../db/schema';

/** Statuses of a purchase whose buyer never paid (a refunded purchase was paid: its data stays with the payment). */
const UNPAID: PurchaseStatus[] = ['held', 'pending', 'expired', 'cancelled'];

/**
 * Purchases whose personal data may go: never paid, and over for longer than the retention —
 * past the hold, past the voucher stock deadline, past every voucher deadline of their payment
 * attempts, and with no activity on the purchase or its attempts since. An attempt that moved
 * money (approved, refunded, a refund owed) keeps the data: the buyer is owed tickets or news.
 */
function purgeable(cutoff: string) {
  return (eb: ExpressionBuilder<Database, 'purchases'>) =>
    eb.and([
      eb('purchases.status', 'in', UNPAID),
      eb.or([eb('purchases.buyer_info_json', 'is not', null), eb('purchases.form_json', 'is not', null), eb('purchases.invoice_request_json', 'is not', null)]),
      eb('purchases.updated_at', '<', cutoff),
      eb('purchases.expires_at', '<', cutoff),
      eb.or([eb('purchases.stock_until', 'is', null), eb('purchases.stock_until', '<', cutoff)]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_attempts')
            .select('payment_attempts.id')
            .whereRef('payment_attempts.purchase_id', '=', 'purchases.id')
            .where((a) =>
              a.or([
                a('payment_attempts.status', 'in', ['approved', 'refunded']),
                a('payment_attempts.refund_status', 'is not', null),
                a('payment_attempts.deadline', '>=', cutoff),
                a('payment_attempts.updated_at', '>=', cutoff),
              ]),
            ),
        ),
      ),
    ]);
}

/** Up to `limit` ids of unpaid purchases over since before `cutoff` that still hold buyer or attendee data, oldest first. */
export async function unpaidPurchasesToPurge(db: Kysely<Database>, cutoff: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('purchases').select('id').where(purgeable(cutoff)).orderBy('updated_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Erases the buyer details and attendee answers of these purchases, re-checking each one is
 * still purgeable (a payment may have arrived since it was listed). Returns how many it erased.
 */
export async function eraseUnpaidPurchaseData(db: Kysely<Database>, ids: string[], cutoff: string, now: string): Promise<number> {
  const result = await db
    .updateTable('purchases')
    .set({ buyer_info_json: null, form_json: null, invoice_request_json: null, form_completed: 0, data_purged_at: now })
    .where('id', 'in', ids)
    .where(purgeable(cutoff))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes up to `limit` saved fiscal profiles (a buyer's data for their next factura) last used before
 * `cutoff`, oldest first; a profile saved again since is kept (the delete re-reads `updated_at`). Returns how many went.
 */
export async function eraseFiscalProfilesUnusedSince(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const stale = await db.selectFrom('fiscal_profiles').select('email').where('updated_at', '<', cutoff).orderBy('updated_at').limit(limit).execute();
  if (stale.length === 0) return 0;
  const result = await db.deleteFrom('fiscal_profiles').where('email', 'in', stale.map((row) => row.email)).where('updated_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Purchases whose client key (the buyer's network address, kept only to cap one client's live holds) is no longer
 * needed, whatever their status: no hold, open voucher or activity on them or their attempts since `cutoff`.
 */
function clientKeyErasable(cutoff: string) {
  return (eb: ExpressionBuilder<Database, 'purchases'>) =>
    eb.and([
      eb('purchases.client_key', 'is not', null),
      eb('purchases.updated_at', '<', cutoff),
      eb('purchases.expires_at', '<', cutoff),
      eb.or([eb('purchases.stock_until', 'is', null), eb('purchases.stock_until', '<', cutoff)]),
      eb.not(
        eb.exists(
          eb.selectFrom('payment_attempts').select('payment_attempts.id').whereRef('payment_attempts.purchase_id', '=', 'purchases.id')
            .where((a) => a.or([a('payment_attempts.deadline', '>=', cutoff), a('payment_attempts.updated_at', '>=', cutoff)])),
        ),
      ),
    ]);
}

/** Erases the client keys of up to `limit` purchases over since before `cutoff` (see `clientKeyErasable`), oldest first; returns how many. */
export async function eraseClientKeysOfOverPurchases(db: Kysely<Database>, cutoff: string, limit: number): Promise<number> {
  const rows = await db.selectFrom('purchases').select('id').where(clientKeyErasable(cutoff)).orderBy('updated_at').limit(limit).execute();
  if (rows.length === 0) return 0;
  const result = await db.updateTable('purchases').set({ client_key: null }).where('id', 'in', rows.map((r) => r.id)).where(clientKeyErasable(cutoff)).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What a waiting-list entry holds once erased: an address no one can type (unique per entry), no client key, and no confirmation key. */
const ERASED = sql<string>`'erased:' || id`;

/**
 * Waiting-list entries whose address may go: not erased yet, no e-mail about them still owed or queued since
 * `cutoff`, and over since before `cutoff` — never confirmed since then (joining again queues a new e-mail, which
 * counts), an offer whose purchase is over since then (claimed: the purchase keeps the buyer's data; or run out and
 * passed on), or, unconfirmed or waiting, of an event in `endedEvents` (ended before `cutoff`). A waiting entry of
 * a running event, or a live offer, is never one.
 */
function erasableEntry(cutoff: string, endedEvents: number[]) {
  return (eb: ExpressionBuilder<Database, 'waiting_list_entries'>) =>
    eb.and([
      eb('waiting_list_entries.erased_at', 'is', null),
      eb.not(
        eb.exists(
          eb.selectFrom('mail_outbox').select('mail_outbox.id').whereRef('mail_outbox.waiting_entry_id', '=', 'waiting_list_entries.id')
            .where((m) => m.or([m('mail_outbox.status', 'in', ['queued', 'sending', 'failed']), m('mail_outbox.created_at', '>=', cutoff)])),
        ),
      ),
      eb.or([
        eb.and([eb('waiting_list_entries.status', '=', 'unconfirmed'), eb('waiting_list_entries.created_at', '<', cutoff)]),
        eb.and([
          eb('waiting_list_entries.status', '=', 'offered'),
          eb.exists(
            eb.selectFrom('purchases').select('purchases.id').whereRef('purchases.id', '=', 'waiting_list_entries.purchase_id')
              .where('purchases.updated_at', '<', cutoff).where('purchases.expires_at', '<', cutoff)
              .where((p) => p.or([p('purchases.stock_until', 'is', null), p('purchases.stock_until', '<', cutoff)])),
          ),
        ]),
        ...(endedEvents.length > 0
          ? [eb.and([eb('waiting_list_entries.status', 'in', ['unconfirmed', 'waiting']), eb('waiting_list_entries.event_id', 'in', endedEvents)])]
          : []),
      ]),
    ]);
}

/** The events that have waiting-list entries not erased yet, with their dates as the event file wrote them. */
export function eventsWithUnerasedEntries(db: Kysely<Database>): Promise<{ id: number; starts_at: string | null; ends_at: string | null }[]> {
  return db.selectFrom('events').select(['events.id', 'events.starts_at', 'events.ends_at'])
    .where((eb) => eb.exists(eb.selectFrom('waiting_list_entries').select('waiting_list_entries.id').whereRef('waiting_list_entries.event_id', '=', 'events.id').where('waiting_list_entries.erased_at', 'is', null)))
    .execute();
}

/** Up to `limit` ids of waiting-list entries whose address may go (see `erasableEntry`), oldest first. */
export async function waitingEntriesToErase(db: Kysely<Database>, cutoff: string, endedEvents: number[], limit: number): Promise<string[]> {
  const rows = await db.selectFrom('waiting_list_entries').select('id').where(erasableEntry(cutoff, endedEvents)).orderBy('created_at').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Erases these entries' address, client key and confirmation key (its link stops working), re-checking each is
 * still erasable, and the recipient of their e-mails in the outbox, in one transaction; the status, quantity and
 * times stay. Of two processes erasing the same entry, one does (`erased_at` is null for one of them only).
 * Returns the entries erased.
 */
export async function eraseWaitingEntries(trx: Kysely<Database>, ids: string[], cutoff: string, endedEvents: number[], now: string): Promise<number> {
  const erased = await trx.updateTable('waiting_list_entries')
    .set({ email: ERASED, client_key: '', confirm_key_hash: ERASED, erased_at: now })
    .where('id', 'in', ids).where(erasableEntry(cutoff, endedEvents))
    .returning('id').execute();
  if (erased.length === 0) return 0;
  await trx.updateTable('mail_outbox').set({ recipient: '' }).where('waiting_entry_id', 'in', erased.map((r) => r.id)).execute();
  return erased.length;
}
