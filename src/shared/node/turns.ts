interface Line {
  active: number;
  /** The turns waited for, in arrival order, from `head` on. */
  waiting: ((() => void) | undefined)[];
  head: number;
}

/**
 * Lines of work: at most `atOnce` pieces of work of one key run at a time, the others wait their turn in
 * the order they came. A burst beyond what a process answers then waits before the work rather than
 * inside it, so a timeout inside the work (a provider's round trip) measures the provider, not the
 * process's own backlog.
 */
export function createTurns(atOnce: number) {
  const lines = new Map<string, Line>();
  return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { active: 0, waiting: [], head: 0 }));
    const own = line;
    if (own.active < atOnce) own.active++;
    else await new Promise<void>((turn) => own.waiting.push(turn));
    try {
      return await work();
    } finally {
      const next = own.waiting[own.head];
      if (next) {
        // The finished piece hands its turn on: `active` stays as it is.
        own.waiting[own.head++] = undefined;
        if (own.head === own.waiting.length) {
          own.waiting = [];
          own.head = 0;
        }
        next();
      } else if (--own.active === 0) {
        lines.delete(key);
      }
    }
  };
}
