import type { Kysely } from 'kysely';
import type { NewPurchaseRequest, NewPurchaseResponse } from '../../shared/api';
import type { OrderTotals } from '../../shared/pricing';
import type { AppContext } from '../context';
import { withStockLock, withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { openingStatus } from '../orders/lifecycle';
import type { DiscountCodeRow } from '../repositories/event.repository';
import type { Dialect } from '../db/dialect';
import { storedLine, storedPurchase, type NewPurchase } from '../repositories/purchase.repository';
import { takeHeld } from '../repositories/stock.repository';
import { claimPurchaseSeats, planPurchaseSeats, seatReleaseFor, seatsConfigOf } from '../seats/purchase-seats';
import { newAccessKey } from './access-keys';
import { newPurchaseId } from './purchase-id';
import { cachedDiscountCode, purchaseCatalogue, uncheckedCatalogue, type CachedCatalogue } from './catalogue-cache';
import { offeredTicketTypes } from './catalogue.service';
import { usableDiscountCode } from './discount.service';
import { assertClientMayHold, holdLimitsOf } from './hold-limits.service';
import { priceForEvent, ticketLineFor } from './order-pricing';
import { amountsResponse, matchTicketLines, needsAttendeeForm, totalsColumns } from './purchase.service';
import { holdWithRelease, NotEnoughStock } from './stock.service';
import { typesReservedForLine } from '../waiting-list/line-gate';

/**
 * What `createPurchase` needs: the request's fields, with the promoter's tag under its own name
 * (`referrer`; the wire's `identificador` is mapped by the route) and the client that holds.
 */
export type NewPurchaseInput = Omit<NewPurchaseRequest, 'identificador' | 'token'> & {
  referrer?: string | null;
  clientKey: string;
};

/** The catalogue an order was priced with must be read again: the hold call found the event changed, or the order needs a path that does not check the version. */
class CatalogueUnchecked extends Error {}

/** Creates a purchase and holds its ticket lines, atomically against every other buyer. */
export async function createPurchase(ctx: AppContext, input: NewPurchaseInput): Promise<NewPurchaseResponse> {
  // PostgreSQL's hold call checks the event's catalogue version itself, so a plain order is priced
  // from the kept catalogue without a round trip to read the version first. When the call finds
  // the event changed, when the order needs another path, or when anything before the call
  // refuses the order (that may be the old catalogue's answer), the catalogue is read and the
  // order priced again. An import between that read and the call: once more, then a 503.
  for (let attempt = 0; attempt < 3; attempt++) {
    const kept = attempt === 0 && ctx.db.dialect.holdInOneCall ? uncheckedCatalogue(ctx.db.kysely, input.url) : undefined;
    // The event and its ticket types from the per-version cache: one small read instead of two and their decoding.
    const found = kept ?? (await purchaseCatalogue(ctx.db.kysely, input.url));
    if (!found) throw errors.eventNotFound();
    const progress = { holdCalled: false };
    try {
      return await holdOrder(ctx, input, found, !kept, progress);
    } catch (error) {
      // The call's own refusals (sold out, cap) are the database's answer at the checked version.
      if (!(error instanceof CatalogueUnchecked) && (!kept || progress.holdCalled)) throw error;
    }
  }
  throw errors.databaseUnavailable();
}

/**
 * Prices and holds the order with this catalogue. `versionChecked`: its version was read just now;
 * otherwise only the version-checking hold call may use it. `progress.holdCalled` is set once that call is made.
 */
async function holdOrder(ctx: AppContext, input: NewPurchaseInput, found: CachedCatalogue, versionChecked: boolean, progress: { holdCalled: boolean }): Promise<NewPurchaseResponse> {
  const { event } = found;
  // A seated order is held by the transaction, which does not check the version: read it before asking the seat provider.
  if (!versionChecked && seatsConfigOf(event)) throw new CatalogueUnchecked();
  // Seated events only (null without a query otherwise): the places held by the chart's token decide the seated lines.
  const seatPlan = await planPurchaseSeats(ctx, event, input);
  const chosen = matchTicketLines(offeredTicketTypes(found.ticketTypes, input.access), seatPlan?.tickets ?? input.tickets);
  const pricedLines = chosen.map((c) => ticketLineFor(c.ticket, c.quantity));
  const nowDate = ctx.now();
  // A ticket type with people in its waiting line is theirs: what it frees is offered to them in order.
  const line = await typesReservedForLine(ctx.db.kysely, event, nowDate.getTime());
  const queued = line.size > 0 ? chosen.find((c) => line.has(c.ticket.id)) : undefined;
  if (queued) throw errors.soldOut(queued.ticket.name);
  const now = nowDate.toISOString();
  const expiresAt = new Date(nowDate.getTime() + event.hold_minutes * 60_000).toISOString();
  const id = newPurchaseId(nowDate.getTime());
  const accessKey = newAccessKey();

  const { dialect } = ctx.db;
  // A code with a usage limit counts its uses across the event's purchases: those orders keep the
  // event-wide lock. Every other order only queues on the rows of the ticket types it takes.
  const codeRow = input.code ? await cachedDiscountCode(ctx.db.kysely, found, input.code) : undefined;
  const limitedCode = codeRow?.max_uses != null;
  const transaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => (limitedCode ? withStockLock(ctx.db, event.id, work) : withWriteTransaction(ctx.db, work));
  // Item rows are always taken in id order, so two orders never wait for each other in a circle.
  const byItem = [...chosen].sort((a, b) => a.ticket.id - b.ticket.id);

  const units = chosen.reduce((sum, c) => sum + c.quantity, 0);
  const limits = holdLimitsOf(event, ctx.config);
  const newPurchase = (discount: DiscountCodeRow | undefined, totals: OrderTotals): NewPurchase => ({
    id,
    event_id: event.id,
    ...openingStatus(expiresAt),
    referrer: input.referrer ?? null,
    discount_code_id: discount?.id ?? null,
    ...totalsColumns(totals),
    expires_at: expiresAt,
    buyer: null,
    attendee_answers: null,
    form_completed: 0,
    emission_id: null,
    client_key: input.clientKey,
    created_at: now,
    updated_at: now,
  });
  const lines = chosen.map(({ ticket, quantity }) => ({
    purchase_id: id, kind: 'ticket' as const, item_id: ticket.id, quantity, unit_price_cents: ticket.price_cents, options: null,
  }));
  const key = { key_hash: accessKey.hash, purchase_id: id, issued_to: 'browser' as const, created_at: now };

  // PostgreSQL, an order with no usage-limited code and no seats: the whole hold is one call of
  // `checkout_hold` (one round trip; the same steps in the same order as the transaction below).
  const holdInOneStatement = async (holdInOneCall: NonNullable<Dialect['holdInOneCall']>) => {
    // Only unlimited codes come here: checking one reads nothing (the row was read above).
    const discount = input.code ? await usableDiscountCode(ctx.db.kysely, event.id, input.code, pricedLines, now, undefined, codeRow) : undefined;
    const totals = priceForEvent(event, pricedLines, [], discount);
    progress.holdCalled = true;
    const refusal = await holdInOneCall(ctx.db.kysely, {
      catalogueVersion: event.version,
      eventId: event.id, clientKey: input.clientKey, now, units, maxUnitsPerClient: limits.maxUnitsPerClient,
      purchase: storedPurchase(newPurchase(discount, totals)), lines: lines.map(storedLine), key,
      take: byItem.map(({ ticket, quantity }) => ({ itemId: ticket.id, quantity })),
    });
    if (refusal?.reason === 'catalogue-changed') throw new CatalogueUnchecked();
    if (refusal?.reason === 'client-cap') throw errors.holdLimitReached(refusal.held, limits.maxUnitsPerClient);
    if (refusal?.reason === 'sold-out') throw new NotEnoughStock(errors.soldOut(byItem.find((c) => c.ticket.id === refusal.itemId)?.ticket.name));
    return { totals, discount };
  };

  const holdInTransaction = () => transaction(async (trx) => {
    await dialect.lockClientHolds(trx, event.id, input.clientKey);
    const discount = input.code ? await usableDiscountCode(trx, event.id, input.code, pricedLines, now, undefined, codeRow) : undefined;
    await assertClientMayHold(trx, limits, event.id, input.clientKey, units, now);
    const totals = priceForEvent(event, pricedLines, [], discount);
    // PostgreSQL writes the purchase, its line and its key in one round trip.
    await dialect.insertHeldPurchase(trx, newPurchase(discount, totals), lines, key);
    if (seatPlan) await claimPurchaseSeats(trx, seatPlan, id, event.id, now);
    // Last, so each ticket type's row stays locked only from its update to the commit: one
    // conditional update per type takes the units only if they are left (else all of the above rolls back).
    for (const { ticket, quantity } of byItem) {
      if (!(await takeHeld(trx, 'ticket', ticket.id, quantity))) throw new NotEnoughStock(errors.soldOut(ticket.name));
    }
    return { totals, discount };
  });

  const oneCall = !limitedCode && !seatPlan ? dialect.holdInOneCall : undefined;
  if (!oneCall && !versionChecked) throw new CatalogueUnchecked();
  const result = await holdWithRelease(ctx.db, event.id, now, oneCall ? () => holdInOneStatement(oneCall) : holdInTransaction, seatReleaseFor(ctx, event));

  return {
    purchase_id: id,
    // Given once: the buyer's proof of ownership (the id alone is only a reference).
    access_key: accessKey.key,
    ...amountsResponse(result.totals),
    expiresTickets: expiresAt,
    tickets_emited: false,
    code: result.discount?.code ?? null,
    isFormRequiered: needsAttendeeForm(chosen.map((c) => c.ticket)),
  };
}
