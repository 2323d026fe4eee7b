import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { readConfig } from '../config';
import { apiSchemas } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { securityPlugin } from '../plugins/security';
import { storefrontPlugin } from '../plugins/storefront';
import { bearerMatches } from '../routes/admin.routes';
import { previewRoutes } from '../routes/preview.routes';
import { watchEventFile } from '../services/event-preview-watch';
import { named } from '../../shared/node/fastify-plugin-name';

const USAGE = 'Usage: npm run event:preview -- event.json   (PREVIEW_PORT=4400 by default; 0 = any free port)';

/**
 * `npm run event:preview -- FILE`: a local preview of an event file, with no database and no
 * payments — only the preview API and the built storefront (which holds the preview page), on
 * 127.0.0.1. The file is watched: a save reaches the open page within the long poll. The URL it
 * prints carries a token made up for this run in its fragment (never sent to the server as
 * such: the page keeps it in sessionStorage and sends it as a bearer header), so another local
 * user or a web page cannot read the file through this port.
 */
async function main(argv: string[]): Promise<void> {
  const file = argv.filter((arg) => arg !== '--')[0];
  if (!file || file.startsWith('-')) {
    console.log(USAGE);
    process.exitCode = 2;
    return;
  }
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exitCode = 1;
    return;
  }
  const clientDir = resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!existsSync(resolve(clientDir, 'index.html'))) {
    console.error(`No storefront build in ${clientDir}: run "npm run build" first.`);
    process.exitCode = 1;
    return;
  }
  const config = readConfig({ ...process.env, REDIS_URL: '' }, { clientDir });
  const token = randomBytes(18).toString('base64url');
  const watched = await watchEventFile(file);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.removeContentTypeParser('text/plain');
  await app.register(named(securityPlugin), { config });
  await app.register(named(errorHandlerPlugin));
  for (const schema of apiSchemas) app.addSchema(schema);
  const admit = async (request: FastifyRequest) => {
    if (!bearerMatches(request, token)) throw errors.unauthorized();
  };
  await app.register(named(previewRoutes), { config, admit, watched });
  await app.register(named(storefrontPlugin), { clientDir });
  const stop = () => {
    watched.close();
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: Number(process.env.PREVIEW_PORT ?? 4400), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`\n  Preview of ${file}: http://127.0.0.1:${port}/admin/preview#token=${token}`);
  console.log('  It reloads when the file is saved. Nothing is stored in a database (Ctrl+C to quit).\n');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Could not start the preview: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
