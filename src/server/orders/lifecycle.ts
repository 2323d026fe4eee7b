import type { Kysely, Updateable } from 'kysely';
import type { BuyerInfo } from '../../shared/api';
import type { Database, OrderActor, OrderTransitionReason, PurchaseStatus, PurchaseTable } from '../db/schema';
import { errors } from '../http/app-error';
import { recordOrderStatusChange } from '../repositories/order-status.repository';
import { findPurchase, storedPatch } from '../repositories/purchase.repository';
import { ticketsLive } from './statuses';
import { cancelTicketUnits, movePurchaseCounters } from '../repositories/stock.repository';
import { emitOrderMove } from '../webhooks/emit';

/**
 * The statuses a purchase may move to from each status: the one table of an order's life.
 * - `held`: the buyer's hold (its units counted in `held` until `stock_until`);
 * - `pending`: a cash voucher awaits payment (its units counted until the voucher's deadline; a
 *   further voucher moves it `pending` → `pending` with a later deadline);
 * - `paid`: tickets emitted (units in `sold`);
 * - `partially_cancelled`: its buyer cancelled some of its tickets (their units out of `sold`, the
 *   rest live); a further partial cancellation keeps it there, the last live ticket's ends it `cancelled`;
 * - `cancelled`: an unpaid hold given up (started over, its payment came too late) or a paid order
 *   called off by the organiser or its buyer; `refunded`: its payment given back.
 * `expired` is never stored: a `held` purchase past `expires_at` reads as expired (`effectiveStatus`),
 * and its units are released by the next purchase of the event (`services/stock.service.ts`).
 */
export const ORDER_TRANSITIONS: Readonly<Record<PurchaseStatus, readonly PurchaseStatus[]>> = {
  held: ['pending', 'paid', 'cancelled'],
  pending: ['pending', 'held', 'paid', 'cancelled'],
  paid: ['partially_cancelled', 'cancelled', 'refunded'],
  partially_cancelled: ['partially_cancelled', 'cancelled', 'refunded'],
  cancelled: ['refunded'],
  refunded: [],
  expired: [],
};

/** The statuses of a purchase that holds units and awaits its payment. */
export const AWAITING_PAYMENT: readonly PurchaseStatus[] = ['held', 'pending'];

export { TICKETS_LIVE, ticketsLive } from './statuses';

/** The status every purchase starts in, and the columns that go with it: its units counted until `holdUntil`. */
export function openingStatus(holdUntil: string): Pick<Updateable<PurchaseTable>, 'status' | 'stock_until' | 'stock_counted'> & { status: 'held' } {
  return { status: 'held', stock_until: holdUntil, stock_counted: 1 };
}

/** One move of an order: where to, who asked and why, and what goes with it. */
export interface OrderTransition {
  /** The statuses the caller saw the purchase in and means to move it from: in any other, the move is refused. */
  from: readonly PurchaseStatus[];
  to: PurchaseStatus;
  actor: OrderActor;
  reason: OrderTransitionReason;
  now: string;
  /** The payment behind the move, if any. */
  attemptId?: string | null;
  /** The operator's words (a cancellation by hand). */
  note?: string | null;
  /** To `pending`: until when the voucher keeps the units. */
  holdUntil?: string;
  /** Written with the move: the buyer a provider named, the tickets' emission. */
  buyer?: BuyerInfo | null;
  emissionId?: string;
  /** To `partially_cancelled`: the ticket units cancelled now, per ticket type (internal id); they leave `sold`. */
  cancelledUnits?: ReadonlyMap<number, number>;
}

/**
 * Moves a purchase to `change.to` inside the caller's transaction, the only way a purchase's status
 * changes. Refused (409 `ORDER_TRANSITION_REFUSED`, the caller's transaction rolls back) when it is
 * not in one of the statuses the caller moves it from, when the table has no such move from the
 * status it is in, or when another writer moved it first: the UPDATE's WHERE holds the status it
 * was read in (compare-and-set), so of two racing moves one wins.
 * With the status it writes the columns that go with it and moves the stock counters:
 * - to `pending`: the units are counted (again, if its hold had been released) until `holdUntil`;
 * - `pending` → `held`: the purchase's own hold (`expires_at`) is what is left;
 * - to `paid`: counted units leave `held`, every unit enters `sold`;
 * - unpaid → `cancelled`: counted units leave `held`; `paid` → `cancelled`/`refunded`: units leave `sold`;
 * - to `partially_cancelled`: `cancelledUnits` leave `sold` and are marked cancelled on the purchase's lines;
 *   `partially_cancelled` → `cancelled`/`refunded`: the units not cancelled before leave `sold`.
 * The move is recorded in the order's history (`order_status_changes`: from, to, who, why, which payment), and
 * the webhooks it is (`webhooks/emit.ts`: paid, cancelled, refunded) are queued with it.
 * Returns the status it moved from.
 */
export async function moveOrder(trx: Kysely<Database>, purchaseId: string, change: OrderTransition): Promise<PurchaseStatus> {
  const current = await findPurchase(trx, purchaseId);
  if (!current) throw errors.purchaseNotFound();
  const from = current.status;
  if (!change.from.includes(from) || !ORDER_TRANSITIONS[from].includes(change.to)) throw errors.orderTransitionRefused();
  const counted = current.stock_counted === 1;
  const unpaid = AWAITING_PAYMENT.includes(from);
  const columns: Updateable<PurchaseTable> = { status: change.to, updated_at: change.now };
  let held = 0;
  let sold = 0;
  if (change.to === 'pending') {
    if (!change.holdUntil) throw new Error('a move to pending needs the voucher deadline');
    Object.assign(columns, { stock_until: change.holdUntil, stock_counted: 1 });
    held = counted ? 0 : 1;
  } else if (change.to === 'held') {
    columns.stock_until = current.expires_at;
  } else if (unpaid) {
    // to paid or cancelled: the hold ends.
    Object.assign(columns, { stock_until: null, stock_counted: 0 });
    held = counted ? -1 : 0;
    sold = change.to === 'paid' ? 1 : 0;
  } else if (change.to === 'partially_cancelled') {
    if (!change.cancelledUnits?.size) throw new Error('a partial cancellation needs its units');
  } else if (ticketsLive(from)) {
    sold = -1;
  }
  if (change.emissionId !== undefined) columns.emission_id = change.emissionId;
  if (change.buyer !== undefined) Object.assign(columns, storedPatch({ buyer: change.buyer }));

  let update = trx.updateTable('purchases').set(columns).where('id', '=', purchaseId).where('status', '=', from);
  // A move that ends or re-counts a hold also holds the counted flag it read: of it and a release of run-out holds, one wins.
  if (unpaid && change.to !== 'held') update = update.where('stock_counted', '=', current.stock_counted);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (Number(numUpdatedRows) !== 1) throw errors.orderTransitionRefused();
  if (held !== 0 || sold !== 0) await movePurchaseCounters(trx, purchaseId, held, sold);
  if (change.to === 'partially_cancelled') await cancelTicketUnits(trx, purchaseId, change.cancelledUnits!);
  await recordOrderStatusChange(trx, {
    purchase_id: purchaseId, from_status: from, to_status: change.to, reason: change.reason, actor: change.actor,
    attempt_id: change.attemptId ?? null, note: change.note ?? null, created_at: change.now,
  });
  // The organiser's webhooks hear of it in the same transaction (paid, cancelled, refunded): exactly once.
  await emitOrderMove(trx, purchaseId, { from, to: change.to, reason: change.reason, now: change.now });
  return from;
}
