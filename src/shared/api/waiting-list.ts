/**
 * The waiting list of a sold-out ticket type (docs/decisions/026-waiting-list.md): joining asks for a
 * confirmation by e-mail; freed tickets are offered to the line in order, each offer a held purchase.
 */

/** `POST /api/event/{url}/waiting-list`: the file's ticket id, how many tickets (up to its per-order maximum), the address, the bot check. */
export interface WaitingListJoinRequest {
  ticket_id: number;
  cantidad: number;
  email: string;
  lang?: 'es' | 'en';
  token: string;
}

/** The same answer whether or not the address was on the list already: a confirmation e-mail goes to it unless it is confirmed. */
export interface WaitingListJoinResponse {
  enviado: true;
}

/** `POST /api/waiting-list/confirm`: the key of the confirmation e-mail's link. */
export interface WaitingListConfirmRequest {
  key: string;
}

/** Where the entry stands: in line (`lugar`: 1 is next) or already offered its tickets. */
export interface WaitingListConfirmResponse {
  url: string;
  evento: string;
  boleto: string;
  cantidad: number;
  estado: 'en_fila' | 'ofrecida';
  lugar: number | null;
}

/**
 * An entry as operators see it: `unconfirmed` (its e-mail's link not followed), `waiting` (`place` in its type's
 * line), `offered` (tickets held for it until `offer_until`), `claimed` (the offer was paid), `lapsed` (it ran out
 * or was called off; the tickets went on to the line). `email` is null once the data-retention timer erased it
 * (`erased_at`, WAITING_LIST_RETENTION_DAYS after the entry was over).
 */
export interface AdminWaitingEntry {
  id: string;
  ticket_id: number;
  ticket_name: string;
  email: string | null;
  erased_at: string | null;
  quantity: number;
  state: 'unconfirmed' | 'waiting' | 'offered' | 'claimed' | 'lapsed';
  place: number | null;
  joined_at: string;
  confirmed_at: string | null;
  offered_at: string | null;
  offer_until: string | null;
  purchase_id: string | null;
}

/** `GET /api/admin/events/{url}/waiting-list`: every entry, per ticket type in line order (unconfirmed ones last). */
export interface AdminWaitingListResponse {
  enabled: boolean;
  offer_hours: number;
  entries: AdminWaitingEntry[];
}
