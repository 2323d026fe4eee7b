import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../context';
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
      eb.or([eb('purchases.buyer_info_json', 'is not', null), eb('purchases.form_json', 'is not', null)]),
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

/**
 * Erases the buyer details and attendee answers (images included: they are data URLs in the
 * answers) of purchases that never paid, `UNPAID_DATA_RETENTION_HOURS` after they were over.
 * The row, its lines and amounts stay for accounting and stock history. Works in bounded
 * batches so one run never holds the database long; several processes may run it at once —
 * each UPDATE re-checks the conditions, so the same row is erased once or twice, identically.
 */
export async function purgeUnpaidPurchaseData(ctx: AppContext, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const { batchSize = 200, maxBatches = 25 } = options;
  const db = ctx.db.kysely;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - ctx.config.unpaidDataRetentionHours * 3_600_000).toISOString();
  let purged = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = (await db.selectFrom('purchases').select('id').where(purgeable(cutoff)).orderBy('updated_at').limit(batchSize).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    const result = await db
      .updateTable('purchases')
      .set({ buyer_info_json: null, form_json: null, form_completed: 0, data_purged_at: now.toISOString() })
      .where('id', 'in', ids)
      .where(purgeable(cutoff))
      .executeTakeFirst();
    purged += Number(result.numUpdatedRows);
    if (ids.length < batchSize) break;
  }
  return purged;
}
