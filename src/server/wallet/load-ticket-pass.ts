import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatFolio } from '../fulfilment/emit-tickets';
import { findEventById } from '../repositories/event.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { ticketsLive } from '../orders/statuses';
import { findTicketForPass } from '../repositories/wallet.repository';
import { passColours } from './pass-colours';
import type { TicketPass } from './ticket-pass';

export interface TicketPassOptions {
  /** The storefront's origin (`https://boletos.example.mx`, no trailing slash): the pass links to the event page there. */
  origin: string;
  /**
   * Also a ticket no longer valid (revoked, or its purchase no longer paid), marked `voided`: what a phone
   * that registered the pass is served, so the pass on it shows the cancellation. Without it, undefined.
   */
  includeVoided?: boolean;
}

/**
 * Everything a wallet pass of one ticket shows, as it is now (the attendee's current name), or
 * undefined when there is no such ticket, or it is no longer valid (revoked, or its purchase not paid
 * any more) unless `includeVoided`. The QR secret is the ticket's own, the one its PDF carries.
 */
export async function loadTicketPass(db: Kysely<Database>, ticketId: string, options: TicketPassOptions): Promise<TicketPass | undefined> {
  const ticket = await findTicketForPass(db, ticketId);
  if (!ticket) return undefined;
  const voided = !ticketsLive(ticket.purchase_status) || ticket.revocation_id !== null;
  if (voided && !options.includeVoided) return undefined;
  const [event, purchase] = await Promise.all([findEventById(db, ticket.event_id), findPurchase(db, ticket.purchase_id)]);
  if (!event || !purchase) return undefined;
  return {
    ticketId: ticket.id,
    purchaseId: ticket.purchase_id,
    folio: formatFolio(ticket.folio),
    qrSecret: ticket.qr_secret,
    eventId: event.id,
    eventName: event.name,
    eventUrl: `${options.origin.replace(/\/+$/, '')}/${event.url}`,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    venue: event.venue,
    colours: passColours(event.pass_colors),
    ticketTypeName: ticket.ticket_type_name,
    attendeeName: ticket.attendee_name,
    seat: ticket.seat_label ?? null,
    lang: purchase.buyer?.lang === 'en' ? 'en' : 'es',
    voided,
  };
}
