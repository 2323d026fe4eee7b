import type { Kysely } from 'kysely';
import type { SeatsioClient } from 'seatsio';
import type { SeatsRequest, TicketLineRequest } from '../../shared/api';
import type { SeatsConfig } from '../../shared/event-file/event-file.types';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import type { EventRow } from '../repositories/event.repository';
import type { Order } from '../repositories/order.repository';
import { findPurchase } from '../repositories/purchase.repository';
import {
  findPurchaseSeats, insertPurchaseSeats, liveSeatsOf, movePurchaseSeats, replaceBookedSeats, seatsOwedToProvider, takeOwedSeats, type HeldSeat, type PurchaseSeatsRow,
} from '../repositories/purchase-seats.repository';
import { seatsProviderOf } from './seats-provider';

/** seats.io's status of a place held by a hold token, and the custom status a cash voucher's places wait in. */
const HELD = 'reservedByToken';
export const VOUCHER_STATUS = 'reservedForVoucher';

/** The seats config of an event, or null for an unseated one (every seat step is skipped then). */
export function seatsConfigOf(event: EventRow): SeatsConfig | null {
  const seats = event.config.seats as SeatsConfig | undefined;
  return seats && seats.workspaceKey && seats.eventKey && seats.region ? seats : null;
}

/** What a seated new-purchase holds: the checked places and the ticket lines the server derived from them. */
export interface SeatPlan {
  config: SeatsConfig;
  holdToken: string;
  seats: HeldSeat[];
  tickets: TicketLineRequest[];
}

/** The seat provider's error body (the official client rejects with it), or what was thrown. */
function providerStatus(error: unknown): number | null {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : null;
}

const categoriesCache = new Map<string, { at: number; keys: Set<string> }>();
const CATEGORIES_TTL_MS = 60_000;

/**
 * The category keys (= ticket type ids) the event's chart sells, so a request can never take a
 * seated ticket type without a seat. Kept a minute per provider address and event key.
 */
async function seatedCategories(client: SeatsioClient, config: SeatsConfig, mode: string, nowMs: number): Promise<Set<string>> {
  const key = `${mode}:${config.region}:${config.eventKey}`;
  const cached = categoriesCache.get(key);
  if (cached && nowMs - cached.at < CATEGORIES_TTL_MS) return cached.keys;
  const summary = (await client.eventReports.summaryByCategoryKey(config.eventKey)) as Record<string, unknown>;
  const keys = new Set(Object.keys(summary).filter((k) => k !== 'NO_CATEGORY'));
  categoriesCache.set(key, { at: nowMs, keys });
  return keys;
}

/**
 * For a seated event: moves the chart's hold token to expire with the purchase's hold, checks
 * that every named place is held by that token at the seat provider (409 naming the first that
 * is not), and derives the quantities of the seated ticket types from the places' categories;
 * unseated ticket types keep the quantities asked for. Null, without a query, for an unseated event.
 * Runs before the holding transaction: no provider call is made while rows are locked.
 */
