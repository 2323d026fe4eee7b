import type { CheckinListView } from '../../shared/api';
import type { EventRow, TicketTypeRow } from '../repositories/event.repository';

/** The id of the one list an event without `checkin_lists` has: every ticket type, always open, one entry. */
export const DEFAULT_LIST_ID = 'all';

/** The event's check-in lists as scanners get them (`ticket_types` spelled out; the default list when the file names none). */
export function checkinListsOf(event: EventRow, ticketTypes: TicketTypeRow[]): CheckinListView[] {
  const every = ticketTypes.map((t) => t.external_id);
  const lists = event.checkin_lists ?? [{ id: DEFAULT_LIST_ID, name: event.name }];
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    ticket_types: list.ticket_types ?? every,
    opens_at: list.opens_at ?? null,
    closes_at: list.closes_at ?? null,
    allow_reentry: list.allow_reentry ?? false,
  }));
}
