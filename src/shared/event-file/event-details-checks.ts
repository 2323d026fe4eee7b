/** Rules on the event's date, venue, share picture and check-in lists that JSON Schema cannot express (they span two values, or need a sentence of their own). */
export type EventDetailsProblemCode = 'endsNotAfterStarts' | 'endsWithoutStarts' | 'coordinateWithoutPair' | 'shareImageTooSmall' | 'shareImageType' | 'duplicateCheckinListId' | 'unknownCheckinTicket' | 'checkinClosesNotAfterOpens';

/** What WhatsApp, Facebook, X and iMessage all show as a link's picture. */
const SHARE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** Below this a preview shows a small square beside the text (or nothing), not the wide picture. */
const SHARE_IMAGE_MIN = { width: 600, height: 315 };

export interface EventDetailsProblem {
  pointer: string;
  code: EventDetailsProblemCode;
  params: Record<string, string | number>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Problems of `event.starts_at` / `ends_at` / `venue` / `share.image` in a raw (maybe schema-invalid) file.
 * Only values of the right type are judged, so a value the schema refused is not reported twice.
 */
export function eventDetailsProblems(event: unknown): EventDetailsProblem[] {
  const problems: EventDetailsProblem[] = [];
  if (!isObject(event)) return problems;
  const starts = typeof event.starts_at === 'string' ? Date.parse(event.starts_at) : NaN;
  const ends = typeof event.ends_at === 'string' ? Date.parse(event.ends_at) : NaN;
  if (!Number.isNaN(starts) && !Number.isNaN(ends) && ends <= starts) {
    problems.push({ pointer: '/event/ends_at', code: 'endsNotAfterStarts', params: { starts: String(event.starts_at), ends: String(event.ends_at) } });
  }
  // An end alone gives a pass or a calendar nothing to show: the start is what they need.
  if (event.ends_at !== undefined && event.starts_at === undefined) problems.push({ pointer: '/event/ends_at', code: 'endsWithoutStarts', params: {} });
  const venue = event.venue;
  if (isObject(venue)) {
    // A phone needs both coordinates to place the venue; one alone is a typo, not a location.
    if (isNumber(venue.latitude) !== isNumber(venue.longitude)) {
      const missing = isNumber(venue.latitude) ? 'longitude' : 'latitude';
      problems.push({ pointer: `/event/venue/${missing}`, code: 'coordinateWithoutPair', params: { missing } });
    }
  }
  problems.push(...shareImageProblems(isObject(event.share) ? event.share.image : undefined));
  return problems;
}

function shareImageProblems(image: unknown): EventDetailsProblem[] {
  if (!isObject(image)) return [];
  const problems: EventDetailsProblem[] = [];
  const { width, height, type } = image;
  if (Number.isInteger(width) && Number.isInteger(height) && ((width as number) < SHARE_IMAGE_MIN.width || (height as number) < SHARE_IMAGE_MIN.height)) {
    problems.push({ pointer: '/event/share/image', code: 'shareImageTooSmall', params: { width: width as number, height: height as number } });
  }
  if (typeof type === 'string' && type !== '' && !SHARE_IMAGE_TYPES.includes(type)) {
    problems.push({ pointer: '/event/share/image/type', code: 'shareImageType', params: { value: type } });
  }
  return problems;
}

/**
 * Problems of `checkin_lists` a schema cannot see: an id used twice, a ticket type id the file does not
 * define, `closes_at` not after `opens_at`. `ticketIds`: the file's `tickets[].id`.
 */
export function checkinListProblems(lists: unknown, ticketIds: Set<number>): EventDetailsProblem[] {
  const problems: EventDetailsProblem[] = [];
  if (!Array.isArray(lists)) return problems;
  const seen = new Set<string>();
  lists.forEach((list: unknown, i) => {
    if (!isObject(list)) return;
    if (typeof list.id === 'string') {
      if (seen.has(list.id)) problems.push({ pointer: `/checkin_lists/${i}/id`, code: 'duplicateCheckinListId', params: { id: list.id } });
      seen.add(list.id);
    }
    if (Array.isArray(list.ticket_types)) {
      list.ticket_types.forEach((id: unknown, j) => {
        if (isNumber(id) && !ticketIds.has(id)) problems.push({ pointer: `/checkin_lists/${i}/ticket_types/${j}`, code: 'unknownCheckinTicket', params: { id } });
      });
    }
    const opens = typeof list.opens_at === 'string' ? Date.parse(list.opens_at) : NaN;
    const closes = typeof list.closes_at === 'string' ? Date.parse(list.closes_at) : NaN;
    if (!Number.isNaN(opens) && !Number.isNaN(closes) && closes <= opens) {
      problems.push({ pointer: `/checkin_lists/${i}/closes_at`, code: 'checkinClosesNotAfterOpens', params: { opens: String(list.opens_at), closes: String(list.closes_at) } });
    }
  });
  return problems;
}
