/** `GET /api/emissions/download/all` and `/obtener/wallet`: a signed `token` opens the PDF without the key header (new tab). */
export interface EmissionQuery {
  emission_id: string;
  purchase_id: string;
  token?: string;
}

/** `GET /api/emissions/download/ticket`: one ticket's PDF, by a link signed for it. */
export interface TicketDownloadQuery {
  ticket_id: string;
  purchase_id: string;
  token?: string;
}

/** One ticket of the wallet dialog; `serial` is its printed folio. */
export interface WalletEmission {
  id: string;
  name: string;
  serial: string;
}

export interface WalletEmissionsResponse {
  emisiones: WalletEmission[];
}

/**
 * `POST /api/emissions/download/wallet`: `emission_id` is one of the purchase's tickets' ids (→ the URL of
 * that ticket's pass page) or the purchase's emission id (→ the whole purchase's PDF).
 */
export interface WalletUrlRequest {
  emission_id: string;
  purchase_id: string;
}

export interface WalletUrlResponse {
  url: string;
}
