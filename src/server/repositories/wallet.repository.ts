import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TICKETS_LIVE } from '../orders/statuses';
import { notRevoked } from './emission.repository';

/**
 * A ticket as a wallet pass needs it: its own row, its type's name and its purchase's id,
 * only while that purchase is paid (or partly cancelled) and the ticket not revoked. A ticket of a purchase refunded or cancelled since
 * is not found, so its pass page and passes stop opening.
 */
export async function findPaidTicketForPass(db: Kysely<Database>, ticketId: string) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .select(['t.id', 't.purchase_id', 't.event_id', 't.folio', 't.qr_secret', 't.attendee_name', 't.seat_label', 'tt.name as ticket_type_name'])
    .where('t.id', '=', ticketId)
    .where('p.status', 'in', TICKETS_LIVE)
    .where(notRevoked)
    .executeTakeFirst();
}
