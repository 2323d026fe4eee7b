import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { purgeClientKeys, purgeOverWaitingEntries, purgeStaleFiscalProfiles, purgeUnpaidPurchaseData } from '../services/data-retention.service';
import { runEvery } from './interval-task';

/** Often enough that data goes within minutes of its retention, rarely enough to cost nothing. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Runs the purge of unpaid purchases' personal data, of every over purchase's client address, of saved fiscal data unused for their
 * retention and of the addresses of waiting-list entries over for theirs, on a timer in every API process (each purge is safe to run from several at once). A failure (the database away) is logged
 * and the next tick tries again; it never stops the process.
 */
export async function dataRetentionPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  runEvery(app, PURGE_INTERVAL_MS, async () => {
    const purged = await purgeUnpaidPurchaseData(ctx);
    if (purged > 0) app.log.info({ purchases: purged }, 'personal data of unpaid purchases erased');
    const keys = await purgeClientKeys(ctx);
    if (keys > 0) app.log.info({ purchases: keys }, 'client addresses of purchases over for their retention erased');
    const profiles = await purgeStaleFiscalProfiles(ctx);
    if (profiles > 0) app.log.info({ profiles }, 'saved fiscal data unused for their retention erased');
    const entries = await purgeOverWaitingEntries(ctx);
    if (entries > 0) app.log.info({ entries }, 'addresses of waiting-list entries over for their retention erased');
  }, (error) => app.log.warn({ err: error }, 'purge of unpaid purchase data failed; it runs again on the next tick'));
}