export async function planPurchaseSeats(ctx: AppContext, event: EventRow, request: { tickets: TicketLineRequest[]; seats?: SeatsRequest | null }): Promise<SeatPlan | null> {
  const config = seatsConfigOf(event);
  if (!config) {
    if (request.seats) throw errors.seatsNotOffered();
    return null;
  }
  const provider = seatsProviderOf(ctx);
  const client = await provider.client(config.region);
  const choices = request.seats?.objects ?? [];
  const holdToken = request.seats?.holdToken ?? '';
  const seen = new Set<string>();
  for (const choice of choices) {
    if (seen.has(choice.label)) throw errors.seatNotHeld(choice.label);
    seen.add(choice.label);
  }
  const seated = await call(() => seatedCategories(client, config, provider.mode, ctx.now().getTime()));
  const seats: HeldSeat[] = [];
  if (choices.length > 0) {
    await call(() => client.holdTokens.expiresInMinutes(holdToken, event.hold_minutes), () => errors.seatNotHeld(choices[0].label));
    const infos = await call(
      () => client.events.retrieveObjectInfos(config.eventKey, choices.map((c) => c.label)),
      (body) => errors.seatNotHeld(choices.find((c) => JSON.stringify(body).includes(c.label))?.label ?? choices[0].label),
    );
    for (const choice of choices) {
      const info = infos[choice.label];
      const area = info?.objectType === 'GeneralAdmissionArea';
      const quantity = area ? choice.quantity ?? 1 : 1;
      const heldByToken = area
        ? Object.values((info.holds as Record<string, Record<string, number>> | undefined)?.[holdToken] ?? {}).reduce((a, b) => a + b, 0) >= quantity
        : info?.status === HELD && info.holdToken === holdToken;
      const ticketId = Number(info?.categoryKey);
      if (!info || !heldByToken || !Number.isInteger(ticketId)) throw errors.seatNotHeld(choice.label);
      seats.push({ label: choice.label, ticketId, quantity, objectType: info.objectType });
    }
  }
  const derived = new Map<number, number>();
  for (const seat of seats) derived.set(seat.ticketId, (derived.get(seat.ticketId) ?? 0) + seat.quantity);
  const tickets = [
    ...request.tickets.filter((line) => !seated.has(String(line.ticket_id)) && !derived.has(line.ticket_id)),
    ...[...derived].map(([ticket_id, cantidad]) => ({ ticket_id, cantidad })),
  ];
  return { config, holdToken, seats, tickets };
}

/** Calls the seat provider: its 4xx answers become `refused(body)` (when given), anything else 503. */
async function call<T>(work: () => Promise<T>, refused?: (body: unknown) => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = providerStatus(error);
    if (refused && status !== null && status >= 400 && status < 500) throw refused(error);
    throw errors.seatProviderUnavailable();
  }
}

/**
 * Records the purchase's seats inside its holding transaction; a hold token already backing
 * another live purchase refuses this one (409), so the same places never go to two purchases.
 */
export async function claimPurchaseSeats(trx: Kysely<Database>, plan: SeatPlan, purchaseId: string, eventId: number, now: string): Promise<void> {
  if (plan.seats.length === 0) return;
  const row: PurchaseSeatsRow = {
    purchase_id: purchaseId, event_id: eventId, event_key: plan.config.eventKey, region: plan.config.region,
    hold_token: plan.holdToken, status: 'held', seats: plan.seats, created_at: now, updated_at: now,
  };
  if (!(await insertPurchaseSeats(trx, row))) throw errors.seatNotHeld(plan.seats[0].label);
}

const objectsOf = (row: PurchaseSeatsRow) =>
  row.seats.map((s) => (s.objectType === 'GeneralAdmissionArea' ? { objectId: s.label, quantity: s.quantity } : { objectId: s.label }));

/**
 * What `releaseExpiredHolds` calls after giving back run-out holds of a seated event: their
 * places are released at the provider (their tokens expire with the hold anyway; a voucher's
 * custom status does not). Undefined for an unseated event, so it costs nothing there.
 */
export function seatReleaseFor(ctx: AppContext, event: EventRow): ((purchaseIds: string[]) => Promise<void>) | undefined {
  if (!seatsConfigOf(event)) return undefined;
  return (purchaseIds) => releasePurchaseSeats(ctx, purchaseIds);
}

/**
 * The provider refused the call itself (the places are not in the state asked for): asking again
 * would get the same answer. Unreachable, 5xx, throttled (429) or not authorised (401/403, a key
 * being rotated) is not a refusal: those are tried again by `settleMissedSeats`.
 */
