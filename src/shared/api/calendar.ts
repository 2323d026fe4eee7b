/**
 * Where the server serves an event's calendar file (`GET /api/event/{url}/calendar.ics`,
 * `text/calendar`; 404 `EVENT_DATE_UNKNOWN` while the event has no `starts_at`).
 */
export function eventCalendarUrl(eventUrl: string): string {
  return `/api/event/${encodeURIComponent(eventUrl)}/calendar.ics`;
}
