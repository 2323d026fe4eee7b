import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config';
import { sharedByReplicas } from '../db/connection';

/** What `@fastify/rate-limit` is given to count in, and how to let go of it when the server closes. */
export interface RateLimitStore {
  /** Extra options for the rate-limit plugin: none (its in-memory store), or the shared Redis. */
  options: { redis?: Redis; nameSpace?: string; skipOnError?: boolean };
  close: () => Promise<void>;
}

/** Keys of every replica's counters; one prefix, so several apps may share a Redis. */
const NAMESPACE = 'checkout-rate-limit:';

/**
 * Without REDIS_URL every process counts in its own memory: right for one process, but N
 * replicas behind a load balancer then allow N times each limit, hence the warning when the
 * database (PostgreSQL) suggests several replicas.
 *
 * With REDIS_URL every replica counts in one Redis. The first connection must succeed (a wrong
 * URL stops the start, where an operator sees it). Afterwards a Redis outage fails open: a
 * request is served without being counted (`skipOnError`) rather than refused or kept waiting
 * (`enableOfflineQueue: false`, one try per command), because the limits protect the checkout
 * and must not take it down; the outage and the recovery are logged once each. ioredis is loaded
 * only then: a process without REDIS_URL never holds it.
 */
export async function openRateLimitStore(config: ServerConfig, log: FastifyBaseLogger): Promise<RateLimitStore> {
  if (!config.redisUrl) {
    if (sharedByReplicas(config.databaseUrl)) {
      log.warn('Rate limits are counted in this process\'s memory: if several replicas run, set REDIS_URL so that they count together (each replica would otherwise allow the whole limit).');
    }
    return { options: {}, close: async () => {} };
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Could not connect to the Redis of the rate limits (REDIS_URL): ${error instanceof Error ? error.message : String(error)}`);
  }
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'the Redis of the rate limits does not answer: requests are served uncounted until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('the Redis of the rate limits is available again');
  });
  return {
    options: { redis, nameSpace: NAMESPACE, skipOnError: true },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