function refusedByProvider(error: unknown): boolean {
  const status = providerStatus(error);
  return status !== null && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/**
 * Releases the places of purchases whose hold ended. Held places need no second try: their token
 * expires with the hold and frees them. A voucher's places wait in a custom status that never
 * expires, so when the provider cannot be reached they stay `kept` and `settleMissedSeats` releases
 * them later; a refusal means they are no longer in that status, so there is nothing left to free.
 */
export async function releasePurchaseSeats(ctx: AppContext, purchaseIds: string[]): Promise<void> {
  const now = ctx.now().toISOString();
  for (const row of await liveSeatsOf(ctx.db.kysely, purchaseIds)) {
    try {
      // Held places go with their token; a voucher's custom-status ones (the token may be long gone) by the purchase as order id.
      const events = (await seatsProviderOf(ctx).client(row.region)).events;
      if (row.status === 'held') await events.release(row.event_key, objectsOf(row), row.hold_token);
      else await events.release(row.event_key, objectsOf(row), null, row.purchase_id);
    } catch (error) {
      if (row.status === 'kept' && !refusedByProvider(error)) continue;
    }
    await movePurchaseSeats(ctx.db.kysely, row.purchase_id, ['held', 'kept'], 'released', now);
  }
}

/** Most purchases one run of `settleMissedSeats` calls the seat provider for: bounded work per run. */
const SETTLE_BATCH = 50;
/**
 * A purchase changed more recently than this is left to its own path, which calls the provider
 * right after its commit; a row a loop took is left this long to that loop.
 */
const SETTLE_AFTER_MS = 2 * 60_000;

/**
 * Makes the provider calls a purchase's places missed: a paid purchase's booking, or the release
 * of an ended purchase's places, when the provider could not be reached or the process stopped
 * between the commit and the call. Without it a paid buyer's places would go free when their
 * token expired, and an ended voucher's would stay reserved. Run by the pending-work loop.
 */
export async function settleMissedSeats(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - SETTLE_AFTER_MS).toISOString();
  for (const owed of await seatsOwedToProvider(ctx.db.kysely, staleBefore, SETTLE_BATCH)) {
    // Another process's loop found it too: one of them calls the provider (two bookings of the
    // same places would have the second refused and mark them `unbooked`).
    if (!(await takeOwedSeats(ctx.db.kysely, owed, now.toISOString()))) continue;
    if (owed.paid) await bookPurchaseSeats(ctx, owed.purchaseId);
    else await releasePurchaseSeats(ctx, [owed.purchaseId]);
  }
}

/**
 * A cash voucher was issued: its places leave the token (which lives 2 hours at most) for a custom
 * status that lasts until the voucher is paid (booked) or runs out (released).
 */
export async function keepSeatsForVoucher(ctx: AppContext, purchaseId: string): Promise<void> {
  const row = await findPurchaseSeats(ctx.db.kysely, purchaseId);
  if (!row || row.status !== 'held') return;
  try {
    await (await seatsProviderOf(ctx).client(row.region)).events.changeObjectStatus(row.event_key, objectsOf(row), VOUCHER_STATUS, row.hold_token, purchaseId);
    await movePurchaseSeats(ctx.db.kysely, purchaseId, ['held'], 'kept', ctx.now().toISOString());
  } catch {
    // The token still holds them until the purchase's own hold ends; the voucher's later stock is not theirs.
  }
}

/**
 * A paid purchase: its places are booked with its token (or, when the token ran out before a late
 * payment, as free places). A refusal (taken meanwhile) marks them `unbooked` for an operator;
 * an unreachable provider leaves them for `settleMissedSeats`. Only a purchase the confirm path
 * made `paid` books; one it cancelled releases.
 * Called after the payment's transaction: no provider call runs under the stock lock.
 */
export async function bookPurchaseSeats(ctx: AppContext, purchaseId: string): Promise<void> {
  const row = await findPurchaseSeats(ctx.db.kysely, purchaseId);
  if (!row || (row.status !== 'held' && row.status !== 'kept')) return;
  // An approval the confirm path refused (sold out meanwhile, discount used up) cancelled the purchase: its places go back.
  const status = (await findPurchase(ctx.db.kysely, purchaseId))?.status;
  if (status === 'cancelled' || status === 'refunded') return releasePurchaseSeats(ctx, [purchaseId]);
  if (status !== 'paid') return;
  const events = (await seatsProviderOf(ctx).client(row.region)).events;
  const now = ctx.now().toISOString();
  try {
    await events.book(row.event_key, objectsOf(row), row.hold_token, purchaseId);
  } catch (error) {
    // Unreachable: the places stay as they are and `settleMissedSeats` books them later.
    if (!refusedByProvider(error)) return;
    try {
      await events.book(row.event_key, objectsOf(row), null, purchaseId);
    } catch (second) {
      if (refusedByProvider(second)) await movePurchaseSeats(ctx.db.kysely, purchaseId, ['held', 'kept'], 'unbooked', now);
      return;
    }
  }
  await movePurchaseSeats(ctx.db.kysely, purchaseId, ['held', 'kept'], 'booked', now);
}

