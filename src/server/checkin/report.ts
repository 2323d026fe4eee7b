import type { CheckinReportResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { listCheckinDevices } from '../repositories/checkin-device.repository';
import { checkinCounts } from '../repositories/checkin-entry.repository';
import { listTicketTypes } from '../repositories/event.repository';
import { eventWithLists } from './devices';

/** The organiser's view of the door: per list and ticket type admitted / issued (paid), conflicts, devices and their last sync. */
export async function checkinReport(ctx: AppContext, url: string): Promise<CheckinReportResponse> {
  return checkinReportOf(ctx, await eventWithLists(ctx, url));
}

/** `checkinReport` of an event already read with its lists. */
export async function checkinReportOf(ctx: AppContext, { event, lists }: Awaited<ReturnType<typeof eventWithLists>>): Promise<CheckinReportResponse> {
  const [types, counts, devices] = await Promise.all([listTicketTypes(ctx.db.kysely, event.id, true), checkinCounts(ctx.db.kysely, event.id), listCheckinDevices(ctx.db.kysely, event.id)]);
  const nameOf = new Map(types.map((t) => [t.external_id, t.name]));
  return {
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      types: list.ticket_types.map((type) => ({
        ticket_type: type,
        name: nameOf.get(type) ?? '',
        admitted: Number(counts.admitted.find((a) => a.list_id === list.id && a.type === type)?.n ?? 0),
        total: Number(counts.issued.find((i) => i.type === type)?.n ?? 0),
      })),
      conflicts: Number(counts.conflicts.find((c) => c.list_id === list.id)?.n ?? 0),
    })),
    devices: devices.map((d) => ({ id: d.id, name: d.name, list: d.list_id, revoked: d.revoked_at !== null, last_sync_at: d.last_sync_at })),
  };
}
