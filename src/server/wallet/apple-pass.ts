import { eventWhen } from '../fulfilment/event-when';
import type { AppleSigning } from './apple-signing';
import { passImages } from './pass-images';
import { passWords } from './pass-texts';
import type { TicketPass } from './ticket-pass';

/** Wallet shows a field's value whole only up to about this length; longer text is cut with an ellipsis. */
const FIELD_MAX = 120;
const clip = (text: string, max = FIELD_MAX) => (text.length > max ? `${Array.from(text).slice(0, max - 1).join('')}…` : text);

/** The wall-clock start as Wallet wants a date field: ISO with the event's offset, shown as written (`ignoresTimeZone`). */
function dateField(pass: TicketPass, label: string) {
  if (!pass.startsAt) return [];
  return [{ key: 'date', label, value: pass.startsAt, dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort', ignoresTimeZone: true }];
}

/** Where the phone's Wallet asks for the pass's updates, and the pass's own key to it. */
export interface PassWebService {
  /** This server's public origin + `/api/wallet/apple/` (Wallet appends `v1/devices/…`, `v1/passes/…`). */
  url: string;
  authenticationToken: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** A pass stays in Wallet's current list this long after the event ends (or starts, when no end is given). */
export const EXPIRES_AFTER_END_HOURS = 6;
export const EXPIRES_AFTER_START_HOURS = 12;
/** The lock screen offers the pass from this long before the doors. */
export const RELEVANT_BEFORE_START_HOURS = 3;

/**
 * The pass's dates: when it expires (the event's end + 6 h, else its start + 12 h) and the interval it
 * is relevant in (3 h before the start to the expiry); none for an event without a date.
 */
export function applePassDates(pass: Pick<TicketPass, 'startsAt' | 'endsAt'>): { expiration: Date; relevant: { startDate: Date; endDate: Date } } | null {
  if (!pass.startsAt) return null;
  const start = Date.parse(pass.startsAt);
  const expiration = new Date(pass.endsAt ? Date.parse(pass.endsAt) + EXPIRES_AFTER_END_HOURS * HOUR_MS : start + EXPIRES_AFTER_START_HOURS * HOUR_MS);
  return { expiration, relevant: { startDate: new Date(start - RELEVANT_BEFORE_START_HOURS * HOUR_MS), endDate: expiration } };
}

/** The event's semantic tags (Wallet's event-ticket layout, Siri, Maps): name, venue and place, dates, attendee, seat. */
export function applePassSemantics(pass: TicketPass) {
  const { latitude, longitude } = pass.venue ?? {};
  return {
    eventName: pass.eventName,
    ...(pass.venue ? { venueName: pass.venue.name } : {}),
    ...(latitude !== undefined && longitude !== undefined ? { venueLocation: { latitude, longitude } } : {}),
    ...(pass.startsAt ? { eventStartDate: new Date(pass.startsAt).toISOString() } : {}),
    ...(pass.endsAt ? { eventEndDate: new Date(pass.endsAt).toISOString() } : {}),
    ...(pass.attendeeName ? { attendeeName: pass.attendeeName } : {}),
    ...(pass.seat ? { seats: [{ seatIdentifier: pass.seat }] } : {}),
  };
}

/**
 * The Apple Wallet pass of one ticket (`.pkpass`): an eventTicket with the event, its date and
 * venue, the ticket type, attendee and folio, the QR of the ticket's secret (the PDF's own), the
 * date and place that bring it to the lock screen, its expiry and semantic tags, `voided` once the
 * ticket no longer admits anyone, signed with `signing`'s chain. With `service`, the phone registers
 * for its updates there (`webServiceURL`, `authenticationToken`). passkit-generator is loaded at the first
 * pass built (a server that never builds one never holds it).
 */
export async function buildApplePass(pass: TicketPass, signing: AppleSigning, service?: PassWebService): Promise<Buffer> {
  const words = passWords(pass.lang);
  const when = eventWhen(pass.startsAt, pass.endsAt, pass.lang);
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signing.passTypeId,
    teamIdentifier: signing.teamId,
    organizationName: signing.organizationName,
    serialNumber: pass.ticketId,
    description: clip(`${pass.eventName} — ${pass.ticketTypeName}`),
    logoText: clip(pass.eventName, 40),
    backgroundColor: pass.colours.background,
    foregroundColor: pass.colours.foreground,
    labelColor: pass.colours.label,
    sharingProhibited: true,
    ...(service ? { webServiceURL: service.url, authenticationToken: service.authenticationToken } : {}),
    ...(pass.voided ? { voided: true } : {}),
    semantics: applePassSemantics(pass),
    eventTicket: {
      headerFields: [{ key: 'folio', label: words.folio, value: pass.folio }],
      primaryFields: [{ key: 'event', label: words.event, value: clip(pass.eventName) }],
      secondaryFields: [
        ...dateField(pass, words.when),
        ...(pass.venue ? [{ key: 'venue', label: words.venue, value: clip(pass.venue.name) }] : []),
      ],
      auxiliaryFields: [
        { key: 'ticketType', label: words.ticketType, value: clip(pass.ticketTypeName) },
        { key: 'attendee', label: words.attendee, value: clip(pass.attendeeName || '—') },
        ...(pass.seat ? [{ key: 'seat', label: words.seat, value: pass.seat }] : []),
      ],
      backFields: [
        ...(when ? [{ key: 'when', label: words.when, value: when }] : []),
        ...(pass.venue ? [{ key: 'address', label: words.venue, value: [pass.venue.name, pass.venue.address].filter(Boolean).join('\n') }] : []),
        { key: 'present', label: words.folio, value: `${pass.folio} — ${words.present}` },
        { key: 'eventPage', label: words.eventPage, value: pass.eventUrl },
      ],
    },
  };
  const files = { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...passImages(pass.colours) };
  const { PKPass } = await import('passkit-generator');
  const pkpass = new PKPass(files, signing.certificates);
  pkpass.setBarcodes({ format: 'PKBarcodeFormatQR', message: pass.qrSecret, messageEncoding: 'iso-8859-1', altText: pass.folio });
  const dates = applePassDates(pass);
  if (dates) {
    // `relevantDate` for Wallet before iOS 18, the interval for later ones.
    pkpass.setRelevantDate(new Date(pass.startsAt!));
    pkpass.setRelevantDates([dates.relevant]);
    pkpass.setExpirationDate(dates.expiration);
  }
  const { latitude, longitude } = pass.venue ?? {};
  if (latitude !== undefined && longitude !== undefined) {
    pkpass.setLocations({ latitude, longitude, relevantText: clip(`${pass.eventName} — ${pass.venue!.name}`) });
  }
  return pkpass.getAsBuffer();
}
