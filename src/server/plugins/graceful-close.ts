import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether `app.close()` has begun (SIGTERM): the readiness probe answers 503 from then on. */
export interface DrainState {
  closing: boolean;
}

/**
 * Lets `app.close()` finish as soon as its last request is answered. Node's `server.close()`
 * stops accepting and ends the keep-alive connections idle at that moment, but a connection
 * busy with a request stays open after its answer until the keep-alive timeout (72 s) runs
 * out. So once closing: every answer says `Connection: close` (the client opens its next
 * request elsewhere instead of on a socket about to go), and a connection left idle after an
 * answer whose headers had already gone is ended at once. Requests already on their way
 * over an open connection are still served (`return503OnClosing: false` in `app.ts`).
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance, { state }: { state: DrainState }) => {
  app.addHook('preClose', async () => {
    state.closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (state.closing && !reply.raw.headersSent) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (state.closing) setImmediate(() => app.server.closeIdleConnections());
  });
});
