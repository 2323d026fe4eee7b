import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The browser-facing origin every link this server builds starts with (provider return links, the
 * calendar, the pass page and its Google Wallet link): PUBLIC_URL, else this server's own
 * `http://localhost:PORT` (development: production refuses to start without PUBLIC_URL). Never a
 * request's Host header, which whoever sends the request chooses.
 */
export function publicOrigin(config: Pick<ServerConfig, 'publicUrl' | 'port'>, app: FastifyInstance): string {
  if (config.publicUrl) return config.publicUrl;
  const address = app.server.address();
  return `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
}
