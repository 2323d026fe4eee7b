import { randomUUID } from 'node:crypto';
import type { WaitingListConfirmResponse } from '../../shared/api';
import { withWriteTransaction } from '../db/locked-transaction';
import { mailLang } from '../fulfilment/mail-texts';
import { errors } from '../http/app-error';
import { findEventById, findEventByUrl, listTicketTypes } from '../repositories/event.repository';
import { queueMail } from '../repositories/mail-outbox.repository';
import { expiredCounted, remaining } from '../repositories/stock.repository';
import { confirmWaitingEntry, findWaitingEntry, findWaitingEntryByKey, insertWaitingEntry, placeInLine } from '../repositories/waiting-list.repository';
import type { AppContext } from '../context';
import { keyHash, newAccessKey } from '../services/access-keys';
import { offeredTicketTypes, purchasableMaximum } from '../services/catalogue.service';
import { forgetLines, typesReservedForLine } from './line-gate';
import { waitingListOf } from './settings';

/** Who asks to join a ticket type's line: the file's ticket id, how many tickets, where to write, in which language, from which client. */
export interface JoinRequest { url: string; ticketId: number; quantity: number; email: string; lang: string; clientKey: string }

/**
 * Takes a name for a sold-out ticket type's waiting line: an `unconfirmed` entry and its confirmation e-mail
 * (queued in the same transaction), or nothing new when the address already has an entry for the type (an
 * unconfirmed one gets its e-mail again). The answer is the same either way, so it tells nobody whether an
 * address is on a list. Returns the entry the e-mail was queued for (to send it at once), if any.
 */
export async function joinWaitingList(ctx: AppContext, input: JoinRequest): Promise<string | null> {
  const db = ctx.db.kysely;
  const event = await findEventByUrl(db, input.url);
  if (!event) throw errors.eventNotFound();
  if (!waitingListOf(event).enabled) throw errors.waitingListUnavailable();
  const ticket = offeredTicketTypes(await listTicketTypes(db, event.id), null).find((t) => t.external_id === input.ticketId);
  if (!ticket) throw errors.waitingListUnavailable();
  const minimum = Math.max(ticket.minimum, 1);
  if (input.quantity < minimum || input.quantity > ticket.maximum_per_order) throw errors.quantityOutOfRange(ticket.name, minimum, ticket.maximum_per_order);
  const now = ctx.now();
  // Sold out as buyers see it: nothing left once the run-out holds are given back, or a line already waiting for it.
  if (!(await typesReservedForLine(db, event, now.getTime())).has(ticket.id)) {
    const left = remaining(ticket, ticket.capacity, await expiredCounted(db, event.id, 'ticket', now.toISOString()));
    if (purchasableMaximum(ticket.maximum_per_order, ticket.minimum, left) > 0) throw errors.waitingListNotSoldOut(ticket.name);
  }
  const email = input.email.trim().toLowerCase();
  const id = randomUUID();
  const at = now.toISOString();
  return withWriteTransaction(ctx.db, async (trx) => {
    // The key written here is never sent: each confirmation e-mail gives the entry a key of its own when it is composed.
    const added = await insertWaitingEntry(trx, {
      id, event_id: event.id, ticket_type_id: ticket.id, email, lang: mailLang(input.lang), quantity: input.quantity, status: 'unconfirmed',
      confirm_key_hash: newAccessKey().hash, confirmed_at: null, purchase_id: null, offered_at: null, client_key: input.clientKey, created_at: at,
    });
    const entry = added ? await findWaitingEntry(trx, id) : await trx.selectFrom('waiting_list_entries').selectAll().where('ticket_type_id', '=', ticket.id).where('email', '=', email).executeTakeFirst();
    if (!entry || entry.status !== 'unconfirmed') return null;
    await queueMail(trx, {
      id: randomUUID(), dedupe_key: `waiting-confirm:${entry.id}:${added ? 'first' : randomUUID()}`, purchase_id: null, waiting_entry_id: entry.id, kind: 'waiting_confirm',
      attempt_id: null, recipient: email, lang: entry.lang, status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: at,
    });
    return entry.id;
  });
}

/**
 * Follows a confirmation link: the entry takes its place in line at this moment (compare-and-set, so a link
 * followed twice places it once). Says where it stands; an unknown key is WAITING_LIST_LINK_INVALID.
 */
export async function confirmWaitingList(ctx: AppContext, key: string): Promise<WaitingListConfirmResponse> {
  const db = ctx.db.kysely;
  const entry = await findWaitingEntryByKey(db, keyHash(key));
  if (!entry) throw errors.waitingListLinkInvalid();
  if (await confirmWaitingEntry(db, entry.id, ctx.now().toISOString())) forgetLines(db, entry.event_id);
  const event = (await findEventById(db, entry.event_id))!;
  const ticket = (await listTicketTypes(db, event.id, true)).find((t) => t.id === entry.ticket_type_id)!;
  const current = (await findWaitingEntry(db, entry.id))!;
  return {
    url: event.url, evento: event.name, boleto: ticket.name, cantidad: current.quantity,
    estado: current.status === 'offered' ? 'ofrecida' : 'en_fila',
    lugar: current.status === 'waiting' ? await placeInLine(db, current) : null,
  };
}
