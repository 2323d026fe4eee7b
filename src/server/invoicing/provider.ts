import type { FastifyInstance } from 'fastify';
import * as facturapiModule from 'facturapi';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { absoluteUrl, selfUrlOf } from '../http/self-url';
import { partMode, type PartMode } from '../sandbox-parts';

/**
 * facturapi's client class. The package is CommonJS with `exports.default`: Node's own ES-module loader (the
 * built server, `dist/server/serve.mjs`) hands the whole `exports` object as the default import, tsx and
 * Vitest the class itself; this takes the class either way.
 */
type FacturapiClass = typeof facturapiModule.default;
const moduleDefault = facturapiModule.default as FacturapiClass | { default: FacturapiClass };
const Facturapi: FacturapiClass = 'default' in moduleDefault ? moduleDefault.default : moduleDefault;
type Facturapi = InstanceType<FacturapiClass>;

/**
 * The invoicing provider (the PAC) as the rest of the server sees it: facturapi through its official
 * SDK with the organisation's key (FACTURAPI_KEY), or the demo's stand-in, or off (no invoices).
 */
export interface InvoicingProvider {
  mode: PartMode;
  /** The official client, pointed at facturapi's API or at `facturapi.apiUrl` (the stand-in's path on this server). */
  client: () => Facturapi;
  /** The issuer's LugarExpedicion (the global invoice's receiver address); undefined when not configured. */
  expeditionZip: string | undefined;
}

const providers = new WeakMap<AppContext, InvoicingProvider>();

/** facturapi live with its key, else the demo's stand-in if switched on, else off. */
export function invoicingMode(config: Pick<ServerConfig, 'facturapi' | 'sandbox' | 'sandboxed'>): PartMode {
  return partMode(Boolean(config.facturapi.apiKey) && !config.sandboxed.has('facturapi'), config.sandbox.facturapi);
}

/** Builds the invoicing provider of a context (once, in `buildApp`, or by the `cfdi:global` command with its own app). */
export function registerInvoicingProvider(ctx: AppContext, app: FastifyInstance): InvoicingProvider {
  const { facturapi, internalUrl } = ctx.config;
  const mode = invoicingMode(ctx.config);
  const selfUrl = selfUrlOf(app, internalUrl);
  let client: Facturapi | undefined;
  const provider: InvoicingProvider = {
    mode,
    expeditionZip: facturapi.expeditionZip,
    client: () => {
      if (mode === 'off' || !facturapi.apiKey) throw new Error('facturapi has no key (FACTURAPI_KEY) and the invoicing sandbox is off');
      if (!client) {
        client = new Facturapi(facturapi.apiKey);
        if (facturapi.apiUrl) client.BASE_URL = absoluteUrl(facturapi.apiUrl, selfUrl);
      }
      return client;
    },
  };
  providers.set(ctx, provider);
  return provider;
}

/** The invoicing provider `buildApp` registered for this context. */
export function invoicingProviderOf(ctx: AppContext): InvoicingProvider {
  const provider = providers.get(ctx);
  if (!provider) throw new Error('No invoicing provider registered for this app context');
  return provider;
}

/** A file the SDK downloaded (a Node stream, or a Blob in other runtimes), whole. */
export async function downloaded(file: unknown): Promise<Buffer> {
  if (file instanceof Blob) return Buffer.from(await file.arrayBuffer());
  const chunks: Buffer[] = [];
  for await (const chunk of file as AsyncIterable<Buffer | Uint8Array | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
