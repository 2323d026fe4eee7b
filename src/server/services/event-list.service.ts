import type { AdminEventListResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { checkedInByEvent, listEventsForConsole, revenueCentsByEvent, ticketsHeldByEvent, ticketsSoldByEvent } from '../repositories/event-figures.repository';

/** The console's event list: each event the caller may see (`urls`; null: all) with its sold, held, checked-in and revenue figures. */
export async function consoleEventList(ctx: AppContext, urls: string[] | null): Promise<AdminEventListResponse> {
  const db = ctx.db.kysely;
  const events = await listEventsForConsole(db, urls);
  const ids = events.map((event) => event.id);
  const [sold, held, checkedIn, revenue] = await Promise.all([
    ticketsSoldByEvent(db, ids),
    ticketsHeldByEvent(db, ids, ctx.now().toISOString()),
    checkedInByEvent(db, ids),
    revenueCentsByEvent(db, ids),
  ]);
  return {
    events: events.map((event) => ({
      url: event.url,
      name: event.name,
      starts_at: event.starts_at,
      version: event.version,
      tickets_sold: sold.get(event.id) ?? 0,
      tickets_held: held.get(event.id) ?? 0,
      checked_in: checkedIn.get(event.id) ?? 0,
      revenue: centsToPesos(revenue.get(event.id) ?? 0),
    })),
  };
}
