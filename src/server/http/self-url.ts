import type { FastifyInstance } from 'fastify';

/**
 * How this server reaches itself: INTERNAL_URL, else `http://127.0.0.1:PORT` of the socket it
 * listens on (known once it listens). A provider URL in the configuration that is a path
 * (the demo's stand-ins are given paths) is resolved against it.
 */
export function selfUrlOf(app: FastifyInstance, internalUrl: string | undefined): () => string {
  return () => {
    if (internalUrl) return internalUrl;
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('A provider URL relative to this server needs it listening on TCP (or INTERNAL_URL set).');
    const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };
}

/** `url` as is when absolute; a path is taken as one of this server's own (`selfUrl() + path`). */
export function absoluteUrl(url: string, selfUrl: () => string): string {
  return url.startsWith('/') ? `${selfUrl()}${url}` : url;
}
