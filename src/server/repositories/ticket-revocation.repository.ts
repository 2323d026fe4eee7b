import type { Kysely } from 'kysely';
import type { Database, RevocationReason } from '../db/schema';

/** Revokes every ticket of a purchase, once per ticket (a repeat keeps the first reason). Returns how many were revoked now. */
export async function revokeTicketsOfPurchase(db: Kysely<Database>, purchaseId: string, reason: RevocationReason, now: string): Promise<number> {
  const result = await db
    .insertInto('ticket_revocations')
    .columns(['ticket_id', 'event_id', 'reason', 'created_at'])
    .expression((eb) => eb.selectFrom('tickets').select((s) => ['tickets.id', 'tickets.event_id', s.val(reason).as('reason'), s.val(now).as('created_at')]).where('tickets.purchase_id', '=', purchaseId))
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Why a ticket no longer admits anyone; undefined while it does. */
export async function findRevocation(db: Kysely<Database>, ticketId: string): Promise<{ reason: RevocationReason; created_at: string } | undefined> {
  return db.selectFrom('ticket_revocations').select(['reason', 'created_at']).where('ticket_id', '=', ticketId).executeTakeFirst();
}

/** An event's revocations written after `since` (ISO time), for a scanner's sync. */
export async function revocationsSince(db: Kysely<Database>, eventId: number, since: string): Promise<{ ticket_id: string; reason: RevocationReason; created_at: string }[]> {
  return db.selectFrom('ticket_revocations').select(['ticket_id', 'reason', 'created_at']).where('event_id', '=', eventId).where('created_at', '>', since).orderBy('id').execute();
}
