import type { CheckinSearchResponse, CheckinSyncResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { touchDeviceSync } from '../repositories/checkin-device.repository';
import { ticketsInside } from '../repositories/checkin-entry.repository';
import { doorTicketsAfter, doorTicketsChangedSince, doorTicketsEnteredSince, searchDoorTickets } from '../repositories/checkin-ticket.repository';
import { revocationsSince } from '../repositories/ticket-revocation.repository';
import type { DoorContext } from './devices';
import { ticketView } from './door-ticket';
import { publishedKeys } from './event-keys';

/** Most tickets one sync answers (about 200 bytes each in JSON): a bigger list takes a few calls (`more`). */
export const SYNC_PAGE = 25_000;
/**
 * How far back a finished sync's cursor points: a transaction that wrote a ticket, an entry or a revocation with an
 * earlier time may commit after this sync read; the next sync sends those again (the scanner keeps the newest by id).
 */
export const SYNC_OVERLAP_MS = 60_000;
/** Most results of a search. */
export const SEARCH_LIMIT = 20;

interface Cursor { t: string; id: string; since: string }

function readCursor(text: string | undefined): Cursor {
  if (!text) return { t: '', id: '', since: '' };
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof value.t === 'string' && typeof value.id === 'string' && typeof value.since === 'string') return value;
  } catch {
    // falls through to the error
  }
  throw errors.checkinCursorInvalid();
}

const writeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * What changed for a device since its cursor: the list, the event's public keys, the tickets the list
 * admits issued since (a page at a time), those whose entries or holder's name changed, and revocations. The cursor keeps
 * a keyset over tickets (created_at, id) and, for entries and revocations, the time of the last full sync.
 */
export async function syncDoor(ctx: AppContext, door: DoorContext, cursorText: string | undefined): Promise<CheckinSyncResponse> {
  const db = ctx.db.kysely;
  const { device, event, list } = door;
  const cursor = readCursor(cursorText);
  const now = ctx.now();
  const fresh = await doorTicketsAfter(db, event.id, list.ticket_types, { t: cursor.t, id: cursor.id }, SYNC_PAGE + 1);
  const more = fresh.length > SYNC_PAGE;
  const page = fresh.slice(0, SYNC_PAGE);
  const entered = cursor.since ? await doorTicketsEnteredSince(db, event.id, list.id, cursor.since, SYNC_PAGE) : [];
  // Tickets whose holder was renamed since (the buyer's corrected answers): the scanner keeps the newest row by id.
  const renamed = cursor.since ? await doorTicketsChangedSince(db, event.id, cursor.since, SYNC_PAGE) : [];
  const sent = new Set(page.map((r) => r.id));
  const again = [...entered, ...renamed].filter((e) => list.ticket_types.includes(e.type) && !sent.has(e.id) && (sent.add(e.id), true));
  const rows = [...page, ...again];
  const inside = await ticketsInside(db, event.id, list.id, rows.map((r) => r.id));
  const revocations = await revocationsSince(db, event.id, cursor.since);
  await touchDeviceSync(db, device.id, now.toISOString());
  const overlap = new Date(now.getTime() - SYNC_OVERLAP_MS).toISOString();
  const last = page.at(-1);
  const next: Cursor = more && last ? { t: last.created_at, id: last.id, since: cursor.since } : { t: overlap, id: '', since: overlap };
  return {
    device: { id: device.id, name: device.name },
    list,
    keys: await publishedKeys(db, event.id),
    tickets: rows.map((r) => ticketView(r, inside.has(r.id))),
    revocations: revocations.map((r) => ({ ticket_id: r.ticket_id, reason: r.reason })),
    cursor: writeCursor(next),
    more,
  };
}

/** Tickets of the device's list by folio (digits) or holder name, for a ticket whose code does not read. */
export async function searchDoor(ctx: AppContext, door: DoorContext, q: string): Promise<CheckinSearchResponse> {
  const text = q.trim();
  const folio = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const rows = await searchDoorTickets(ctx.db.kysely, door.event.id, door.list.ticket_types, { folio, text }, SEARCH_LIMIT);
  const inside = await ticketsInside(ctx.db.kysely, door.event.id, door.list.id, rows.map((r) => r.id));
  return { tickets: rows.map((r) => ticketView(r, inside.has(r.id))) };
}
