import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EventRow } from '../repositories/event.repository';
import { typesWithLine } from '../repositories/waiting-list.repository';
import { waitingListOf } from './settings';

/**
 * How long this process trusts a read of which ticket types have a line: every purchase of an event with a
 * waiting list asks, and hundreds a second would each read the same answer. A line that forms (or empties)
 * is seen up to a second late; the only effect is that a buyer may take a unit freed in that second.
 */
const FRESH_MS = 1_000;
const seen = new WeakMap<Kysely<Database>, Map<number, { at: number; types: Set<number> }>>();

/**
 * The ticket types (internal ids) of an event whose freed stock belongs to their waiting line: while someone
 * waits, a type is sold out to everyone else (the public view says so, and a hold of it is refused), so the
 * units it frees go to the line in order. Empty, without a query, for an event without a waiting list.
 */
export async function typesReservedForLine(db: Kysely<Database>, event: Pick<EventRow, 'id' | 'waiting_list'>, nowMs: number): Promise<Set<number>> {
  if (!waitingListOf(event).enabled) return new Set();
  let events = seen.get(db);
  const kept = events?.get(event.id);
  if (kept && nowMs >= kept.at && nowMs - kept.at < FRESH_MS) return kept.types;
  const types = await typesWithLine(db, event.id);
  if (!events) seen.set(db, (events = new Map()));
  events.set(event.id, { at: nowMs, types });
  return types;
}

/** Forgets what this process read of an event's lines (someone joined or was offered tickets here: the next read is exact). */
export function forgetLines(db: Kysely<Database>, eventId: number): void {
  seen.get(db)?.delete(eventId);
}
