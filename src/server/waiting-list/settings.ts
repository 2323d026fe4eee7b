import type { EventRow } from '../repositories/event.repository';

/** How long an offer holds its tickets when the event file names no `offer_hours`. */
export const DEFAULT_OFFER_HOURS = 24;

/** An event's waiting list with its defaults: off unless the event file enables it. */
export function waitingListOf(event: Pick<EventRow, 'waiting_list'>): { enabled: boolean; offerHours: number } {
  return { enabled: event.waiting_list?.enabled === true, offerHours: event.waiting_list?.offer_hours ?? DEFAULT_OFFER_HOURS };
}
