import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SandboxCredentials } from './credentials';
import type { SandboxLimits } from './http/limits';
import type { SandboxStore, SandboxTables } from './store';

/** The stand-in providers the sandbox can run; the composition picks those without keys. */
export const SANDBOX_PROVIDERS = ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe', 'seats', 'bot-check', 'google-wallet', 'apple-wallet', 'facturapi'] as const;
export type SandboxProvider = (typeof SANDBOX_PROVIDERS)[number];

/** What every part of the sandbox works with. */
export interface SandboxRuntime {
  /** The providers running here (a provider not listed has no routes at all). */
  parts: ReadonlySet<SandboxProvider>;
  store: SandboxStore;
  /** The store's tables, typed. */
  db: Kysely<SandboxTables>;
  credentials: SandboxCredentials;
  now: () => Date;
  /** The browser-facing origin of the hosted pages (PUBLIC_URL); unset → links relative to the page's own origin. */
  publicUrl: string | undefined;
  /** How the sandbox reaches the server it delivers webhooks to (`/api/webhooks/{provider}`). */
  serverUrl: () => string;
  log: FastifyBaseLogger;
  limits: SandboxLimits;
}
