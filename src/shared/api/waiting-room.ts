/** The waiting room in front of a high-demand on-sale (`/api/waiting-room/{url}`, docs/waiting-room.md). */

/**
 * Where a browser stands: `sin_sala` the room is not on (buy as usual); `fuera` no place yet (join);
 * `sorteo` joined before opening, the lottery gives the place at `abre`; `esperando` in the queue;
 * `admitido` let in, with its pass (`turno`) until `turno_vence`; `vencido` the pass ran out or was
 * used (join again, at the back).
 */
export type WaitingRoomState = 'sin_sala' | 'fuera' | 'sorteo' | 'esperando' | 'admitido' | 'vencido';

/** `GET /api/waiting-room/{url}`, `POST …/join`, and each `status` message of `GET …/stream`. */
export interface WaitingRoomStatusResponse {
  estado: WaitingRoomState;
  /** The place (1: the next let in) while `esperando`. */
  lugar: number | null;
  /** The estimated wait in seconds while `esperando`. */
  espera_segundos: number | null;
  /** When the on-sale opens (ISO) while `sorteo`. */
  abre: string | null;
  /** The admission pass, sent with `new-purchase` as `turno`, while `admitido`. */
  turno: string | null;
  turno_vence: string | null;
}

/** `POST /api/waiting-room/{url}/join`: the bot check's token (action `waiting_room`). */
export interface WaitingRoomJoinRequest {
  token: string;
}

/** `PUT /api/admin/events/{url}/waiting-room`: the rate changed live. */
export interface WaitingRoomRateRequest {
  admit_per_minute: number;
}

/** `PUT /api/admin/events/{url}/waiting-room`: the room after the change. */
export interface WaitingRoomAdminResponse {
  mode: 'off' | 'scheduled' | 'always' | 'auto';
  admit_per_minute: number;
  /** Places handed out and let in so far. */
  places: number;
  admitted: number;
}
