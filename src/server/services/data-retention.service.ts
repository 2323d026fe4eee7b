import type { AppContext } from '../context';
import { eraseFiscalProfilesUnusedSince, eraseUnpaidPurchaseData, unpaidPurchasesToPurge } from '../repositories/data-retention.repository';

/**
 * Erases the buyer details, attendee answers (images included: they are data URLs in the
 * answers) and fiscal data given at the payment step of purchases that never paid, `UNPAID_DATA_RETENTION_HOURS` after they were over.
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
    const ids = await unpaidPurchasesToPurge(db, cutoff, batchSize);
    if (ids.length === 0) break;
    purged += await eraseUnpaidPurchaseData(db, ids, cutoff, now.toISOString());
    if (ids.length < batchSize) break;
  }
  return purged;
}

/**
 * Erases the fiscal data buyers saved for their next factura (`fiscal_profiles`, docs/invoicing.md)
 * `FISCAL_DATA_RETENTION_MONTHS` after their last use: each request that keeps them saves them again,
 * so a buyer who invoices every year keeps them. The invoices themselves (the CFDI and its receiver)
 * are accounting records and stay. Bounded batches, safe from several processes at once.
 */
export async function purgeStaleFiscalProfiles(ctx: AppContext, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const { batchSize = 200, maxBatches = 25 } = options;
  const cutoffDate = ctx.now();
  cutoffDate.setUTCMonth(cutoffDate.getUTCMonth() - ctx.config.fiscalDataRetentionMonths);
  const cutoff = cutoffDate.toISOString();
  let erased = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await eraseFiscalProfilesUnusedSince(ctx.db.kysely, cutoff, batchSize);
    erased += count;
    if (count < batchSize) break;
  }
  return erased;
}
