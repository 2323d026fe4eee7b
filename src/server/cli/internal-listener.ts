import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A second listener, on the loopback only, through which the server calls the sandbox mounted in it
 * (provider APIs, siteverify). It outlives the public one: on SIGTERM the public listener stops taking
 * connections at once, while a purchase already in flight may still need its bot check or its
 * provider; this one closes only once the public server has answered everything it accepted.
 */
export async function internalListener(): Promise<{ url: string; serve: (app: FastifyInstance) => void }> {
  let route: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server: Server = createServer((request, response) => {
    if (route) route(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (app) => {
      route = (request, response) => app.routing(request, response);
      // After the public server's last connection ends (every request it accepted answered); an app that never listened closes it with itself.
      app.server.once('close', close);
      app.addHook('onClose', async () => {
        if (!app.server.listening) close();
      });
    },
  };
}
