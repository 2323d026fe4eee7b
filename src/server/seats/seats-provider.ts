import type { FastifyInstance } from 'fastify';
import { Region, SeatsioClient } from 'seatsio';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { partMode, type PartMode } from '../sandbox-parts';
import { seatsSandboxSecret } from '../../../sandbox/seats/routes';

/**
 * The seat provider as the rest of the server sees it: seats.io with SEATSIO_SECRET_KEY, else the
 * built-in sandbox when switched on, else off (no seated event may be imported; the client refuses).
 */
export interface SeatsProvider {
  mode: PartMode;
  /** The official client for an event's region (live: `https://api-{region}.seatsio.net`; sandbox: this server's seats API). */
  client: (region: string) => SeatsioClient;
}

const providers = new WeakMap<AppContext, SeatsProvider>();

function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The seat sandbox needs the server listening on TCP (or INTERNAL_URL set).');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** seats.io live with its key, else the seat sandbox if switched on, else off. */
export function seatsMode(config: Pick<ServerConfig, 'seatsioSecretKey' | 'sandbox'>): PartMode {
  return partMode(Boolean(config.seatsioSecretKey), config.sandbox.seats);
}

/**
 * Builds the seat provider of an app (once, in `buildApp`). The sandbox is reached over HTTP like
 * the real service, through the same official client with a `Region` whose URL is our own.
 */
export function registerSeatsProvider(ctx: AppContext, app: FastifyInstance): SeatsProvider {
  const { seatsioSecretKey, internalUrl, signingSecret } = ctx.config;
  const clients = new Map<string, SeatsioClient>();
  const mode = seatsMode(ctx.config);
  const provider: SeatsProvider = mode === 'live'
    ? {
        mode,
        client: (region) => {
          if (!clients.has(region)) clients.set(region, new SeatsioClient(new Region(Region.urlForId(region)), seatsioSecretKey!));
          return clients.get(region)!;
        },
      }
    : mode === 'sandbox'
      ? {
          mode,
          client: () => {
            const base = `${internalUrl ?? listeningUrl(app)}/sandbox/seatsio/api`;
            if (!clients.has(base)) clients.set(base, new SeatsioClient(new Region(base), seatsSandboxSecret(signingSecret)).setMaxRetries(0));
            return clients.get(base)!;
          },
        }
      : {
          mode,
          client: () => {
            throw new Error('seats.io has no key (SEATSIO_SECRET_KEY) and the seat sandbox is off');
          },
        };
  providers.set(ctx, provider);
  return provider;
}

/** The seat provider `buildApp` registered for this context. */
export function seatsProviderOf(ctx: AppContext): SeatsProvider {
  const provider = providers.get(ctx);
  if (!provider) throw new Error('No seat provider registered for this app context');
  return provider;
}
