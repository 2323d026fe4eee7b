import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PurchaseStatus, WebhookEventType } from '../db/schema';
import { findEventById } from '../repositories/event.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { endpointsOfEvent, insertWebhookDelivery, ticketFactsForWebhook, type WebhookEndpointRow } from '../repositories/webhook.repository';
import { storedTotals } from '../services/purchase.service';
import { orderTotalsToApi } from '../../shared/pricing';
import { ticketsLive } from '../orders/statuses';

/** The types an endpoint may ask for (`webhook.test` is sent only when an operator asks). */
export const SUBSCRIBABLE_TYPES = ['order.paid', 'order.cancelled', 'order.refunded', 'ticket.transferred', 'ticket.checked_in'] as const satisfies readonly WebhookEventType[];

/**
 * A message's id (`webhook-id`) from what it tells (e.g. `order.paid:{purchase}`): the same change always has the
 * same id, so with the deliveries' unique (endpoint, message id) a change told twice is delivered once.
 */
export function messageIdOf(key: string): string {
  return `msg_${createHash('sha256').update(key).digest('base64url').slice(0, 27)}`;
}

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function webhookBody(type: WebhookEventType, timestamp: string, data: object): string {
  return JSON.stringify({ type, timestamp, data });
}

/** Writes one pending delivery per endpoint (in the caller's transaction), due now; none twice for one message. */
export async function queueDeliveries(trx: Kysely<Database>, endpoints: WebhookEndpointRow[], message: { id: string; type: WebhookEventType; body: string }, now: string): Promise<string[]> {
  const written: string[] = [];
  for (const endpoint of endpoints) {
    const id = randomUUID();
    const fresh = await insertWebhookDelivery(trx, {
      id, endpoint_id: endpoint.id, message_id: message.id, type: message.type, payload: message.body,
      status: 'pending', attempts: 0, next_attempt_at: now, claimed_at: null, delivered_at: null, created_at: now,
    });
    if (fresh) written.push(id);
  }
  return written;
}

/** The endpoints of an event, read at most once by whoever holds this (a door's batch admitting many tickets asks once). */
export type EndpointsOnce = () => Promise<WebhookEndpointRow[]>;
export function endpointsOnce(db: Kysely<Database>, eventId: number): EndpointsOnce {
  let read: Promise<WebhookEndpointRow[]> | undefined;
  return () => (read ??= endpointsOfEvent(db, eventId));
}

/** Tells the enabled endpoints of an event (its own and the account's) that want `type`; `data` is built only when one does. */
async function emit(trx: Kysely<Database>, eventId: number, type: WebhookEventType, key: string, now: string, data: () => Promise<object>, endpointsOf: EndpointsOnce = endpointsOnce(trx, eventId)): Promise<void> {
  const endpoints = (await endpointsOf()).filter((endpoint) => endpoint.event_types.includes(type));
  if (!endpoints.length) return;
  await queueDeliveries(trx, endpoints, { id: messageIdOf(key), type, body: webhookBody(type, now, await data()) }, now);
}

/** Which webhook an order's move is, if any: paid; a paid order (or part of it) cancelled; a payment given back. */
function typeOfMove(from: PurchaseStatus, to: PurchaseStatus): WebhookEventType | null {
  if (to === 'paid') return 'order.paid';
  if (to === 'refunded') return 'order.refunded';
  if ((to === 'cancelled' || to === 'partially_cancelled') && ticketsLive(from)) return 'order.cancelled';
  return null;
}

/**
 * The webhook of an order's status move, in the move's transaction (`orders/lifecycle.ts`). Its data: the purchase
 * (its reference), the event's url, the status reached and why, the amounts in pesos (as the API spells them) and
 * the tickets that still admit after it (id, folio, type); the buyer's name and e-mail only in `order.paid`.
 */
export async function emitOrderMove(trx: Kysely<Database>, purchaseId: string, move: { from: PurchaseStatus; to: PurchaseStatus; reason: string; now: string }): Promise<void> {
  const type = typeOfMove(move.from, move.to);
  if (!type) return;
  const purchase = (await findPurchase(trx, purchaseId))!;
  // Paid and refunded are reached once; a cancellation may come in parts, each its own message.
  const key = type === 'order.cancelled' ? `${type}:${purchaseId}:${move.to}:${move.now}` : `${type}:${purchaseId}`;
  await emit(trx, purchase.event_id, type, key, move.now, async () => ({
    purchase_id: purchaseId,
    event_url: (await findEventById(trx, purchase.event_id))!.url,
    status: move.to,
    reason: move.reason,
    amounts: orderTotalsToApi(storedTotals(purchase)),
    // The tickets that still admit after the move (none once the whole order is cancelled or refunded).
    tickets: ticketsLive(move.to) ? (await ticketFactsForWebhook(trx, { purchaseId })).map(({ id, folio, ticket_type }) => ({ id, folio, ticket_type })) : [],
    ...(type === 'order.paid' && purchase.buyer ? { buyer: { name: purchase.buyer.name, email: purchase.buyer.email } } : {}),
  }));
}

/** `ticket.transferred`, in the transfer's transaction: the ticket given away and the one issued instead (ids, folios), no names. */
export async function emitTicketTransferred(trx: Kysely<Database>, eventId: number, transfer: { purchaseId: string; oldTicketId: string; newTicketId: string; now: string }): Promise<void> {
  await emit(trx, eventId, 'ticket.transferred', `ticket.transferred:${transfer.oldTicketId}`, transfer.now, async () => {
    const facts = await ticketFactsForWebhook(trx, { ids: [transfer.oldTicketId, transfer.newTicketId] });
    const old = facts.find((t) => t.id === transfer.oldTicketId)!;
    const fresh = facts.find((t) => t.id === transfer.newTicketId)!;
    return {
      purchase_id: transfer.purchaseId, event_url: (await findEventById(trx, eventId))!.url,
      ticket: { id: fresh.id, folio: fresh.folio, ticket_type: fresh.ticket_type }, previous_ticket: { id: old.id, folio: old.folio },
    };
  });
}

/** `ticket.checked_in`, in the scan's transaction: a ticket's first accepted entry (once per ticket, whatever the list). */
export async function emitTicketCheckedIn(
  trx: Kysely<Database>, eventId: number, entry: { ticketId: string; list: string; scannedAt: string; now: string }, endpoints: EndpointsOnce = endpointsOnce(trx, eventId),
): Promise<void> {
  await emit(trx, eventId, 'ticket.checked_in', `ticket.checked_in:${entry.ticketId}`, entry.now, async () => {
    const [ticket] = await ticketFactsForWebhook(trx, { ids: [entry.ticketId] });
    return {
      purchase_id: ticket.purchase_id, event_url: (await findEventById(trx, eventId))!.url,
      ticket: { id: ticket.id, folio: ticket.folio, ticket_type: ticket.ticket_type }, list: entry.list, checked_in_at: entry.scannedAt,
    };
  }, endpoints);
}
