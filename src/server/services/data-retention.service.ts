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
export async function purgeUnpaidPurchaseData(ctx: AppContext, options: BatchOptions = {}): Promise<number> {
  const db = ctx.db.kysely;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - ctx.config.unpaidDataRetentionHours * 3_600_000).toISOString();
  return inBatches(options, async (size) => {
    const ids = await unpaidPurchasesToPurge(db, cutoff, size);
    return { taken: ids.length, erased: ids.length === 0 ? 0 : await eraseUnpaidPurchaseData(db, ids, cutoff, now.toISOString()) };
  });
}

/**
 * Erases the client key (the buyer's network address) of every purchase, paid or not, `UNPAID_DATA_RETENTION_HOURS`
 * after it was over: it only serves the cap on one client's live holds. Bounded batches, safe from several processes
 * at once (the UPDATE re-checks the conditions).
 */
export async function purgeClientKeys(ctx: AppContext, options: BatchOptions = {}): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.unpaidDataRetentionHours * 3_600_000).toISOString();
  return inBatches(options, async (size) => {
    const count = await eraseClientKeysOfOverPurchases(ctx.db.kysely, cutoff, size);
    return { taken: count, erased: count };
  });
}

/**
 * Erases the fiscal data buyers saved for their next factura (`fiscal_profiles`, docs/invoicing.md)
 * `FISCAL_DATA_RETENTION_MONTHS` after their last use: each request that keeps them saves them again,
 * so a buyer who invoices every year keeps them. The invoices themselves (the CFDI and its receiver)
 * are accounting records and stay. Bounded batches, safe from several processes at once.
 */
export async function purgeStaleFiscalProfiles(ctx: AppContext, options: BatchOptions = {}): Promise<number> {
  const cutoffDate = ctx.now();
  cutoffDate.setUTCMonth(cutoffDate.getUTCMonth() - ctx.config.fiscalDataRetentionMonths);
  const cutoff = cutoffDate.toISOString();
  return inBatches(options, async (size) => {
    const count = await eraseFiscalProfilesUnusedSince(ctx.db.kysely, cutoff, size);
    return { taken: count, erased: count };
  });
}

/**
 * Erases the address (and client key) of waiting-list entries `WAITING_LIST_RETENTION_DAYS` after they were over:
 * never confirmed since their last confirmation e-mail (erasing ends its link), an offer claimed (its purchase keeps
 * the buyer's data under its own rules) or run out and passed on, or their event ended (its `ends_at`, else its
 * `starts_at`). Waiting entries of a running event and live offers are never touched. The rows stay, with their
 * status, quantity and times, for the operator's figures; `erased_at` says when. Bounded batches, safe from several
 * processes at once (each entry is erased by one of them).
 */
export async function purgeOverWaitingEntries(ctx: AppContext, options: BatchOptions = {}): Promise<number> {
  const now = ctx.now();
  const cutoffMs = now.getTime() - ctx.config.waitingListRetentionDays * 86_400_000;
  const cutoff = new Date(cutoffMs).toISOString();
  // Event dates carry their own offset: compared as instants here, not as text in SQL.
  const endedEvents = (await eventsWithUnerasedEntries(ctx.db.kysely))
    .filter((event) => Date.parse(event.ends_at ?? event.starts_at ?? '') < cutoffMs)
    .map((event) => event.id);
  return inBatches(options, async (size) => {
    const ids = await waitingEntriesToErase(ctx.db.kysely, cutoff, endedEvents, size);
    const erased = ids.length === 0 ? 0 : await withWriteTransaction(ctx.db, (trx) => eraseWaitingEntries(trx, ids, cutoff, endedEvents, now.toISOString()));
    return { taken: ids.length, erased };
  });
}

type BatchOptions = { batchSize?: number; maxBatches?: number };

/**
 * A purge in bounded batches (200, at most 25 a run by default): `batch` takes up to `size` rows and answers how many
 * it took and erased; a batch that took fewer than `size` was the last. Answers the sum erased.
 */
async function inBatches({ batchSize = 200, maxBatches = 25 }: BatchOptions, batch: (size: number) => Promise<{ taken: number; erased: number }>): Promise<number> {
  let erased = 0;
  for (let n = 0; n < maxBatches; n++) {
    const done = await batch(batchSize);
    erased += done.erased;
    if (done.taken < batchSize) break;
  }
  return erased;
}
