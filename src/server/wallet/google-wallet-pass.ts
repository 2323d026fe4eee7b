import type { TicketPass } from './ticket-pass';

/**
 * A Google Wallet event ticket as the Wallet REST API spells it (resources `eventTicketClass`
 * and `eventTicketObject`), built from the one `TicketPass` shape. Only the fields we fill are
 * typed; the save JWT carries both, so Google creates the class and the object on first save.
 */

interface TranslatedString { language: string; value: string }
export interface LocalizedString { defaultValue: TranslatedString }

export interface EventTicketClass {
  id: string;
  issuerName: string;
  localizedIssuerName: LocalizedString;
  eventName: LocalizedString;
  eventId: string;
  reviewStatus: 'UNDER_REVIEW';
  hexBackgroundColor: string;
  homepageUri: { uri: string; description: string };
  venue?: { name: LocalizedString; address?: LocalizedString };
  dateTime?: { start: string; end?: string };
  locations?: { latitude: number; longitude: number }[];
}

export interface EventTicketObject {
  id: string;
  classId: string;
  /** INACTIVE once the ticket no longer admits anyone (Google shows the pass as expired/void). */
  state: 'ACTIVE' | 'INACTIVE';
  barcode: { type: 'QR_CODE'; value: string; alternateText: string };
  ticketHolderName: string;
  ticketNumber: string;
  ticketType: LocalizedString;
  hexBackgroundColor: string;
  seatInfo?: { seat: LocalizedString };
}

export interface GoogleWalletTicket {
  eventTicketClass: EventTicketClass;
  eventTicketObject: EventTicketObject;
}

/**
 * Google accepts only letters, digits, '.', '_' and '-' after the issuer id of a class or
 * object id; anything else becomes '_' so an operator's id can never make Google refuse the save.
 */
export function walletIdSuffix(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** The event's class id: one class per event, shared by all its tickets (`{issuer}.event-{id}`). */
export function eventTicketClassId(issuerId: string, eventId: number): string {
  return `${issuerId}.${walletIdSuffix(`event-${eventId}`)}`;
}

/** The ticket's object id (`{issuer}.{ticket id}`): stable, so saving it twice updates one pass. */
export function eventTicketObjectId(issuerId: string, ticketId: string): string {
  return `${issuerId}.${walletIdSuffix(ticketId)}`;
}

/** `rgb(r, g, b)` (the pass colours' form) → `#rrggbb`, the only form Google takes; a hex colour passes through. */
export function hexColour(colour: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) return `#${hex[1].toLowerCase()}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(colour.trim());
  if (!rgb) return '#000000';
  return `#${rgb.slice(1, 4).map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0')).join('')}`;
}

function localized(lang: string, value: string): LocalizedString {
  return { defaultValue: { language: lang === 'en' ? 'en-US' : 'es-MX', value } };
}

/** The class (per event) and object (per ticket) of one ticket; `issuerName` is who sells, shown on the pass. */
export function googleWalletTicket(pass: TicketPass, issuer: { issuerId: string; issuerName: string }): GoogleWalletTicket {
  const lang = pass.lang;
  const background = hexColour(pass.colours.background);
  const classId = eventTicketClassId(issuer.issuerId, pass.eventId);
  const eventTicketClass: EventTicketClass = {
    id: classId,
    issuerName: issuer.issuerName,
    localizedIssuerName: localized(lang, issuer.issuerName),
    eventName: localized(lang, pass.eventName),
    // Groups the holder's tickets of one event together in the wallet.
    eventId: walletIdSuffix(`event-${pass.eventId}`),
    reviewStatus: 'UNDER_REVIEW',
    hexBackgroundColor: background,
    homepageUri: { uri: pass.eventUrl, description: pass.eventName },
  };
  if (pass.venue) {
    eventTicketClass.venue = { name: localized(lang, pass.venue.name) };
    if (pass.venue.address) eventTicketClass.venue.address = localized(lang, pass.venue.address);
    if (pass.venue.latitude !== undefined && pass.venue.longitude !== undefined) {
      eventTicketClass.locations = [{ latitude: pass.venue.latitude, longitude: pass.venue.longitude }];
    }
  }
  if (pass.startsAt) eventTicketClass.dateTime = { start: pass.startsAt, ...(pass.endsAt ? { end: pass.endsAt } : {}) };

  const eventTicketObject: EventTicketObject = {
    id: eventTicketObjectId(issuer.issuerId, pass.ticketId),
    classId,
    state: pass.voided ? 'INACTIVE' : 'ACTIVE',
    // The same secret as the PDF's QR, so a gate scanner reads one format.
    barcode: { type: 'QR_CODE', value: pass.qrSecret, alternateText: pass.folio },
    ticketHolderName: pass.attendeeName,
    ticketNumber: pass.folio,
    ticketType: localized(lang, pass.ticketTypeName),
    hexBackgroundColor: background,
  };
  if (pass.seat) eventTicketObject.seatInfo = { seat: localized(lang, pass.seat) };
  return { eventTicketClass, eventTicketObject };
}
