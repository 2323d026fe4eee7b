import { randomBytes } from 'node:crypto';
import type { WaitingRoomStatusResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import { errors } from '../http/app-error';
import { drawDue, enterEarly } from './draw-hold';
import { countClientEntries, drawLottery, findEntry, insertEntry, markAdmitted, passSpent, placeEntry, takeNextSeq, type WaitingRoomEntryRow } from '../repositories/waiting-room.repository';
import { waitSeconds } from './admissions';
import { inJoinTurn } from './join-gate';
import { roomOf, type RoomView } from './room-state';
import { passId, signPass } from './signing';

const answer = (estado: WaitingRoomStatusResponse['estado'], more: Partial<WaitingRoomStatusResponse> = {}): WaitingRoomStatusResponse => ({
  estado, lugar: null, espera_segundos: null, abre: null, turno: null, turno_vence: null, ...more,
});

/**
 * Where a browser stands in the event's room: one read of its entry (by its key) against the room
 * this process keeps (`known`: the entry a stream read before) — its place is its sequence minus
 * the places let in, never a count. Admitted:
 * its pass, lasting `session_minutes` from its first admitted read; after that, or once spent, `vencido`.
 */
export async function roomStatus(ctx: AppContext, view: RoomView | undefined, browserId: string | undefined, known?: WaitingRoomEntryRow): Promise<WaitingRoomStatusResponse> {
  if (!view?.on) return answer('sin_sala');
  const { row } = view;
  const entry = known ?? (browserId ? await findEntry(ctx.db.kysely, row.event_id, browserId) : undefined);
  if (!entry) return answer('fuera');
  const seq = entry.seq ?? (row.drawn === 1 ? await placeLateEntrant(ctx, entry) : undefined);
  if (seq === undefined) return answer('sorteo', { abre: row.opens_at });
  return statusOfPlace(ctx, view, entry, seq);
}

/** The answer for a browser whose place is `seq`. */
export async function statusOfPlace(ctx: AppContext, { row }: RoomView, entry: Pick<WaitingRoomEntryRow, 'browser_id' | 'admitted_at'>, seq: number): Promise<WaitingRoomStatusResponse> {
  const place = seq - row.admitted_up_to;
  if (place > 0) return answer('esperando', { lugar: place, espera_segundos: waitSeconds(place, row.admit_per_minute) });
  const now = ctx.now();
  const admittedAt = entry.admitted_at ?? (await markAdmitted(ctx.db.kysely, row.event_id, entry.browser_id, now.toISOString()));
  const expiresMs = Date.parse(admittedAt) + row.session_minutes * 60_000;
  const pass = { eventId: row.event_id, seq, browserId: entry.browser_id, expiresMs };
  if (expiresMs <= now.getTime() || (await passSpent(ctx.db.kysely, passId(pass)))) return answer('vencido');
  return answer('admitido', { turno: signPass(ctx.config.signingSecret, pass), turno_vence: new Date(expiresMs).toISOString() });
}

/** An arrival of before opening whose insert landed after the draw: the next place in arrival order. */
async function placeLateEntrant(ctx: AppContext, entry: WaitingRoomEntryRow): Promise<number | undefined> {
  const now = ctx.now().toISOString();
  return withWriteTransaction(ctx.db, async (trx) => {
    const seq = await takeNextSeq(trx, entry.event_id, now);
    if (seq !== undefined) await placeEntry(trx, entry.event_id, entry.browser_id, seq, now);
    return seq;
  });
}

/**
 * A browser takes its place (one per browser: a browser already in the queue gets its place back,
 * without a bot check). A new place, or one after a pass ran out, needs a bot-check verdict
 * (`verify`; each verdict is good once) and is capped per client address. Before opening the place
 * is a random lottery key; after it, the next in arrival order (until the draw, a place after the
 * lottery's, in arrival order). A few joins of a room at a time per
 * process (`join-gate.ts`): a burst waits in arrival order before its bot check.
 */
export async function joinRoom(ctx: AppContext, url: string, who: { browserId: string; clientKey: string }, verify: () => Promise<void>): Promise<WaitingRoomStatusResponse> {
  // Whether the browser came before the opening is when it arrived, not when its turn and its bot
  // check were done: a burst at the opening must not push early arrivals out of the lottery, and
  // the lottery waits for them (`draw-hold.ts`).
  const arrivedAt = ctx.now();
  const view = await roomOf(ctx, url);
  const row = view?.on ? view.row : undefined;
  const leave = row && row.drawn === 0 && arrivedBeforeOpening(row, arrivedAt) ? await enterEarly(ctx, row) : undefined;
  try {
    return await inJoinTurn(ctx.db, url, () => joinNow(ctx, url, who, verify, arrivedAt));
  } finally {
    await leave?.();
  }
}

/** Whether a browser that arrived at `arrivedAt` came before a scheduled room's opening (a lottery entrant). */
function arrivedBeforeOpening(row: RoomView['row'], arrivedAt: Date): boolean {
  return row.mode === 'scheduled' && row.opens_at !== null && arrivedAt.getTime() < Date.parse(row.opens_at);
}

async function joinNow(ctx: AppContext, url: string, who: { browserId: string; clientKey: string }, verify: () => Promise<void>, arrivedAt: Date): Promise<WaitingRoomStatusResponse> {
  const view = await roomOf(ctx, url);
  if (!view?.on) return answer('sin_sala');
  const { row } = view;
  const entry = await findEntry(ctx.db.kysely, row.event_id, who.browserId);
  if (entry) {
    const status = await roomStatus(ctx, view, who.browserId);
    if (status.estado !== 'vencido') return status;
  }
  await verify();
  const max = ctx.config.waitingRoomMaxPerClient;
  if (!entry && (await countClientEntries(ctx.db.kysely, row.event_id, who.clientKey, max)) >= max) throw errors.waitingRoomClientCap(max);
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const beforeOpening = arrivedBeforeOpening(row, arrivedAt);
  await withWriteTransaction(ctx.db, async (trx) => {
    if (!beforeOpening && drawDue(ctx, row, nowDate.getTime())) await drawLottery(trx, row.event_id, now);
    // Undefined before the draw: a later arrival then waits for it too, placed after the lottery's.
    const seq = beforeOpening ? undefined : await takeNextSeq(trx, row.event_id, now);
    if (entry) {
      if (seq !== undefined) await placeEntry(trx, row.event_id, who.browserId, seq, now);
    } else {
      await insertEntry(trx, {
        event_id: row.event_id, browser_id: who.browserId, client_key: who.clientKey,
        lottery_key: beforeOpening ? randomBytes(12).toString('hex') : null, seq: seq ?? null, admitted_at: null, joined_at: arrivedAt.toISOString(),
      });
    }
  });
  return roomStatus(ctx, await roomOf(ctx, url, { fresh: true }), who.browserId);
}

