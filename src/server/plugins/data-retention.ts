import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { purgeUnpaidPurchaseData } from '../services/data-retention.service';

/** Often enough that data goes within minutes of its retention, rarely enough to cost nothing. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Runs the purge of unpaid purchases' personal data on a timer in every API process (the
 * purge itself is safe to run from several at once). A failure (the database away) is logged
 * and the next tick tries again; it never stops the process.
 */
export async function dataRetentionPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  let timer: NodeJS.Timeout | undefined;
  // The purge in progress, if any: closing waits for it, so it never meets a closed database half way.
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = purge().finally(() => (running = undefined));
  };
  const purge = async () => {
    try {
      const purged = await purgeUnpaidPurchaseData(ctx);
      if (purged > 0) app.log.info({ purchases: purged }, 'personal data of unpaid purchases erased');
    } catch (error) {
      app.log.warn({ err: error }, 'purge of unpaid purchase data failed; it runs again on the next tick');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
