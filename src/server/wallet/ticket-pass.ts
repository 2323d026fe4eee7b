/**
 * What every phone-wallet pass of one ticket shows, whatever wallet carries it (Apple Wallet
 * `.pkpass`, Google Wallet save link, the pass page). One shape so the passes cannot drift
 * apart: the loader (`loadTicketPass`) reads it once from the database, and each format is a
 * pure function of it.
 */

/** A place the event happens; the coordinates let a phone offer the pass near the venue. */
export interface PassVenue {
  name: string;
  address?: string;
  latitude?: number;
  longitude?: number;
}

/** Pass colours as CSS `rgb(r, g, b)` strings, the form both wallets accept. */
export interface PassColours {
  background: string;
  foreground: string;
  label: string;
}

export interface TicketPass {
  /** The ticket's own id (stable; a wallet object id is derived from it). */
  ticketId: string;
  /** The purchase it belongs to (a reference for support; opens nothing by itself). */
  purchaseId: string;
  /** Printed folio, as on the PDF (`formatFolio`). */
  folio: string;
  /** The QR payload: exactly the secret the PDF's QR carries, so a gate scanner reads one format. */
  qrSecret: string;
  eventId: number;
  eventName: string;
  /** Absolute storefront URL of the event page. */
  eventUrl: string;
  /** ISO 8601 with offset, when the event file gives them. */
  startsAt: string | null;
  endsAt: string | null;
  venue: PassVenue | null;
  colours: PassColours;
  ticketTypeName: string;
  attendeeName: string;
  /** Seat label on seated events ('A-12'), otherwise null. */
  seat: string | null;
  /** The buyer's language: the pass page and the passes' labels follow it. */
  lang: 'es' | 'en';
  /** The ticket no longer admits anyone (revoked, or its purchase refunded or cancelled): its passes say so. */
  voided: boolean;
}
