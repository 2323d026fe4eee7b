/** Door check-in: the admin's device and report routes and the scanner's API (`Authorization: Bearer <device token>`). */

/** `POST /api/admin/events/{url}/checkin-devices`. */
export interface CreateCheckinDeviceRequest {
  list: string;
  name: string;
}

/** The device's token is shown once; `url` opens the scanner already paired (the token after `#`, never in a query). */
export interface CreateCheckinDeviceResponse {
  device_id: string;
  token: string;
  url: string;
}

/** A check-in list as scanners get it (times in ISO 8601; null when open-ended). */
export interface CheckinListView {
  id: string;
  name: string;
  /** The event file's ticket type ids this list admits. */
  ticket_types: number[];
  opens_at: string | null;
  closes_at: string | null;
  allow_reentry: boolean;
}

/** A ticket a list admits; `checked_in` while it is inside (admitted, no `out` since). */
export interface CheckinTicketView {
  id: string;
  /** Six digits, as printed. */
  folio: string;
  type: number;
  type_name: string;
  seat: string | null;
  holder: string;
  checked_in: boolean;
  /** The old random secret of a ticket issued before signed codes, so the scanner recognises its QR offline; null for signed ones. */
  legacy_code: string | null;
}

export type RevocationReason = 'refunded' | 'dispute_lost' | 'organiser' | 'buyer' | 'transferred';

/** `GET /api/checkin/sync?since=<cursor>`: what changed since the cursor; `more` asks for another call with `cursor` at once. */
export interface CheckinSyncResponse {
  device: { id: string; name: string };
  list: CheckinListView;
  keys: { key_id: number; public_key: string }[];
  tickets: CheckinTicketView[];
  revocations: { ticket_id: string; reason: RevocationReason }[];
  cursor: string;
  more: boolean;
}

export type ScanDirection = 'in' | 'out';

export interface CheckinScan {
  /** Chosen by the device, unique per scan: a re-sent scan gets the answer of the first. */
  nonce: string;
  /** The QR's text (a signed code or an old secret), or a folio typed by hand (digits). */
  code: string;
  /** When the device scanned it (ISO 8601), kept for scans uploaded later. */
  scanned_at: string;
  direction?: ScanDirection;
}

/** `POST /api/checkin/scans`. */
export interface CheckinScansRequest {
  scans: CheckinScan[];
}

export type CheckinVerdict = 'ok' | 'already_used' | 'revoked' | 'unknown' | 'wrong_list' | 'not_open' | 'closed';

export interface CheckinScanResult {
  nonce: string;
  verdict: CheckinVerdict;
  ticket?: CheckinTicketView;
  /** The entry that used the ticket (`already_used`), when and by which device's name. */
  first_entry?: { at: string; device: string };
  revoked_reason?: RevocationReason;
}

export interface CheckinScansResponse {
  results: CheckinScanResult[];
}

/** `GET /api/checkin/search?q=`: tickets of the list by folio or holder name (at most 20). */
export interface CheckinSearchResponse {
  tickets: CheckinTicketView[];
}

/** `GET /api/admin/events/{url}/checkin`. */
export interface CheckinReportResponse {
  lists: {
    id: string;
    name: string;
    types: { ticket_type: number; name: string; admitted: number; total: number }[];
    conflicts: number;
  }[];
  devices: { id: string; name: string; list: string; revoked: boolean; last_sync_at: string | null }[];
}
