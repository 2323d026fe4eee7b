import type { FastifyInstance } from 'fastify';
import type { HealthResponse, ReadyResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { pendingMigrations } from '../db/migrate';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import type { DrainState } from '../plugins/graceful-close';

/**
 * The load balancer's probes. Neither is rate limited: a balancer probes every replica every
 * few seconds from one address, and with the counters shared in Redis its probes of all
 * replicas would add up in one bucket and get 429s (taking healthy replicas out). Health
 * touches nothing; readiness costs one indexed read of the migrations table, which is less
 * than the event page every visitor loads.
 */
export async function healthRoutes(app: FastifyInstance, { ctx, drain }: { ctx: AppContext; drain: DrainState }) {
  /** Liveness: answers while the process runs and its event loop turns (restart it otherwise). */
  app.get<{ Reply: HealthResponse }>('/api/health', { schema: { response: answers('health') } }, async () => ({ status: 'ok' }));

  /**
   * Readiness: send buyers here only while the database answers (else 503 DATABASE_UNAVAILABLE,
   * through the error handler) with every migration this code needs, and not while shutting down.
   */
  app.get<{ Reply: ReadyResponse }>('/api/ready', { schema: { response: answers('ready') } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (drain.closing) throw errors.shuttingDown();
    const pending = await pendingMigrations(ctx.db);
    if (pending.length > 0) throw errors.migrationsPending(pending.length);
    return { status: 'ready' };
  });
}
