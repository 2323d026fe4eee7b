/** The timer functions a scheduler uses (the page's own by default). */
export interface Timers {
  set: (run: () => void, ms: number) => number;
  clear: (id: number | undefined) => void;
}

const pageTimers: Timers = { set: (run, ms) => window.setTimeout(run, ms), clear: (id) => window.clearTimeout(id) };

/**
 * A MobX reaction scheduler that runs the effect once changes have rested `ms` (each change starts the wait
 * again), so a form being typed in asks the server once per pause, not every `ms` while typing (MobX's
 * `delay` option throttles: it would post every 600 ms of typing, 100 a minute).
 */
export function afterRest(ms: number, timers: Timers = pageTimers): (run: () => void) => void {
  let waiting: number | undefined;
  return (run) => {
    timers.clear(waiting);
    waiting = timers.set(() => {
      waiting = undefined;
      run();
    }, ms);
  };
}
