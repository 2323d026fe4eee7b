import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The browser files, read once at start (plain scripts: no build step, no eval). */
const file = (name: string) => readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
const SCRIPTS: Record<string, string> = { 'openpay.v1.min.js': file('openpay.js'), 'openpay-data.v1.min.js': file('openpay-data.js') };

/**
 * The sandbox's Openpay browser scripts, at the names Openpay's CDN gives them:
 * `/sandbox/openpay/js/openpay.v1.min.js` (tokens against the sandbox's API) and
 * `/sandbox/openpay/js/openpay-data.v1.min.js` (the device session id).
 */
export async function openpayBrowserSandbox(app: FastifyInstance) {
  for (const [name, source] of Object.entries(SCRIPTS)) {
    app.get(`/sandbox/openpay/js/${name}`, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(source));
  }
}
