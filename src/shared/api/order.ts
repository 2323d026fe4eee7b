import type { OrderAmounts } from './amounts';

/**
 * The buyer's order page (`/{url}/order`): `GET /api/orders/{purchase_id}` with the purchase's
 * key (`X-Purchase-Key`), "find my order", resending the tickets e-mail and correcting one
 * ticket's attendee answers.
 */

/** Where the event happens, with a link that opens it on a map. */
export interface OrderVenue {
  nombre: string;
  direccion: string | null;
  mapa_url: string;
}

export interface OrderEventInfo {
  nombre: string;
  url: string;
  /** The event file's `starts_at` / `ends_at` as written (ISO 8601 with offset); null when not given. */
  inicio: string | null;
  fin: string | null;
  lugar: OrderVenue | null;
  /** The event's calendar file (`/api/event/{url}/calendar.ics`); null while it has no date. */
  calendario_url: string | null;
}

/** One ticket of the order. The links and the QR are null once the order is no longer paid. */
export interface OrderTicket {
  id: string;
  /** Six digits, as printed. */
  folio: string;
  tipo: string;
  /** The event file's ticket type id: the key of its attendee form in the validators module. */
  tipo_id: number;
  asiento: string | null;
  titular: string;
  /** What the ticket's QR code holds. */
  qr: string | null;
  /** The ticket's PDF, by a short-lived signed link. */
  pdf_url: string | null;
  /** The ticket's pass page (Apple Wallet and Google Wallet buttons). */
  pase_url: string | null;
  /** This ticket's attendee answers (field id → answer); null when its type asks none. */
  respuestas: Record<string, unknown> | null;
  /** Fields the organiser locked after purchase: shown, never changed. */
  bloqueados: string[];
  /** Whether it may be given to someone else now (the event's `transfers`, not yet used at the door, under the limit). */
  transferible: boolean;
  /** Whether the buyer may cancel it now (the event's `refund_policy`, not yet used at the door). */
  cancelable: boolean;
}

export interface OrderPayment {
  /** The provider (`mercadopago`, `stripe`, `fintoc`, `free`, …). */
  metodo: string;
  /** The attempt's status as the provider said it (`approved`, `refunded`, …). */
  estado: string;
  /** Pesos. */
  monto: number;
  moneda: string;
  fecha: string;
  /** The card plan it was paid with (meses sin intereses); absent for one payment. */
  meses?: { meses: number; total: number; sin_intereses: boolean };
}

/** One line of the order's history: a status change, or an answer corrected (`estado` null). */
export interface OrderHistoryEntry {
  fecha: string;
  estado: string | null;
  motivo: string;
}

export interface OrderActions {
  /** Until when attendee answers may be corrected; null: no deadline (the event has no date). */
  changes_until: string | null;
  corregir_respuestas: boolean;
  reenviar: boolean;
  /** Tickets may be transferred, until `hasta` (null: no deadline); null when they may not. */
  transferir: { hasta: string | null } | null;
  /** The buyer may cancel tickets until `hasta`, the event keeping `comision_porcentaje` %; `clabe_requerida` for cash or bank-transfer payments. Null when they may not. */
  cancelar: { hasta: string; comision_porcentaje: number; clabe_requerida: boolean } | null;
}

export interface OrderViewResponse {
  purchase_id: string;
  /** `compra`: the buyer's key, the whole order; `boleto`: a transferred ticket's holder's key, their ticket only (no payments, no history). */
  alcance: 'compra' | 'boleto';
  estado: 'paid' | 'partially_cancelled' | 'cancelled' | 'refunded';
  comprador: { nombre: string; email: string };
  evento: OrderEventInfo;
  boletos: OrderTicket[];
  pagos: OrderPayment[];
  /** The order's amounts; null for a ticket holder's view. */
  montos: OrderAmounts | null;
  historial: OrderHistoryEntry[];
  acciones: OrderActions;
}

/** "Find my order": the buyer's e-mail and the purchase reference printed on the tickets. */
export interface FindOrderRequest {
  email: string;
  purchase_id: string;
}

/** The same 202 answer whether or not the pair names a paid order. */
export interface FindOrderResponse {
  mensaje: string;
}

export interface ResendTicketsResponse {
  /** Resends left in the current hour. */
  restantes: number;
}

/** The new answers of one ticket (field id → answer), the whole attendee form of its type. */
export interface CorrectAnswersRequest {
  respuestas: Record<string, unknown>;
}

export interface CorrectAnswersResponse {
  boleto: OrderTicket;
}
