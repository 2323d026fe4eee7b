import type { FastifyInstance } from 'fastify';
import type { SeatsioClient } from 'seatsio';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { partMode, type PartMode } from '../sandbox-parts';
import { absoluteUrl, selfUrlOf } from '../http/self-url';

/**
 * The seat provider as the rest of the server sees it: seats.io with a secret key (SEATSIO_SECRET_KEY,
 * or the demo's stand-in's), else off (no seated event may be imported; the client refuses).
 */
export interface SeatsProvider {
  mode: PartMode;
  /**
   * The official client for an event's region (`https://api-{region}.seatsio.net`, or SEATSIO_API_URL for every region).
   * The seatsio package is loaded at the first client asked for: a server whose events have no seats never holds it.
   */
  client: (region: string) => Promise<SeatsioClient>;
}

const providers = new WeakMap<AppContext, SeatsProvider>();

/** seats.io live with its key, else the demo's stand-in if switched on, else off. */
export function seatsMode(config: Pick<ServerConfig, 'seatsio' | 'sandbox' | 'sandboxed'>): PartMode {
  return partMode(Boolean(config.seatsio.secretKey) && !config.sandboxed.has('seats'), config.sandbox.seats);
}

/**
 * Builds the seat provider of an app (once, in `buildApp`): the official client, pointed at the
 * region's API or at `seatsio.apiUrl` (a path there is one of this server's own: the configured URL of the demo's stand-in).
 */
export function registerSeatsProvider(ctx: AppContext, app: FastifyInstance): SeatsProvider {
  const { seatsio, internalUrl } = ctx.config;
  const clients = new Map<string, SeatsioClient>();
  const mode = seatsMode(ctx.config);
  const selfUrl = selfUrlOf(app, internalUrl);
  const client = async (region: string) => {
    if (mode === 'off' || !seatsio.secretKey) throw new Error('seats.io has no key (SEATSIO_SECRET_KEY) and the seat sandbox is off');
    const { Region, SeatsioClient } = await import('seatsio');
    const base = seatsio.apiUrl ? absoluteUrl(seatsio.apiUrl, selfUrl) : Region.urlForId(region);
    if (!clients.has(base)) clients.set(base, new SeatsioClient(new Region(base), seatsio.secretKey).setMaxRetries(mode === 'sandbox' ? 0 : 5));
    return clients.get(base)!;
  };
  const provider: SeatsProvider = { mode, client };
  providers.set(ctx, provider);
  return provider;
}

/** The seat provider `buildApp` registered for this context. */
export function seatsProviderOf(ctx: AppContext): SeatsProvider {
  const provider = providers.get(ctx);
  if (!provider) throw new Error('No seat provider registered for this app context');
  return provider;
}
