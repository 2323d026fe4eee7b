import type { ExpressionBuilder, Kysely } from 'kysely';
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
