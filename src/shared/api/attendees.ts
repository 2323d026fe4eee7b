/** The operators' attendee list of an event (`GET /api/admin/events/{url}/attendees`) and its CSV / XLSX files. */

/** Which tickets the list holds (`status`): those that admit (default), those that no longer do, or both. */
export type AttendeeStatusFilter = 'valid' | 'revoked' | 'all';

/** `GET /api/admin/events/{url}/attendees?cursor=&limit=&q=&status=&ticket_type=` (limit 1–200, 50 unless told). */
export interface AttendeeListQuery {
  /** `siguiente` of the page before; absent: the first page. */
  cursor?: string;
  /** Digits, 1–200. */
  limit?: string;
  /** Part of a folio, purchase reference, holder's name or e-mail, or buyer's e-mail (case-insensitive). */
  q?: string;
  status?: AttendeeStatusFilter;
  /** The event file's ticket type id (digits). */
  ticket_type?: string;
}

/** A ticket's standing: `valid` admits; the others say why it no longer does (its revocation, or its order called off). */
export type AttendeeStatus = 'valid' | 'refunded' | 'dispute_lost' | 'organiser' | 'buyer' | 'transferred' | 'cancelled';

/** A column of the list and its files: `id` and its title in the request's language (a form field: its label). */
export interface AttendeeColumn {
  id: string;
  titulo: string;
}

/** One issued ticket. Personal data erased by data retention reads as empty strings; answers as their text. */
export interface AttendeeView {
  boleto_id: string;
  /** Six digits, as printed. */
  folio: string;
  tipo: string;
  tipo_id: number;
  asiento: string | null;
  titular_nombre: string;
  /** A transferred ticket's holder's e-mail; null for the buyer's own tickets. */
  titular_email: string | null;
  comprador_nombre: string;
  comprador_email: string;
  comprador_telefono: string;
  /** The purchase id (the reference the buyer is given). */
  referencia: string;
  estado: AttendeeStatus;
  pagado_en: string | null;
  /** The paying provider (`paypal`, `mercadopago`, `free`…). */
  metodo_pago: string | null;
  /** The ticket's first admission at the door, any list. */
  ingreso_en: string | null;
  /** Field id (of `campos`) → answer text; a field the ticket's type does not ask is absent. */
  respuestas: Record<string, string>;
}

/** A page of the list: the fixed columns, the attendee forms' fields (one column each), the rows and the next page's cursor. */
export interface AttendeeListResponse {
  columnas: AttendeeColumn[];
  campos: AttendeeColumn[];
  asistentes: AttendeeView[];
  /** null on the last page. */
  siguiente: string | null;
}
