import type { PaymentProviderName } from '../db/schema';
import {
  attemptsToReconcile, findAttempt, moveAttemptStatus, OPEN_STATUSES, takeReconcile, type AttemptToReconcile,
} from '../repositories/payment-attempt.repository';
import { observeAndApply } from './observe';
import type { PaymentsRuntime } from './runtime';

/**
 * An attempt is first re-read this long after it was recorded: its own request (which gives up
 * on the provider after 15 s) has settled it by then unless its process died, and a row a loop
 * took is left this long to that loop.
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Re-reads of an attempt still open space out with its age, up to this far apart. */
const MAX_SPACING_MS = 6 * 3_600_000;
/** An attempt this old is re-read no more (a cash voucher's deadline is days, not weeks). */
const GIVE_UP_AFTER_MS = 7 * 24 * 3_600_000;
/** Most attempts one run re-reads: bounded work per run. */
const RECONCILE_BATCH = 50;

/**
 * When a new attempt is first re-read by the loop. Never for the free claim: its "provider" approves
 * any read, so only the buyer's own claim (bot check passed) may settle it.
 */
export function firstReconcileAt(provider: PaymentProviderName, now: string): string | null {
  return provider === 'free' ? null : new Date(Date.parse(now) + RECONCILE_AFTER_MS).toISOString();
}

/** The next re-read of an attempt still open, later the older it is; null once it is settled or too old. */
function nextReconcileAt(due: AttemptToReconcile, now: Date): string | null {
  const age = now.getTime() - Date.parse(due.created_at);
  if (due.provider === 'free' || !OPEN_STATUSES.includes(due.status) || age > GIVE_UP_AFTER_MS) return null;
  return new Date(now.getTime() + Math.min(MAX_SPACING_MS, Math.max(RECONCILE_AFTER_MS, age))).toISOString();
}

/**
 * Settles attempts a process left `created` or `pending` (it died between the provider's answer and
 * its commit, or the webhook never came): each is re-read from its provider — a card payment by our
 * attempt id, which MercadoPago keeps as `external_reference` and Openpay as `order_id`, so one whose
 * payment id was never stored is found too — and goes through the one confirm path. Several
 * replicas' loops take each attempt once (compare-and-set on `reconcile_at`). A token payment the
 * provider has no payment for by now was never charged: it frees its purchase for another card.
 * Run by the pending-work loop.
 */
export async function reconcileOpenAttempts(rt: PaymentsRuntime): Promise<void> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now();
  for (const due of await attemptsToReconcile(db, now.toISOString(), RECONCILE_BATCH)) {
    const next = nextReconcileAt(due, now);
    if (!(await takeReconcile(db, due, next)) || next === null) continue;
    try {
      const settled = await observeAndApply(rt, due.provider, { attemptId: due.id, paymentId: due.provider_payment_id });
      const current = settled ?? (await findAttempt(db, due.id))!;
      if (current.in_flight === 1 && current.status === 'created' && current.provider_payment_id === null) {
        await moveAttemptStatus(db, due.id, ['created'], { status: 'rejected', status_detail: 'not charged', updated_at: rt.ctx.now().toISOString() });
      }
    } catch (error) {
      // The provider could not be asked: the next re-read is already scheduled.
      rt.log.error({ err: error, attempt: due.id }, `${due.provider}: could not re-read an open payment`);
    }
  }
}
