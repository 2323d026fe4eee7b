import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { runEvery } from '../plugins/interval-task';
import { deliverDueWebhooks } from './deliver';

/** Once the server is ready, sends the due webhook deliveries every WEBHOOK_INTERVAL_SECONDS (stopped, after its run, on close). */
export async function webhookLoopPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  runEvery(app, ctx.config.webhookIntervalSeconds * 1000, () => deliverDueWebhooks(ctx), (error) => app.log.error({ err: error }, 'webhook deliveries failed; the next run tries again'));
}
