import type { FastifyBaseLogger } from 'fastify';
import type { WaitingRoomStatusResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { findEntry, type WaitingRoomEntryRow } from '../repositories/waiting-room.repository';
import { roomStatus } from './queue';
import { roomOf } from './room-state';

/**
 * Each stream is visited once per BUCKETS ticks of TICK_MS (10 s: at most one message per 10 s per browser). The
 * visits of a tick run together on the event loop, so the smaller the tick's share, the shorter the wait it puts on
 * the checkout's requests: a tenth of 16,700 streams each second held them up to tens of milliseconds at once.
 */
const BUCKETS = 100;
const TICK_MS = 100;

interface Stream {
  url: string;
  entry: WaitingRoomEntryRow;
  /** The last answer sent (JSON), so only a change is sent. */
  last: string;
  send: (status: WaitingRoomStatusResponse) => void;
  end: () => void;
}

/** The answers after which a stream has nothing more to say. */
const FINAL = new Set<WaitingRoomStatusResponse['estado']>(['sin_sala', 'fuera', 'admitido', 'vencido']);

/**
 * The waiting browsers' server-sent events in one process: every 100 ms a hundredth of the streams is
 * visited (spread, not 50,000 writes at once), each against the room this process keeps (read at
 * most once a second per event), its place worked out in memory from the entry read when it
 * opened; a message goes out only when the answer changed. A stream ends after its final answer
 * (admitted with its pass, expired, no room).
 */
export function createWaitingRoomHub(ctx: AppContext, log: FastifyBaseLogger) {
  const buckets: Set<Stream>[] = Array.from({ length: BUCKETS }, () => new Set());
  let tick = 0;
  let next = 0;

  async function visit(stream: Stream): Promise<void> {
    const view = await roomOf(ctx, stream.url);
    // A lottery entrant learns its place once after the draw; every other visit reads nothing.
    if (view?.on && stream.entry.seq === null && view.row.drawn === 1) stream.entry = (await findEntry(ctx.db.kysely, stream.entry.event_id, stream.entry.browser_id)) ?? stream.entry;
    const status = await roomStatus(ctx, view, stream.entry.browser_id, stream.entry);
    const json = JSON.stringify(status);
    if (json !== stream.last) {
      stream.last = json;
      stream.send(status);
    }
    if (FINAL.has(status.estado)) stream.end();
  }

  const timer = setInterval(() => {
    const bucket = buckets[tick++ % BUCKETS];
    for (const stream of bucket) void visit(stream).catch((error: unknown) => log.warn({ err: error, event: stream.url }, 'waiting-room stream not updated'));
  }, TICK_MS);
  timer.unref();

  return {
    /** Adds a stream (answered at once by its route); returns its removal. */
    add(url: string, entry: WaitingRoomEntryRow, first: WaitingRoomStatusResponse, send: Stream['send'], end: Stream['end']): () => void {
      const stream: Stream = { url, entry, last: JSON.stringify(first), send, end };
      const bucket = buckets[next++ % BUCKETS];
      bucket.add(stream);
      return () => void bucket.delete(stream);
    },
    /** How many streams are open in this process. */
    size: () => buckets.reduce((sum, bucket) => sum + bucket.size, 0),
    close(): void {
      clearInterval(timer);
      for (const bucket of buckets) bucket.clear();
    },
  };
}

export type WaitingRoomHub = ReturnType<typeof createWaitingRoomHub>;
