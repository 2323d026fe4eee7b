import type { AdminWaitingEntry, AdminWaitingListResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findEventByUrl } from '../repositories/event.repository';
import { listEventEntries } from '../repositories/waiting-list.repository';
import { waitingListOf } from './settings';

type EntryWithOffer = Awaited<ReturnType<typeof listEventEntries>>[number];

/** An offered entry's state, read from its purchase: paid (tickets emitted) is claimed; still held or awaiting a voucher, offered; else lapsed. */
function offerState(entry: EntryWithOffer, now: string): AdminWaitingEntry['state'] {
  if (entry.purchase_emission_id) return 'claimed';
  const live = (entry.purchase_status === 'held' || entry.purchase_status === 'pending') && entry.purchase_stock_until !== null && entry.purchase_stock_until > now;
  return live ? 'offered' : 'lapsed';
}

/** `GET /api/admin/events/{url}/waiting-list`: every entry with its state (an erased one without its address); a waiting one with its place in its type's line. */
export async function adminWaitingList(ctx: AppContext, url: string): Promise<AdminWaitingListResponse> {
  const db = ctx.db.kysely;
  const event = await findEventByUrl(db, url);
  if (!event) throw errors.eventNotFound();
  const now = ctx.now().toISOString();
  const places = new Map<number, number>();
  const entries = (await listEventEntries(db, event.id)).map((e): AdminWaitingEntry => {
    const place = e.status === 'waiting' ? (places.get(e.ticket_type_id) ?? 0) + 1 : null;
    if (place !== null) places.set(e.ticket_type_id, place);
    return {
      id: e.id, ticket_id: e.ticket_external_id, ticket_name: e.ticket_name, email: e.erased_at ? null : e.email, erased_at: e.erased_at, quantity: e.quantity,
      state: e.status === 'offered' ? offerState(e, now) : e.status, place,
      joined_at: e.created_at, confirmed_at: e.confirmed_at, offered_at: e.offered_at,
      offer_until: e.status === 'offered' ? e.purchase_expires_at : null, purchase_id: e.purchase_id,
    };
  });
  const settings = waitingListOf(event);
  return { enabled: settings.enabled, offer_hours: settings.offerHours, entries };
}
