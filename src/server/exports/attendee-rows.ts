import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AttendeeStatus } from '../../shared/api';
import type { AttendeeAnswers, OrderFormAnswers } from '../../shared/attendee-form';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { assertEventAllowed } from '../operators/admin-access';
import { unitOfType } from '../orders/order-view';
import { ticketsLive } from '../orders/statuses';
import { attendeeTicketsPage, firstEntriesOf, issuedTicketsOfPurchases, type AttendeeFilters, type AttendeeTicketRow } from '../repositories/attendee.repository';
import { findEventByUrl, listTicketTypes, type EventRow, type TicketTypeRow } from '../repositories/event.repository';

/** One issued ticket as the attendee list and its files show it. Erased personal data reads as empty strings and no answers. */
export interface AttendeeRow {
  ticketId: string;
  folio: number;
  ticketType: string;
  /** The event file's ticket type id. */
  ticketTypeId: number;
  seat: string | null;
  holderName: string;
  /** A transferred ticket's holder's e-mail; null for the buyer's own tickets. */
  holderEmail: string | null;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  /** The purchase id: the reference its buyer is given. */
  reference: string;
  status: AttendeeStatus;
  paidAt: string | null;
  paymentMethod: string | null;
  checkedInAt: string | null;
  /** The ticket's attendee answers by field id: a transferred ticket's holder's, else the purchase's at the ticket's unit of its type. */
  answers: AttendeeAnswers;
}

/** A batch of rows in folio order, and the folio to read on from (null: none left). */
export interface AttendeePage {
  rows: AttendeeRow[];
  next: number | null;
}

/** The event of an attendee list or export, with its ticket types (removed ones too: their tickets stay); 404 for an unknown url. */
export async function attendeeEvent(ctx: AppContext, request: FastifyRequest, url: string): Promise<{ event: EventRow; types: TicketTypeRow[] }> {
  assertEventAllowed(request, url);
  const event = await findEventByUrl(ctx.db.kysely, url);
  if (!event) throw errors.eventNotFound();
  return { event, types: await listTicketTypes(ctx.db.kysely, event.id, true) };
}

/** Why a ticket no longer admits, or `valid`: its revocation's reason, else its order's being called off. */
function statusOf(row: AttendeeTicketRow): AttendeeStatus {
  if (row.revoked_reason) return row.revoked_reason;
  return ticketsLive(row.purchase_status) ? 'valid' : 'cancelled';
}

/**
 * Up to `limit` attendee rows of the event after folio `after` (keyset), in four reads whatever the batch: the
 * tickets with their purchase, payment and revocation; the first admissions; the units of the purchases whose
 * answers are read (a purchase's JSON is decoded once per batch).
 */
export async function readAttendeeRows(db: Kysely<Database>, eventId: number, filters: AttendeeFilters, after: number, limit: number): Promise<AttendeePage> {
  const found = await attendeeTicketsPage(db, eventId, filters, after, limit + 1);
  const tickets = found.slice(0, limit);
  const answered = [...new Set(tickets.filter((t) => t.transferred_from === null && t.form_json !== null && t.data_purged_at === null).map((t) => t.purchase_id))];
  const [entries, issued] = await Promise.all([firstEntriesOf(db, tickets.map((t) => t.id)), issuedTicketsOfPurchases(db, answered)]);
  const units = new Map<string, number>();
  const byPurchase = new Map<string, typeof issued>();
  for (const t of issued) {
    const group = byPurchase.get(t.purchase_id);
    if (group) group.push(t);
    else byPurchase.set(t.purchase_id, [t]);
  }
  for (const group of byPurchase.values()) for (const [id, unit] of unitOfType(group)) units.set(id, unit);
  const forms = new Map<string, OrderFormAnswers | null>();
  const formOf = (t: AttendeeTicketRow) => {
    if (!forms.has(t.purchase_id)) forms.set(t.purchase_id, t.form_json ? (JSON.parse(t.form_json) as OrderFormAnswers) : null);
    return forms.get(t.purchase_id) ?? null;
  };
  const rows = tickets.map((t): AttendeeRow => {
    const erased = t.data_purged_at !== null;
    const buyer = !erased && t.buyer_info_json ? (JSON.parse(t.buyer_info_json) as { name?: string; email?: string; phone?: string }) : {};
    const answers = erased ? {} : t.holder_answers_json ? (JSON.parse(t.holder_answers_json) as AttendeeAnswers) : (formOf(t)?.[String(t.type_external_id)]?.[units.get(t.id) ?? -1] ?? {});
    return {
      ticketId: t.id,
      folio: Number(t.folio),
      ticketType: t.type_name,
      ticketTypeId: Number(t.type_external_id),
      seat: t.seat_label,
      holderName: erased ? '' : t.attendee_name,
      holderEmail: erased ? null : t.holder_email,
      buyerName: buyer.name ?? '',
      buyerEmail: buyer.email ?? '',
      buyerPhone: buyer.phone ?? '',
      reference: t.purchase_id,
      status: statusOf(t),
      paidAt: t.paid_at,
      paymentMethod: t.payment_method,
      checkedInAt: entries.get(t.id) ?? null,
      answers,
    };
  });
  return { rows, next: found.length > limit ? rows[rows.length - 1].folio : null };
}
