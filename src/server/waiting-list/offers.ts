import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import { openingStatus } from '../orders/lifecycle';
import { findEventById, listTicketTypes, type EventRow, type TicketTypeRow } from '../repositories/event.repository';
import { queueMail } from '../repositories/mail-outbox.repository';
import { takeHeld } from '../repositories/stock.repository';
import { claimOffer, linesWaiting, nextInLine, type WaitingEntryRow } from '../repositories/waiting-list.repository';
import { newAccessKey } from '../services/access-keys';
import { priceForEvent, ticketLineFor } from '../services/order-pricing';
import { newPurchaseId } from '../services/purchase-id';
import { totalsColumns } from '../services/purchase.service';
import { releaseExpiredHolds } from '../services/stock.service';
import { forgetLines } from './line-gate';
import { waitingListOf } from './settings';

/** Why an offer was not made: another process offered to that entry first, or the units are not free. */
class OfferRefused extends Error {
  constructor(readonly reason: 'taken' | 'short') {
    super(reason);
  }
}

/**
 * Gives freed tickets to the waiting lines, in order; returns the entries offered tickets. Per event with someone
 * waiting: one bounded batch of run-out holds released (offers that ran out among them), then per ticket type, while
 * the first entry of its line fits in what is free, an offer to it. The line is strictly in order: when its first
 * entry wants more than is free, nobody behind it is offered anything (decision 026). Safe on several replicas at
 * once: each offer is a compare-and-set on its entry and a conditional take of the units, in one transaction.
 */
export async function offerFreedTickets(ctx: AppContext): Promise<string[]> {
  const db = ctx.db.kysely;
  const byEvent = new Map<number, number[]>();
  for (const { event_id, ticket_type_id } of await linesWaiting(db)) byEvent.set(event_id, [...(byEvent.get(event_id) ?? []), ticket_type_id]);
  const offered: string[] = [];
  for (const [eventId, typeIds] of byEvent) {
    const event = await findEventById(db, eventId);
    // A list switched off by a later import keeps its entries, but offers nothing.
    if (!event || !waitingListOf(event).enabled) continue;
    await releaseExpiredHolds(ctx.db, event.id, ctx.now().toISOString());
    const types = new Map((await listTicketTypes(db, event.id)).map((t) => [t.id, t]));
    for (const typeId of typeIds) {
      const ticket = types.get(typeId);
      if (!ticket) continue;
      for (let entry = await nextInLine(db, typeId); entry; entry = await nextInLine(db, typeId)) {
        const outcome = await offerTo(ctx, event, ticket, entry);
        if (outcome === 'short') break;
        if (outcome === 'offered') offered.push(entry.id);
      }
    }
    forgetLines(db, event.id);
  }
  return offered;
}

/**
 * One offer: a held purchase of the entry's quantity until `offer_hours` from now (its units taken by the same
 * conditional update every hold runs, so the counters stay right and nothing is oversold), the entry marked
 * offered with it, and the e-mail that opens it queued, all in one transaction.
 */
async function offerTo(ctx: AppContext, event: EventRow, ticket: TicketTypeRow, entry: WaitingEntryRow): Promise<'offered' | 'taken' | 'short'> {
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const until = new Date(nowDate.getTime() + waitingListOf(event).offerHours * 3_600_000).toISOString();
  const id = newPurchaseId(nowDate.getTime());
  const totals = priceForEvent(event, [ticketLineFor(ticket, entry.quantity)], [], null);
  try {
    await withWriteTransaction(ctx.db, async (trx) => {
      // The purchase's first key is never sent: the offer e-mail issues the key of its link when it is composed.
      await ctx.db.dialect.insertHeldPurchase(trx, {
        id, event_id: event.id, ...openingStatus(until), referrer: null, discount_code_id: null, ...totalsColumns(totals), expires_at: until,
        buyer: null, attendee_answers: null, form_completed: 0, emission_id: null, client_key: entry.client_key, created_at: now, updated_at: now,
      }, [{ purchase_id: id, kind: 'ticket', item_id: ticket.id, quantity: entry.quantity, unit_price_cents: ticket.price_cents, options: null }],
      { key_hash: newAccessKey().hash, purchase_id: id, issued_to: 'mail', created_at: now });
      if (!(await claimOffer(trx, entry.id, id, now))) throw new OfferRefused('taken');
      if (!(await takeHeld(trx, 'ticket', ticket.id, entry.quantity))) throw new OfferRefused('short');
      await queueMail(trx, {
        id: randomUUID(), dedupe_key: `waiting-offer:${entry.id}`, purchase_id: id, waiting_entry_id: entry.id, kind: 'waiting_offer', attempt_id: null,
        recipient: entry.email, lang: entry.lang, status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: now,
      });
    });
  } catch (error) {
    if (error instanceof OfferRefused) return error.reason;
    throw error;
  }
  return 'offered';
}
