import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase, sqliteFileOf, type Db } from '../db/connection';
import { withWriteTransaction } from '../db/locked-transaction';
import { selfUrlOf } from '../http/self-url';
import { internalListener } from './internal-listener';
import { providerModes } from '../payments/registry';
import { holdLimitsOfSeatEvent } from '../repositories/event.repository';
import { invoicingMode } from '../invoicing/provider';
import { seatsMode } from '../seats/seats-provider';
import { holdLimitsOf } from '../services/hold-limits.service';
import { hasAppleKeys } from '../wallet/apple-signing';
import type { SandboxProvider, SandboxStore } from '../../../sandbox';
import { named } from '../../shared/node/fastify-plugin-name';

/** What the demo's composition adds to a server: the configuration to start it with, and the sandbox to mount. */
export interface DemoSandbox {
  config: ServerConfig;
  /** Mounts the sandbox beside the API (same port, under /sandbox/…) and answers its store; nothing when no part runs as one. */
  mount: (app: FastifyInstance, ctx: AppContext) => Promise<SandboxStore | undefined>;
}

/**
 * The providers that will run as the sandbox: no keys of their own, and their sandbox switched on
 * (SANDBOX / PAYMENT_SANDBOX; every part in development, none in production unless named).
 */
function sandboxedParts(config: ServerConfig): Set<SandboxProvider> {
  const parts = new Set<SandboxProvider>();
  for (const [name, mode] of Object.entries(providerModes(config))) if (mode === 'sandbox') parts.add(name as SandboxProvider);
  if (seatsMode(config) === 'sandbox') parts.add('seats');
  if (invoicingMode(config) === 'sandbox') parts.add('facturapi');
  if (!config.recaptchaSecret && config.sandbox['bot-check']) parts.add('bot-check');
  if (!(config.googleWallet.issuerId && config.googleWallet.serviceAccount) && config.sandbox['google-wallet']) parts.add('google-wallet');
  if (!hasAppleKeys(config.applePass) && config.sandbox['apple-wallet']) parts.add('apple-wallet');
  return parts;
}

/** Connections of the sandbox's own PostgreSQL pool: each of its requests runs a statement or two. */
const SANDBOX_PG_CONNECTIONS = 4;

/**
 * The sandbox's database, never the server's connections: a provider is another system, so the
 * server's requests waiting on a lock (holding every connection of its pool) do not stop it. Beside
 * the server's SQLite file, a file of its own (`….sandbox.sqlite`; every process sharing the server's
 * file shares this one too). On PostgreSQL, the server's database (its own tables) through a small
 * pool of its own.
 */
function sandboxDatabase(config: ServerConfig): Db {
  const path = sqliteFileOf(config.databaseUrl);
  if (path === undefined) return openDatabase(config.databaseUrl, { maxConnections: SANDBOX_PG_CONNECTIONS });
  return openDatabase(`sqlite:${path === ':memory:' ? path : `${path.replace(/\.sqlite$/, '')}.sandbox.sqlite`}`);
}

/** The sandbox's view of its database: its own tables, written through that database's write transactions. */
function storeOf(db: Db): SandboxStore {
  return { kysely: db.kysely, dialect: db.dialect.name, writeTransaction: (work) => withWriteTransaction(db, work) };
}

/**
 * Composes the demo: for every provider without keys whose sandbox is switched on, the configuration
 * gets the sandbox's keys and its URLs (paths on this same server), and `mount` registers the sandbox.
 * The sandbox's code is loaded only then: a server whose providers all have keys never imports it.
 */
