import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import { advanceAdmissions, drawLottery, findWaitingRoom, heldUnitsOf, type WaitingRoomRow } from '../repositories/waiting-room.repository';
import { admissionsDue } from './admissions';
import { drawDue } from './draw-hold';

/** An event's room as this process last read it: the row (admissions moved up to that moment) and whether it is on. */
export interface RoomView {
  row: WaitingRoomRow;
  on: boolean;
}

/** How long a read room serves this process: a waiting browser's status reads it, never the database. */
const FRESH_MS = 1_000;

interface Kept {
  view: RoomView | undefined;
  readAtMs: number;
  pending?: Promise<RoomView | undefined>;
}

/** Per database instance (tests run several in one process) and event url. */
const kept = new WeakMap<object, Map<string, Kept>>();

/**
 * The event's room, read at most once a second per process however many browsers ask (one read
 * in flight at a time); on each read the lottery is drawn once it is due (`draw-hold.ts`) and the admissions
 * due are written (compare-and-set: one replica writes, the others read its result). `fresh`: read now.
 */
export async function roomOf(ctx: AppContext, url: string, { fresh = false } = {}): Promise<RoomView | undefined> {
  let rooms = kept.get(ctx.db);
  if (!rooms) kept.set(ctx.db, (rooms = new Map()));
  const nowMs = ctx.now().getTime();
  const entry = rooms.get(url);
  if (entry?.pending) return entry.pending;
  if (entry && !fresh && nowMs - entry.readAtMs < FRESH_MS && nowMs >= entry.readAtMs) return entry.view;
  const next: Kept = { view: entry?.view, readAtMs: entry?.readAtMs ?? 0 };
  next.pending = readRoom(ctx, url, nowMs).finally(() => (next.pending = undefined));
  rooms.set(url, next);
  next.view = await next.pending;
  next.readAtMs = nowMs;
  // A room never made is not remembered: an import may make it any moment.
  if (!next.view) rooms.delete(url);
  return next.view;
}

async function readRoom(ctx: AppContext, url: string, nowMs: number): Promise<RoomView | undefined> {
  const { kysely } = ctx.db;
  let row = await findWaitingRoom(kysely, url);
  if (!row || row.mode === 'off') return row && { row, on: false };
  const now = new Date(nowMs).toISOString();
  if (drawDue(ctx, row, nowMs)) {
    const eventId = row.event_id;
    await withWriteTransaction(ctx.db, (trx) => drawLottery(trx, eventId, now));
    row = (await findWaitingRoom(kysely, url))!;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const due = admissionsDue(row, nowMs);
    if (!due) break;
    if (await advanceAdmissions(kysely, row.event_id, { upTo: row.admitted_up_to, clock: row.admitted_clock }, due)) {
      row = { ...row, admitted_up_to: due.upTo, admitted_clock: due.clock };
      break;
    }
    row = (await findWaitingRoom(kysely, url))!;
  }
  return { row, on: await isOn(ctx, row) };
}

/** scheduled and always: on; auto: while the event's held units reach the threshold or anyone still waits. */
async function isOn(ctx: AppContext, row: WaitingRoomRow): Promise<boolean> {
  if (row.mode !== 'auto') return true;
  if (row.next_seq > row.admitted_up_to) return true;
  return (await heldUnitsOf(ctx.db.kysely, row.event_id)) >= (row.auto_held_units ?? Number.POSITIVE_INFINITY);
}
