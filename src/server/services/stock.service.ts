import type { Db } from '../db/connection';
import { withWriteTransaction } from '../db/locked-transaction';
import { findExpiredCounted, releaseCounted } from '../repositories/stock.repository';

/** Told which purchases' holds were just given back (seated events release their places at the seat provider); after the commit, never under a lock. */
export type AfterRelease = (purchaseIds: string[]) => Promise<void>;

/** Most expired holds one release gives back: a buyer who happens to touch the stock pays for a bounded batch, never for the crowd. */
export const RELEASE_BATCH = 200;

/**
 * Gives back the stock of an event's holds that ran out (counted purchases past `stock_until`):
 * one batch, or every batch when `drain` (before answering "sold out", so that answer is exact).
 * Each batch is its own short transaction, before the caller's, so it never holds item rows
 * while the caller waits for others. Nothing to release costs one index probe.
 */
export async function releaseExpiredHolds(db: Db, eventId: number, now: string, drain = false, afterRelease?: AfterRelease): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await findExpiredCounted(db.kysely, eventId, now, RELEASE_BATCH);
    if (ids.length === 0) return released;
    released += await withWriteTransaction(db, (trx) => releaseCounted(trx, ids));
    if (afterRelease) await afterRelease(ids);
    if (!drain || ids.length < RELEASE_BATCH) return released;
  }
}

/**
 * How long a probe that found no run-out hold of an event is not repeated by this process: the
 * probe was a tenth of a purchase's SQLite time at an on-sale (docs/decisions/012-on-sale-holds.md),
 * and hundreds of purchases a second would each find nothing. A hold that runs out in that second
 * stays counted up to a second longer; no answer depends on it: "sold out" is only given after
 * releasing every run-out hold (below), and reads subtract run-out holds still counted.
 */
const QUIET_PROBE_MS = 1_000;
const quietUntil = new WeakMap<Db['kysely'], Map<number, number>>();

async function releaseUnlessQuiet(db: Db, eventId: number, now: string, afterRelease?: AfterRelease): Promise<void> {
  const at = Date.parse(now);
  let events = quietUntil.get(db.kysely);
  const until = events?.get(eventId);
  // A clock set back (tests, a corrected server clock) probes again.
  if (until !== undefined && at < until && at >= until - QUIET_PROBE_MS) return;
  const released = await releaseExpiredHolds(db, eventId, now, false, afterRelease);
  if (!events) quietUntil.set(db.kysely, (events = new Map()));
  if (released === 0) events.set(eventId, at + QUIET_PROBE_MS);
  else events.delete(eventId);
}

/** Raised inside a holding transaction when an item has not enough units left; the caller may release expired holds and try once more. */
export class NotEnoughStock extends Error {
  /** `answer`: the 409 the buyer gets when the retry finds it short too. */
  constructor(readonly answer: Error) {
    super(answer.message);
  }
}

/**
 * Runs a holding transaction after releasing one batch of expired holds; when it finds an item
 * short, releases every expired hold of the event and runs it once more, so "sold out" is only
 * answered when capacity − sold − live holds is really short.
 */
export async function holdWithRelease<T>(db: Db, eventId: number, now: string, attempt: () => Promise<T>, afterRelease?: AfterRelease): Promise<T> {
  await releaseUnlessQuiet(db, eventId, now, afterRelease);
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof NotEnoughStock)) throw error;
    if ((await releaseExpiredHolds(db, eventId, now, true, afterRelease)) === 0) throw error.answer;
  }
  try {
    return await attempt();
  } catch (error) {
    throw error instanceof NotEnoughStock ? error.answer : error;
  }
}
