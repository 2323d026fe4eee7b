import type { AttendeeListResponse, AttendeeView } from '../../shared/api';
import { formatFolio } from '../fulfilment/emit-tickets';
import type { AttendeePage, AttendeeRow } from './attendee-rows';
import type { AttendeeColumns } from './columns';

/** A row as the list answers it: the wire's names; each form field its ticket type asks, as its cell's text. */
function attendeeView(row: AttendeeRow, columns: AttendeeColumns): AttendeeView {
  return {
    boleto_id: row.ticketId,
    folio: formatFolio(row.folio),
    tipo: row.ticketType,
    tipo_id: row.ticketTypeId,
    asiento: row.seat,
    titular_nombre: row.holderName,
    titular_email: row.holderEmail,
    comprador_nombre: row.buyerName,
    comprador_email: row.buyerEmail,
    comprador_telefono: row.buyerPhone,
    referencia: row.reference,
    estado: row.status,
    pagado_en: row.paidAt,
    metodo_pago: row.paymentMethod,
    ingreso_en: row.checkedInAt,
    respuestas: Object.fromEntries(columns.fields.filter((c) => c.asked(row)).map((c) => [c.id, c.cell(row)])),
  };
}

/** `GET /api/admin/events/{url}/attendees`: one page of the list with its columns; `siguiente` is the cursor of the next. */
export function attendeeListResponse(page: AttendeePage, columns: AttendeeColumns): AttendeeListResponse {
  return {
    columnas: columns.fixed.map((c) => ({ id: c.id, titulo: c.title })),
    campos: columns.fields.map((c) => ({ id: c.id, titulo: c.title })),
    asistentes: page.rows.map((row) => attendeeView(row, columns)),
    siguiente: page.next === null ? null : String(page.next),
  };
}
