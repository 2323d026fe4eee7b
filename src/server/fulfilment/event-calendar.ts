import { createEvents } from 'ics';
import type { EventRow } from '../repositories/event.repository';

/** What a calendar entry of an event says; plain values, so the e-mail and the public route build the same file. */
export interface EventCalendarInput {
  /** Stable per event (and host), so importing the file twice updates one entry instead of adding another. */
  uid: string;
  title: string;
  /** ISO 8601 with offset (the event file's `starts_at`, `ends_at`). */
  startsAt: string;
  endsAt: string | null;
  venue: { name: string; address?: string; latitude?: number; longitude?: number } | null;
  /** The storefront page of the event; null when no trustworthy origin is known (an e-mail without PUBLIC_URL). */
  url: string | null;
  description?: string;
}

/** Whether a calendar can be built: a start that parses (and an end, when given, that does too). */
export function hasCalendarTime(startsAt: string | null | undefined): startsAt is string {
  return typeof startsAt === 'string' && Number.isFinite(Date.parse(startsAt));
}

/**
 * An iCalendar file (`METHOD:PUBLISH`: an announcement to add, not a meeting request to answer)
 * with the one event, built by the `ics` library, which escapes every text value; its lines are
 * then folded at 75 octets (`foldLines`: the library counts characters, too many octets once a line has accents). Times
 * go out in UTC (`…Z`), which every calendar converts to its own zone; the file's offset is thus
 * honoured without shipping a VTIMEZONE. An event without an end ends at its start, as RFC 5545
 * reads a VEVENT that has no DTEND.
 */
export function eventCalendar(input: EventCalendarInput): string {
  const start = Date.parse(input.startsAt);
  const parsedEnd = input.endsAt ? Date.parse(input.endsAt) : Number.NaN;
  const end = Number.isFinite(parsedEnd) && parsedEnd >= start ? parsedEnd : start;
  const venue = input.venue;
  const { error, value } = createEvents(
    [{
      uid: input.uid,
      title: input.title,
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end,
      endInputType: 'utc',
      endOutputType: 'utc',
      ...(input.url ? { url: input.url } : {}),
      description: [input.description, input.url].filter(Boolean).join('\n'),
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
      ...(venue ? { location: [venue.name, venue.address].filter(Boolean).join(', ') } : {}),
      ...(venue?.latitude !== undefined && venue.longitude !== undefined ? { geo: { lat: venue.latitude, lon: venue.longitude } } : {}),
    }],
    { method: 'PUBLISH', productId: 'checkout-boletos/ics' },
  );
  if (error || !value) throw error ?? new Error('calendar not built');
  return foldLines(value);
}

/** RFC 5545 §3.1: a content line is at most 75 octets, the leading space of a continuation included. */
const LINE_OCTETS = 75;

/**
 * Unfolds a calendar's lines and folds them again at 75 octets of UTF-8 (CRLF + one space), breaking
 * only between code points, so a fold never splits a multi-octet character.
 */
function foldLines(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const pieces: string[] = [];
      let piece = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char, 'utf8');
        // The first piece has the whole line's room; every continuation gives one octet to its leading space.
        if (octets + size > (pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1)) {
          pieces.push(piece);
          piece = '';
          octets = 0;
        }
        piece += char;
        octets += size;
      }
      pieces.push(piece);
      return pieces.join('\r\n ');
    })
    .join('\r\n');
}

/**
 * The calendar file of an event that has a start (the e-mail's invitation and the public
 * `calendar.ics` route give the same one), or null. `origin` is the storefront's, for the link. The
 * UID names the event alone (not the origin a request came by), so the e-mail's entry and the
 * page's download are one entry in the buyer's calendar.
 */
export function eventCalendarOf(event: Pick<EventRow, 'id' | 'url' | 'name' | 'starts_at' | 'ends_at' | 'venue'>, origin: string | null): string | null {
  if (!hasCalendarTime(event.starts_at)) return null;
  return eventCalendar({
    uid: `event-${event.id}-${event.url}@checkout-boletos`,
    title: event.name,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    venue: event.venue,
    url: origin ? `${origin}/${event.url}` : null,
  });
}
