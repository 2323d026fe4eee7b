import type { FastifyInstance } from 'fastify';
import { deliverMail } from '../fulfilment/outbox';
import { runEvery } from '../plugins/interval-task';
import type { PaymentsRuntime } from '../payments/runtime';
import { offerFreedTickets } from './offers';

/** One run of the loop: freed tickets offered to the lines, then each new offer's e-mail sent (the retry loop sends what fails). */
export async function runWaitingList(rt: PaymentsRuntime): Promise<string[]> {
  const offered = await offerFreedTickets(rt.ctx);
  for (const entryId of offered) await deliverMail(rt, undefined, entryId);
  return offered;
}

/** Once the server is ready, offers freed tickets to the waiting lines every WAITING_LIST_INTERVAL_SECONDS (stopped, after its run, on close). */
export async function waitingListLoopPlugin(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  runEvery(app, rt.ctx.config.waitingListIntervalSeconds * 1000, () => runWaitingList(rt), (error) => app.log.error({ err: error }, 'waiting-list offers failed; the next run tries again'));
}
