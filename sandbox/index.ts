import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { botCheckSandbox } from './bot-check';
import { sandboxCredentials } from './credentials';
import type { SandboxLimits } from './http/limits';
import { migrateSandbox } from './migrations';
import { paymentSandboxRoutes } from './payments/plugin';
import { purgeSandboxPaymentTokens } from './payments/purge';
import type { SandboxProvider, SandboxRuntime } from './runtime';
import { facturapiSandboxRoutes } from './facturapi/routes';
import { seatsSandboxRoutes, type SeatLimits } from './seats/routes';
import { purgeExpiredSandboxTokens } from './seats/state';
import { tablesOf, type SandboxStore } from './store';
import { googleWalletApiSandbox, googleWalletSaveSandbox, GoogleWalletObjects, type ApnsSandbox, type GoogleWalletTestAccount } from './wallet';
import { named } from '../src/shared/node/fastify-plugin-name';

export { sandboxCredentials, type SandboxCredentials } from './credentials';
export { SANDBOX_PROVIDERS, type SandboxProvider } from './runtime';
export type { SandboxStore } from './store';
export { botCheckSandboxKeys } from './bot-check';
export { FACTURAPI_SANDBOX_PREFIX } from './facturapi/routes';
export { sandboxIssuer } from './facturapi/stamp';
export { apnsSandbox, appleTestChain, APPLE_TEST_CHAIN_FILE, GOOGLE_WALLET_API_PATH, GOOGLE_WALLET_SAVE_PATH, GOOGLE_WALLET_TOKEN_PATH, googleWalletSandboxAccount } from './wallet';

/** What the sandbox is given by whoever mounts it (the demo's composition in src/server/cli/). */
export interface SandboxOptions {
  /** The providers to stand in for. */
  parts: ReadonlySet<SandboxProvider>;
  store: SandboxStore;
  /** The secret every key and token of the sandbox derives from. */
  secret: string;
  now: () => Date;
  publicUrl: string | undefined;
  /** How to reach the server the webhooks go to. */
  serverUrl: () => string;
  limits: SandboxLimits;
  seats: SeatLimits;
  /** The Google Wallet test issuer whose save links the save page checks (with `google-wallet` in `parts`). */
  googleWalletAccount?: GoogleWalletTestAccount;
  /** The APNs stand-in the composition started (with `apple-wallet` in `parts`): its pushes are read at `/sandbox/apns/api/pushes`. */
  apns?: ApnsSandbox;
}

/** Often enough that a token goes within minutes of its use-by, rarely enough to cost nothing. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * The sandbox: stand-ins for the payment providers, the seat provider, the invoicing PAC (facturapi), reCAPTCHA, Google Wallet's
 * save page and REST API (and the Apple test chain the composition signs passes with, and APNs), speaking each one's API
 * under /sandbox/{provider}/…, with state in its own tables of the store it is given. Mounted beside
 * the API by the demo's composition; the production server never imports it.
 */
export const sandboxPlugin = fp(async (app: FastifyInstance, options: SandboxOptions) => {
  await migrateSandbox(options.store);
  const rt: SandboxRuntime = {
    parts: options.parts,
    store: options.store,
    db: tablesOf(options.store),
    credentials: sandboxCredentials(options.secret),
    now: options.now,
    publicUrl: options.publicUrl,
    serverUrl: options.serverUrl,
    log: app.log,
    limits: options.limits,
  };
  await app.register(named(paymentSandboxRoutes), { rt });
  if (rt.parts.has('seats')) await app.register(named(seatsSandboxRoutes), { rt, limits: options.seats });
  if (rt.parts.has('facturapi')) await app.register(named(facturapiSandboxRoutes), { rt });
  if (rt.parts.has('bot-check')) await app.register(named(botCheckSandbox), { secret: options.secret, now: options.now, store: options.store });
  if (rt.parts.has('google-wallet') && options.googleWalletAccount) {
    const objects = new GoogleWalletObjects();
    await app.register(named(googleWalletSaveSandbox), { account: options.googleWalletAccount, now: options.now, objects });
    await app.register(named(googleWalletApiSandbox), { account: options.googleWalletAccount, objects, secret: options.secret, now: options.now, limits: options.limits });
  }
  const apns = options.apns;
  if (apns) {
    app.get('/sandbox/apns/api/pushes', { config: { rateLimit: { max: options.limits.readMax } } }, async () => ({ pushes: apns.pushes() }));
    app.addHook('onClose', apns.close);
  }
  purgeOnATimer(app, rt);
}, { name: 'sandbox' });

/** Deletes the tokens the sandbox made that are past use (seat hold tokens with their holds, card tokens), every few minutes. */
function purgeOnATimer(app: FastifyInstance, rt: SandboxRuntime) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const purge = async () => {
    try {
      const seatTokens = await purgeExpiredSandboxTokens(rt.store, rt.now());
      const cardTokens = await purgeSandboxPaymentTokens(rt.db, rt.now());
      if (seatTokens + cardTokens > 0) rt.log.info({ seatTokens, cardTokens }, 'expired sandbox tokens deleted');
    } catch (error) {
      rt.log.warn({ err: error }, 'purge of expired sandbox tokens failed; it runs again on the next tick');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= purge().finally(() => (running = undefined));
    }, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
