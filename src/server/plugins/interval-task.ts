import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` once the app is ready, never two runs at once (a tick during a run is skipped);
 * closing the app stops the timer and waits for the run in progress, so it never meets a closed database half way.
 * A failed run goes to `onError` and the next tick tries again. `everyMs` 0: never.
 */
export function runEvery(app: FastifyInstance, everyMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    if (everyMs <= 0) return;
    timer = setInterval(() => {
      if (running) return;
      running = task()
        .then(() => undefined, onError)
        .finally(() => (running = undefined));
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
