import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A ticket as a wallet pass needs it: its own row, its type's name, its purchase's id and status, and
 * whether it was revoked (`ticket_revocations`). The caller decides what a ticket no longer valid shows.
 */
export async function findTicketForPass(db: Kysely<Database>, ticketId: string) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .innerJoin('purchases as p', 'p.id', 't.purchase_id')
    .leftJoin('ticket_revocations as r', 'r.ticket_id', 't.id')
    .select(['t.id', 't.purchase_id', 't.event_id', 't.folio', 't.qr_secret', 't.attendee_name', 't.seat_label', 'tt.name as ticket_type_name', 'p.status as purchase_status', 'r.id as revocation_id'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}
