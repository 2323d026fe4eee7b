/**
 * Runs `work` while a 10 ms interval watches the event loop, and gives the longest gap between
 * its ticks (or since the last one, at the end): how long the loop was blocked at most.
 */
export async function longestStallDuring<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  try {
    const result = await work();
    tick();
    return { result, stallMs: longest };
  } finally {
    clearInterval(timer);
  }
}
