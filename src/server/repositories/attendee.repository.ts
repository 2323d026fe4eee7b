import { sql, type Kysely } from 'kysely';
import type { AttendeeStatusFilter } from '../../shared/api';
import type { Database, PurchaseStatus, RevocationReason } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';

export interface AttendeeFilters {
  /** Folio, purchase reference, holder's name or e-mail, buyer's e-mail: a part of one of them (case-insensitive). */
  text: string | null;
  status: AttendeeStatusFilter;
  /** The event file's ticket type id. */
  ticketType: number | null;
}

/** One issued ticket of an event with what its attendee row needs (JSON columns still encoded: the reader decodes them once per purchase). */
export interface AttendeeTicketRow {
  id: string;
  folio: number;
  purchase_id: string;
  ticket_type_id: number;
  type_external_id: number;
  type_name: string;
  seat_label: string | null;
  attendee_name: string;
  transferred_from: string | null;
  holder_email: string | null;
  holder_answers_json: string | null;
  purchase_status: PurchaseStatus;
  buyer_info_json: string | null;
  form_json: string | null;
  data_purged_at: string | null;
  paid_at: string | null;
  payment_method: string | null;
  revoked_reason: RevocationReason | null;
}

/** `%text%` for a LIKE with `\` as its escape character, lower case. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Up to `limit` issued tickets of the event after folio `afterFolio`, in folio order (keyset over the
 * `(event_id, folio)` unique key), with their type, purchase, paying attempt and revocation.
 */
export async function attendeeTicketsPage(db: Kysely<Database>, eventId: number, filters: AttendeeFilters, afterFolio: number, limit: number): Promise<AttendeeTicketRow[]> {
  let query = db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .leftJoin('emissions as e', 'e.id', 't.emission_id')
    .leftJoin('payment_attempts as a', 'a.id', 'e.attempt_id')
    .leftJoin('ticket_revocations as r', 'r.ticket_id', 't.id')
    .select([
      't.id', 't.folio', 't.purchase_id', 't.ticket_type_id', 'tt.external_id as type_external_id', 'tt.name as type_name', 't.seat_label', 't.attendee_name',
      't.transferred_from', 't.holder_email', 't.holder_answers_json', 'p.status as purchase_status', 'p.buyer_info_json', 'p.form_json', 'p.data_purged_at',
      'e.created_at as paid_at', 'a.provider as payment_method', 'r.reason as revoked_reason',
    ])
    .where('t.event_id', '=', eventId)
    .where('t.folio', '>', afterFolio);
  if (filters.ticketType !== null) query = query.where('tt.external_id', '=', filters.ticketType);
  if (filters.status === 'valid') query = query.where('r.id', 'is', null).where('p.status', 'in', TICKETS_LIVE);
  if (filters.status === 'revoked') query = query.where((eb) => eb.or([eb('r.id', 'is not', null), eb('p.status', 'not in', TICKETS_LIVE)]));
  if (filters.text) {
    const pattern = containsPattern(filters.text);
    const folio = /^\d{1,9}$/.test(filters.text.trim()) ? Number(filters.text.trim()) : null;
    query = query.where((eb) => eb.or([
      ...(folio !== null ? [eb('t.folio', '=', folio)] : []),
      sql<boolean>`lower(t.attendee_name) like ${pattern} escape '\\'`,
      sql<boolean>`lower(t.holder_email) like ${pattern} escape '\\'`,
      sql<boolean>`lower(p.buyer_email) like ${pattern} escape '\\'`,
      sql<boolean>`lower(p.id) like ${pattern} escape '\\'`,
    ]));
  }
  return query.orderBy('t.folio').limit(limit).execute() as Promise<AttendeeTicketRow[]>;
}

/** The tickets issued at payment (not a transfer's) of these purchases, by unit: each ticket's place among its type's answers. */
export async function issuedTicketsOfPurchases(db: Kysely<Database>, purchaseIds: string[]): Promise<{ id: string; purchase_id: string; ticket_type_id: number }[]> {
  if (purchaseIds.length === 0) return [];
  return db.selectFrom('tickets').select(['id', 'purchase_id', 'ticket_type_id']).where('purchase_id', 'in', purchaseIds).where('transferred_from', 'is', null).orderBy('purchase_id').orderBy('unit_index').execute();
}

/** Each ticket's first admission (any list), for the tickets given that have one. */
export async function firstEntriesOf(db: Kysely<Database>, ticketIds: string[]): Promise<Map<string, string>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db.selectFrom('checkin_entries').select(['ticket_id', (eb) => eb.fn.min('scanned_at').as('first')]).where('ticket_id', 'in', ticketIds).groupBy('ticket_id').execute();
  return new Map(rows.map((r) => [r.ticket_id, String(r.first)]));
}