export async function withDemoSandbox(config: ServerConfig): Promise<DemoSandbox> {
  const parts = sandboxedParts(config);
  if (parts.size === 0) return { config, mount: async () => undefined };
  const {
    apnsSandbox, appleTestChain, botCheckSandboxKeys, FACTURAPI_SANDBOX_PREFIX, sandboxIssuer, GOOGLE_WALLET_API_PATH, GOOGLE_WALLET_SAVE_PATH, GOOGLE_WALLET_TOKEN_PATH, googleWalletSandboxAccount, sandboxCredentials, sandboxPlugin,
  } = await import('../../../sandbox');
  const keys = sandboxCredentials(config.signingSecret);
  const recaptcha = botCheckSandboxKeys(config.signingSecret);
  const googleAccount = parts.has('google-wallet') ? googleWalletSandboxAccount(config.walletSandboxDir) : undefined;
  const apple = parts.has('apple-wallet') ? appleTestChain(config.walletSandboxDir) : undefined;
  // APNs speaks HTTP/2: its stand-in is a loopback listener of its own (closed with the sandbox).
  const apns = apple ? await apnsSandbox(apple.passTypeId, () => new Date()) : undefined;
  const has = (part: SandboxProvider) => parts.has(part);
  // The server reaches the sandbox through a loopback listener of its own that closes last (unless INTERNAL_URL names one).
  const internal = config.internalUrl ? undefined : await internalListener();
  const composed: ServerConfig = {
    ...config,
    internalUrl: config.internalUrl ?? internal?.url,
    sandboxed: new Set([...config.sandboxed, ...parts]),
    mercadopago: has('mercadopago') ? { ...config.mercadopago, ...keys.mercadopago, apiUrl: '/sandbox/mercadopago/api' } : config.mercadopago,
    paypal: has('paypal') ? { ...config.paypal, ...keys.paypal, apiUrl: '/sandbox/paypal/api' } : config.paypal,
    fintoc: has('fintoc') ? { ...config.fintoc, ...keys.fintoc, apiUrl: '/sandbox/fintoc/api' } : config.fintoc,
    openpay: has('openpay') ? { ...config.openpay, ...keys.openpay, apiUrl: '/sandbox/openpay/api', scriptUrl: '/sandbox/openpay/js/openpay.v1.min.js' } : config.openpay,
    stripe: has('stripe') ? { ...config.stripe, ...keys.stripe, apiUrl: '/sandbox/stripe/api' } : config.stripe,
    facturapi: has('facturapi') ? { apiKey: keys.facturapi.apiKey, webhookSecret: keys.facturapi.webhookSecret, apiUrl: FACTURAPI_SANDBOX_PREFIX, expeditionZip: sandboxIssuer().zip } : config.facturapi,
    seatsio: has('seats') ? { secretKey: keys.seats.secretKey, apiUrl: '/sandbox/seatsio/api', chartJsUrl: '/sandbox/seatsio/chart.js' } : config.seatsio,
    ...(has('bot-check')
      ? { recaptchaSiteKey: recaptcha.siteKey, recaptchaSecret: recaptcha.secretKey, recaptchaVerifyUrl: '/sandbox/recaptcha/api/siteverify', recaptchaScriptUrl: '/sandbox/recaptcha/api.js' }
      : {}),
    googleWallet: googleAccount
      ? { ...config.googleWallet, ...googleAccount, saveUrl: GOOGLE_WALLET_SAVE_PATH, apiUrl: GOOGLE_WALLET_API_PATH, tokenUrl: GOOGLE_WALLET_TOKEN_PATH }
      : config.googleWallet,
    applePass: apple
      ? { ...config.applePass, passTypeId: apple.passTypeId, teamId: apple.teamId, cert: apple.certPem, key: apple.keyPem, wwdrCert: apple.wwdrPem, apnsUrl: apns!.url }
      : config.applePass,
  };
  const mount = async (app: FastifyInstance, ctx: AppContext) => {
    const { db } = ctx;
    internal?.serve(app);
    const own = sandboxDatabase(composed);
    // Closed after the sandbox's own hooks (they run in reverse order), once every request is answered.
    app.addHook('onClose', async () => own.kysely.destroy());
    const store = storeOf(own);
    await app.register(named(sandboxPlugin), {
      parts,
      store,
      googleWalletAccount: googleAccount,
      apns,
      secret: composed.signingSecret,
      now: ctx.now,
      publicUrl: composed.publicUrl,
      serverUrl: selfUrlOf(app, composed.internalUrl),
      limits: { readMax: composed.rateLimitReadMax, writeMax: composed.rateLimitMax },
      seats: {
        maxLiveTokensPerClient: composed.seatsSandboxMaxTokensPerClient,
        // One client's holds in the chart stop at the event's per-client unit cap, as its purchases do.
        maxPlacesPerClient: async (eventKey) => holdLimitsOf({ hold_limits: await holdLimitsOfSeatEvent(db.kysely, eventKey) }, composed).maxUnitsPerClient,
      },
    });
    return store;
  };
  return { config: composed, mount };
}
