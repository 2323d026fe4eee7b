import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** `http://127.0.0.1:PORT` of the socket this server listens on. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Reaching this server itself needs it listening on TCP (or INTERNAL_URL set).');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** How this server reaches itself: INTERNAL_URL, else the socket it listens on. */
export function selfUrl(config: Pick<ServerConfig, 'internalUrl'>, app: FastifyInstance): string {
  return config.internalUrl ?? listeningUrl(app);
}

/** A configured provider URL: an absolute one as it is, a relative one (`/sandbox/…`) on this server itself. */
export function resolveOnSelf(url: string, config: Pick<ServerConfig, 'internalUrl'>, app: FastifyInstance): string {
  return /^https?:\/\//i.test(url) ? url : new URL(url, `${selfUrl(config, app)}/`).href;
}
