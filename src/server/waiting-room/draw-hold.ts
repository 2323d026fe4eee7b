import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { dropDrawHold, keepDrawHold, type WaitingRoomRow } from '../repositories/waiting-room.repository';

/**
 * The lottery is drawn this long after the opening at the earliest: an arrival of just before the opening
 * whose process is about to hold the draw back (`keepDrawHold`) has this long for its write to land.
 */
export const DRAW_GRACE_MS = 2_000;
/** A process with arrivals of before the opening in line holds the draw back from this long before it. */
const HOLD_LEAD_MS = 5_000;
/** A hold's life: renewed every RENEW_MS while its arrivals wait, so a process that dies holds the draw back no longer. */
const HOLD_LIFE_MS = 15_000;
const RENEW_MS = 5_000;

interface Line {
  /** Arrivals of before the opening whose join is not stored yet. */
  early: number;
  opensAtMs: number;
  /** When this process last wrote its hold (0: none written). */
  heldAtMs: number;
  timer?: NodeJS.Timeout;
}

/** Per database instance (tests run several apps, each a replica, in one process) and event id. */
const lines = new WeakMap<object, { holder: string; rooms: Map<number, Line> }>();

function linesOf(db: object) {
  let kept = lines.get(db);
  if (!kept) lines.set(db, (kept = { holder: randomUUID(), rooms: new Map() }));
  return kept;
}

/** How many arrivals of before the room's opening this process still has in line (their joins not stored). */
export function earlyInLine(db: object, eventId: number): number {
  return lines.get(db)?.rooms.get(eventId)?.early ?? 0;
}

/**
 * Whether the room's lottery may be drawn now, as far as this process knows: past the opening and its grace,
 * with none of this process's arrivals of before the opening still in line (other processes' lines hold it
 * back through their rows, which the draw itself reads).
 */
export function drawDue(ctx: AppContext, row: Pick<WaitingRoomRow, 'drawn' | 'opens_at' | 'event_id'>, nowMs: number): boolean {
  return row.drawn === 0 && row.opens_at !== null && nowMs >= Date.parse(row.opens_at) + DRAW_GRACE_MS && earlyInLine(ctx.db, row.event_id) === 0;
}

/**
 * Counts an arrival of before the opening into this process's line until the returned function is called
 * (its join stored or refused). While the line has any, from HOLD_LEAD_MS before the opening, the process
 * keeps a hold on the room's draw in the database, so no replica draws the lottery without them.
 */
export async function enterEarly(ctx: AppContext, row: Pick<WaitingRoomRow, 'event_id' | 'opens_at'>): Promise<() => Promise<void>> {
  const { holder, rooms } = linesOf(ctx.db);
  const eventId = row.event_id;
  let line = rooms.get(eventId);
  if (!line) rooms.set(eventId, (line = { early: 0, opensAtMs: Date.parse(row.opens_at ?? ''), heldAtMs: 0 }));
  const joined = line;
  joined.early++;
  if (!joined.timer) {
    joined.timer = setInterval(() => void renew(ctx, holder, eventId, joined).catch(() => {
      // Tried again on the next tick or arrival; until then the hold written before still lives.
    }), RENEW_MS);
    joined.timer.unref();
  }
  await renew(ctx, holder, eventId, joined);
  return async () => {
    if (--joined.early > 0) return;
    clearInterval(joined.timer);
    rooms.delete(eventId);
    if (joined.heldAtMs === 0) return;
    try {
      await dropDrawHold(ctx.db.kysely, eventId, holder);
      // A line begun meanwhile wrote the same row, which is gone now: write it again.
      const next = rooms.get(eventId);
      if (next && next.heldAtMs > 0) {
        next.heldAtMs = 0;
        await renew(ctx, holder, eventId, next);
      }
    } catch {
      // The join it ends is stored: its answer stands. The hold expires on its own (HOLD_LIFE_MS).
    }
  };
}

async function renew(ctx: AppContext, holder: string, eventId: number, line: Line): Promise<void> {
  const nowMs = ctx.now().getTime();
  if (line.early === 0 || nowMs < line.opensAtMs - HOLD_LEAD_MS || nowMs - line.heldAtMs < RENEW_MS) return;
  line.heldAtMs = nowMs;
  await keepDrawHold(ctx.db.kysely, eventId, holder, new Date(nowMs + HOLD_LIFE_MS).toISOString());
}
