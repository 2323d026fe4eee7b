import { PKPass } from 'passkit-generator';
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

/**
 * The Apple Wallet pass of one ticket (`.pkpass`): an eventTicket with the event, its date and
 * venue, the ticket type, attendee and folio, the QR of the ticket's secret (the PDF's own), the
 * date and place that bring it to the lock screen, signed with `signing`'s chain.
 */
export async function buildApplePass(pass: TicketPass, signing: AppleSigning): Promise<Buffer> {
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
  const pkpass = new PKPass(files, signing.certificates);
  pkpass.setBarcodes({ format: 'PKBarcodeFormatQR', message: pass.qrSecret, messageEncoding: 'iso-8859-1', altText: pass.folio });
  if (pass.startsAt) pkpass.setRelevantDate(new Date(pass.startsAt));
  const { latitude, longitude } = pass.venue ?? {};
  if (latitude !== undefined && longitude !== undefined) {
    pkpass.setLocations({ latitude, longitude, relevantText: clip(`${pass.eventName} — ${pass.venue!.name}`) });
  }
  return pkpass.getAsBuffer();
}
