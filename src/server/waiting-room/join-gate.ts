/** The joins of one room one process works on at once; the others wait in arrival order. */
export const JOINS_AT_ONCE = 32;

interface Gate {
  active: number;
  /** The turns waited for, in arrival order, from `head` on. */
  waiting: ((() => void) | undefined)[];
  head: number;
}

/** Per database instance (tests run several apps in one process) and event url. */
const gates = new WeakMap<object, Map<string, Gate>>();

/**
 * Runs a join of the room `url` once fewer than JOINS_AT_ONCE are in progress in this process, in
 * the order the joins arrived. A burst of arrivals beyond what the process answers in a second
 * waits here, before its bot check, rather than all at once inside it: the check's round trip
 * (whose timeout is the provider's) then measures the provider, not this process's backlog, so a
 * burst is answered late but never refused `BOT_CHECK_FAILED` for it.
 */
export async function inJoinTurn<T>(db: object, url: string, work: () => Promise<T>): Promise<T> {
  let rooms = gates.get(db);
  if (!rooms) gates.set(db, (rooms = new Map()));
  let gate = rooms.get(url);
  if (!gate) rooms.set(url, (gate = { active: 0, waiting: [], head: 0 }));
  if (gate.active < JOINS_AT_ONCE) gate.active++;
  else await new Promise<void>((turn) => gate.waiting.push(turn));
  try {
    return await work();
  } finally {
    const next = gate.waiting[gate.head];
    if (next) {
      // The finished join hands its turn on: `active` stays as it is.
      gate.waiting[gate.head++] = undefined;
      if (gate.head === gate.waiting.length) {
        gate.waiting = [];
        gate.head = 0;
      }
      next();
    } else if (--gate.active === 0) {
      rooms.delete(url);
    }
  }
}