/**
 * A paid order called off whole (the organiser, a payment given back at the provider, the buyer cancelling their
 * last ticket): its booked places go back on sale at the provider. Called after the call-off commits. A provider that
 * cannot be reached leaves them booked (an operator sees them in the seat provider's dashboard); a refusal means they
 * are no longer booked. A partly cancelled order's remaining places stay booked (`releaseCancelledSeats` frees the
 * cancelled tickets' own).
 */
export async function releaseCalledOffSeats(ctx: AppContext, purchaseId: string): Promise<void> {
  const row = await findPurchaseSeats(ctx.db.kysely, purchaseId);
  if (!row || row.status !== 'booked') return;
  const status = (await findPurchase(ctx.db.kysely, purchaseId))?.status;
  if (status !== 'cancelled' && status !== 'refunded') return;
  try {
    await (await seatsProviderOf(ctx).client(row.region)).events.release(row.event_key, objectsOf(row));
  } catch (error) {
    if (!refusedByProvider(error)) return;
  }
  await movePurchaseSeats(ctx.db.kysely, purchaseId, ['booked'], 'released', ctx.now().toISOString());
}

/** A booked order's places less the cancelled tickets' `labels` (an area's label once per place). */
export function seatsLeft(seats: readonly HeldSeat[], labels: readonly string[]): { left: HeldSeat[]; freed: HeldSeat[] } {
  const count = new Map<string, number>();
  for (const label of labels) count.set(label, (count.get(label) ?? 0) + 1);
  const left: HeldSeat[] = [];
  const freed: HeldSeat[] = [];
  for (const seat of seats) {
    const gone = Math.min(seat.quantity, count.get(seat.label) ?? 0);
    count.set(seat.label, (count.get(seat.label) ?? 0) - gone);
    if (gone > 0) freed.push({ ...seat, quantity: gone });
    if (seat.quantity > gone) left.push({ ...seat, quantity: seat.quantity - gone });
  }
  return { left, freed };
}

/**
 * Some tickets of a paid seated order cancelled, the order still live: their places (`labels`, the tickets'
 * `seat_label`s) go back on sale at the provider and leave the order's booked places; the others stay booked. Called
 * after the cancellation commits. A provider that cannot be reached leaves them booked here and there (an operator
 * sees them in its dashboard; the order's whole call-off releases them with the rest); a refusal means they are no
 * longer booked there.
 */
export async function releaseCancelledSeats(ctx: AppContext, purchaseId: string, labels: readonly string[]): Promise<void> {
  if (labels.length === 0) return;
  const row = await findPurchaseSeats(ctx.db.kysely, purchaseId);
  if (!row || row.status !== 'booked') return;
  const { freed } = seatsLeft(row.seats, labels);
  if (freed.length === 0) return;
  try {
    await (await seatsProviderOf(ctx).client(row.region)).events.release(row.event_key, objectsOf({ ...row, seats: freed }));
  } catch (error) {
    if (!refusedByProvider(error)) return;
  }
  // Another change of the order's places may have landed since the read: apply the removal to the list as it is now.
  for (let current: PurchaseSeatsRow | undefined = row; current?.status === 'booked'; current = await findPurchaseSeats(ctx.db.kysely, purchaseId)) {
    const { left } = seatsLeft(current.seats, labels);
    if (await replaceBookedSeats(ctx.db.kysely, purchaseId, current.seats, left, ctx.now().toISOString())) return;
  }
}

/**
 * The place labels of an order's seated lines, by ticket type (event file id), one per unit in
 * the order they were chosen (an area's label once per place). Empty, without a query, for an
 * unseated event. Emission puts one on each ticket; the reload shows them per line.
 */
export async function seatLabelsByTicket(db: Kysely<Database>, order: Order): Promise<Map<number, string[]>> {
  const labels = new Map<number, string[]>();
  if (!seatsConfigOf(order.event)) return labels;
  const row = await findPurchaseSeats(db, order.purchase.id);
  for (const seat of row?.seats ?? []) {
    labels.set(seat.ticketId, [...(labels.get(seat.ticketId) ?? []), ...Array.from({ length: seat.quantity }, () => seat.label)]);
  }
  return labels;
}
