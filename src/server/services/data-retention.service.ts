import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import {
  eraseClientKeysOfOverPurchases, eraseFiscalProfilesUnusedSince, eraseUnpaidPurchaseData, eraseWaitingEntries, eventsWithUnerasedEntries, unpaidPurchasesToPurge, waitingEntriesToErase,
} from '../repositories/data-retention.repository';

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
 * Erases the client key (the buyer's network address) of every purchase, paid or not, `UNPAID_DATA_RETENTION_HOURS`
 * after it was over: it only serves the cap on one client's live holds. Bounded batches, safe from several processes
 * at once (the UPDATE re-checks the conditions).
 */
export async function purgeClientKeys(ctx: AppContext, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const { batchSize = 200, maxBatches = 25 } = options;
  const cutoff = new Date(ctx.now().getTime() - ctx.config.unpaidDataRetentionHours * 3_600_000).toISOString();
  let erased = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const count = await eraseClientKeysOfOverPurchases(ctx.db.kysely, cutoff, batchSize);
    erased += count;
    if (count < batchSize) break;
  }
  return erased;
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

/**
 * Erases the address (and client key) of waiting-list entries `WAITING_LIST_RETENTION_DAYS` after they were over:
 * never confirmed since their last confirmation e-mail (erasing ends its link), an offer claimed (its purchase keeps
 * the buyer's data under its own rules) or run out and passed on, or their event ended (its `ends_at`, else its
 * `starts_at`). Waiting entries of a running event and live offers are never touched. The rows stay, with their
 * status, quantity and times, for the operator's figures; `erased_at` says when. Bounded batches, safe from several
 * processes at once (each entry is erased by one of them).
 */
export async function purgeOverWaitingEntries(ctx: AppContext, options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const { batchSize = 200, maxBatches = 25 } = options;
  const now = ctx.now();
  const cutoffMs = now.getTime() - ctx.config.waitingListRetentionDays * 86_400_000;
  const cutoff = new Date(cutoffMs).toISOString();
  // Event dates carry their own offset: compared as instants here, not as text in SQL.
  const endedEvents = (await eventsWithUnerasedEntries(ctx.db.kysely))
    .filter((event) => Date.parse(event.ends_at ?? event.starts_at ?? '') < cutoffMs)
    .map((event) => event.id);
  let erased = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = await waitingEntriesToErase(ctx.db.kysely, cutoff, endedEvents, batchSize);
    if (ids.length === 0) break;
    erased += await withWriteTransaction(ctx.db, (trx) => eraseWaitingEntries(trx, ids, cutoff, endedEvents, now.toISOString()));
    if (ids.length < batchSize) break;
  }
  return erased;
}
