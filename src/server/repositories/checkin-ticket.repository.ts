import type { Kysely } from 'kysely';
import type { Database, PurchaseStatus, RevocationReason } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';

/** A ticket as the door sees it: who, which type and seat, and whether it may still enter (purchase paid, not revoked). */
export interface DoorTicketRow {
  id: string;
  event_id: number;
  folio: number;
  qr_secret: string;
  attendee_name: string;
  seat_label: string | null;
  type: number;
  type_name: string;
  purchase_status: PurchaseStatus;
  revoked_reason: RevocationReason | null;
  created_at: string;
}

function doorTicketRows(db: Kysely<Database>) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .leftJoin('ticket_revocations as r', 'r.ticket_id', 't.id')
    .select(['t.id', 't.event_id', 't.folio', 't.qr_secret', 't.attendee_name', 't.seat_label', 'tt.external_id as type', 'tt.name as type_name', 'p.status as purchase_status', 'r.reason as revoked_reason', 't.created_at']);
}

const doorTickets = (db: Kysely<Database>, eventId: number) => doorTicketRows(db).where('t.event_id', '=', eventId);

/**
 * The event's tickets with these ids, QR secrets (the code a ticket was issued with) or folios. Ids and secrets
 * are unique keys of their own: the event is checked on the rows found, because with a list of them beside
 * `event_id = ?` SQLite walks the event's index (every ticket of the event: 14 ms for 50 ids among 20,000
 * tickets) instead of theirs (0.7 ms).
 */
export async function findDoorTickets(db: Kysely<Database>, eventId: number, by: { ids: string[] } | { secrets: string[] } | { folios: number[] }): Promise<DoorTicketRow[]> {
  if ('folios' in by) return by.folios.length ? doorTickets(db, eventId).where('t.folio', 'in', by.folios).execute() : [];
  const [column, values] = 'ids' in by ? (['t.id', by.ids] as const) : (['t.qr_secret', by.secrets] as const);
  if (values.length === 0) return [];
  return (await doorTicketRows(db).where(column, 'in', values).execute()).filter((row) => row.event_id === eventId);
}

/**
 * The event's tickets of `types` in paid (or partly cancelled) purchases, issued after the keyset (created_at, id), oldest first, at most `limit`.
 */
export async function doorTicketsAfter(db: Kysely<Database>, eventId: number, types: number[], after: { t: string; id: string }, limit: number): Promise<DoorTicketRow[]> {
  if (types.length === 0) return [];
  return doorTickets(db, eventId)
    .where('tt.external_id', 'in', types)
    .where('p.status', 'in', TICKETS_LIVE)
    .where((eb) => eb.or([eb('t.created_at', '>', after.t), eb.and([eb('t.created_at', '=', after.t), eb('t.id', '>', after.id)])]))
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** The event's tickets whose entries on the list changed after `since` (to resend their checked-in state). */
export async function doorTicketsEnteredSince(db: Kysely<Database>, eventId: number, listId: string, since: string, limit: number): Promise<DoorTicketRow[]> {
  const ids = db.selectFrom('checkin_entries').select('ticket_id').where('event_id', '=', eventId).where('list_id', '=', listId).where('created_at', '>', since);
  return doorTickets(db, eventId).where('t.id', 'in', ids).where('p.status', 'in', TICKETS_LIVE).limit(limit).execute();
}

/** The event's tickets of paid purchases whose holder changed after `since` (a buyer corrected the answers: `order_events`). */
export async function doorTicketsChangedSince(db: Kysely<Database>, eventId: number, since: string, limit: number): Promise<DoorTicketRow[]> {
  const ids = db.selectFrom('order_events').select('ticket_id').where('event_id', '=', eventId).where('created_at', '>', since).where('ticket_id', 'is not', null).$narrowType<{ ticket_id: string }>();
  return doorTickets(db, eventId).where('t.id', 'in', ids).where('p.status', '=', 'paid').limit(limit).execute();
}

/** Tickets of `types` whose folio is `folio` or whose holder's name contains `text` (case-insensitive), at most `limit`. */
export async function searchDoorTickets(db: Kysely<Database>, eventId: number, types: number[], query: { folio: number | null; text: string }, limit: number): Promise<DoorTicketRow[]> {
  if (types.length === 0) return [];
  const pattern = `%${query.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return doorTickets(db, eventId)
    .where('tt.external_id', 'in', types)
    .where((eb) => eb.or([
      ...(query.folio !== null ? [eb('t.folio', '=', query.folio)] : []),
      eb(eb.fn('lower', ['t.attendee_name']), 'like', eb.val(pattern)),
    ]))
    .orderBy('t.folio')
    .limit(limit)
    .execute();
}
