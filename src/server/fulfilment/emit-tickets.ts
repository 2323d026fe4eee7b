import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { holderFields } from '../../shared/attendee-form/holder-fields';
import { ticketSigner } from '../checkin/event-keys';
import type { Database } from '../db/schema';
import { insertEmission, insertTickets, lastFolio } from '../repositories/emission.repository';
import type { TicketTypeRow } from '../repositories/event.repository';
import type { Order } from '../repositories/order.repository';
import type { PurchaseRow } from '../repositories/purchase.repository';

/** Attendee name of each unit of a ticket line: from the attendee form's name answer (`holderFields`) when present, else the buyer's name. */
export function attendeeNames(purchase: PurchaseRow, ticket: TicketTypeRow, quantity: number): string[] {
  const buyerName = purchase.buyer?.name ?? '';
  const answers = purchase.attendee_answers?.[String(ticket.external_id)] ?? [];
  const field = holderFields(ticket.form).name;
  return Array.from({ length: quantity }, (_, unit) => {
    const answer = field ? answers[unit]?.[field] : undefined;
    return typeof answer === 'string' && answer.trim() ? answer.trim() : buyerName;
  });
}

/**
 * Emits the tickets of an order inside the confirming transaction (under the event's
 * stock lock): one emission (unique per purchase), one ticket per unit with the next
 * folios of the event and, as its QR secret, the ticket's signed code (`checkin/code-format.ts`:
 * a door scanner verifies it offline with the event's public key). Returns the emission id.
 */
export async function emitTickets(
  trx: Kysely<Database>,
  input: { order: Order; attemptId: string; now: string; /** SIGNING_SECRET, which opens the event's signing key. */ signingSecret: string; /** Seated events: the place labels of each ticket type (event file id), one per unit in order. */ seatLabels?: Map<number, string[]> },
): Promise<string> {
  const { purchase } = input.order;
  const emissionId = randomUUID();
  await insertEmission(trx, { id: emissionId, purchase_id: purchase.id, attempt_id: input.attemptId, created_at: input.now });
  let folio = await lastFolio(trx, purchase.event_id);
  const signCode = await ticketSigner(trx, input.signingSecret, purchase.event_id, input.now);
  let unit = 0;
  const rows = [];
  for (const { ticket, quantity } of input.order.tickets) {
    const seats = input.seatLabels?.get(ticket.external_id) ?? [];
    for (const [index, attendee] of attendeeNames(purchase, ticket, quantity).entries()) {
      folio += 1;
      const id = randomUUID();
      const seat = seats[index] ?? null;
      rows.push({
        id,
        emission_id: emissionId,
        purchase_id: purchase.id,
        event_id: purchase.event_id,
        ticket_type_id: ticket.id,
        unit_index: unit++,
        folio,
        qr_secret: signCode({ ticketId: id, ticketType: ticket.external_id, seat }),
        attendee_name: attendee,
        seat_label: seat,
        created_at: input.now,
      });
    }
  }
  await insertTickets(trx, rows);
  return emissionId;
}

/** A folio as printed: six digits. */
export function formatFolio(folio: number): string {
  return String(folio).padStart(6, '0');
}
