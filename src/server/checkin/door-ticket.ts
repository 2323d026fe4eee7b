import type { CheckinTicketView } from '../../shared/api';
import { formatFolio } from '../fulfilment/emit-tickets';
import type { DoorTicketRow } from '../repositories/checkin-ticket.repository';
import { decodeCode } from './code-format';

/** A ticket as a scanner shows it; `legacy_code` only for a ticket issued before signed codes (its QR is a random secret). */
export function ticketView(row: DoorTicketRow, checkedIn: boolean): CheckinTicketView {
  return {
    id: row.id,
    folio: formatFolio(row.folio),
    type: row.type,
    type_name: row.type_name,
    seat: row.seat_label,
    holder: row.attendee_name,
    checked_in: checkedIn,
    legacy_code: decodeCode(row.qr_secret) ? null : row.qr_secret,
  };
}
