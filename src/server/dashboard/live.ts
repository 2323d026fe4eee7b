import type { FastifyBaseLogger } from 'fastify';
import type { DashboardResponse } from '../../shared/api';

/** Sends one snapshot (the JSON text) to one open stream. */
export type SnapshotSink = (json: string) => void;

interface Room {
  sinks: Set<SnapshotSink>;
  timer: NodeJS.Timeout;
  /** The last snapshot sent, without its `generated_at`, to send only what changed. */
  last: string;
  busy: boolean;
}

/**
 * The dashboards' live figures: one poll per event however many operators watch it (every `intervalMs` while
 * anyone does, none otherwise), and a snapshot pushed to every open stream only when a figure changed.
 */
export function createDashboardHub(read: (url: string) => Promise<DashboardResponse>, log: FastifyBaseLogger, { intervalMs = 5_000, maxStreams = 100 } = {}) {
  const rooms = new Map<string, Room>();
  let streams = 0;

  const fingerprint = (figures: DashboardResponse) => JSON.stringify({ ...figures, generated_at: '' });

  async function refresh(url: string, room: Room, only?: SnapshotSink): Promise<void> {
    if (room.busy && !only) return;
    room.busy = true;
    try {
      const figures = await read(url);
      const print = fingerprint(figures);
      const json = JSON.stringify(figures);
      if (only) only(json);
      else if (print !== room.last) for (const sink of room.sinks) sink(json);
      room.last = print;
    } catch (error) {
      log.warn({ err: error, event: url }, 'dashboard figures not read');
    } finally {
      room.busy = false;
    }
  }

  return {
    /** Whether another stream may open (a process keeps at most `maxStreams`). */
    full: () => streams >= maxStreams,
    /** Adds a stream for the event: it gets a snapshot now and each change after; returns its unsubscribe. */
    subscribe(url: string, sink: SnapshotSink): () => void {
      let room = rooms.get(url);
      if (!room) {
        const created: Room = { sinks: new Set(), last: '', busy: false, timer: setInterval(() => void refresh(url, created), intervalMs) };
        created.timer.unref();
        rooms.set(url, created);
        room = created;
      }
      room.sinks.add(sink);
      streams += 1;
      void refresh(url, room, sink);
      const joined = room;
      return () => {
        if (!joined.sinks.delete(sink)) return;
        streams -= 1;
        if (joined.sinks.size === 0) {
          clearInterval(joined.timer);
          rooms.delete(url);
        }
      };
    },
    /** Stops every poll (the streams themselves are ended by their routes). */
    close(): void {
      for (const room of rooms.values()) clearInterval(room.timer);
      rooms.clear();
      streams = 0;
    },
  };
}

export type DashboardHub = ReturnType<typeof createDashboardHub>;
