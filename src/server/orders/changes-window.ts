import type { EventRow } from '../repositories/event.repository';
import { before } from './order-policy';

/** Without the event file's `changes_until`, buyers may correct their answers until this long before `starts_at`. */
export const DEFAULT_CHANGES_BEFORE_START_MS = 24 * 60 * 60_000;

/**
 * Until when a buyer may change their order (correct answers): the event file's `changes_until`,
 * else 24 h before `starts_at`, as an ISO instant; null when the event has neither (no deadline).
 */
export function changesUntil(event: Pick<EventRow, 'changes_until' | 'starts_at'>): string | null {
  if (event.changes_until) return new Date(event.changes_until).toISOString();
  if (!event.starts_at) return null;
  return new Date(Date.parse(event.starts_at) - DEFAULT_CHANGES_BEFORE_START_MS).toISOString();
}

/** Whether the order may still be changed at `now`. */
export function changesOpen(event: Pick<EventRow, 'changes_until' | 'starts_at'>, now: Date): boolean {
  return before(changesUntil(event), now);
}
