import { randomBytes } from 'node:crypto';
import { booleanFrom, isProduction, sandboxSwitches, type SandboxPart, type SandboxSwitches } from './sandbox-parts';

/** Everything the server reads from the environment, parsed once at start-up. */
export interface ServerConfig {
  /** NODE_ENV=production: sandboxes off unless named, no demo events, PUBLIC_URL required at start. */
  production: boolean;
  /** Which built-in sandboxes may stand in for a provider without keys (`sandbox-parts.ts`). */
  sandbox: SandboxSwitches;
  /**
   * The parts whose keys and URLs below are the demo's stand-ins', filled in by the demo's composition
   * in `cli/`: they run against a stand-in (labelled so in the banner, the attempts and the
   * storefront). Empty unless composed.
   */
  sandboxed: ReadonlySet<SandboxPart>;
  /** WALLET_SANDBOX_DIR: where the demo's wallet stand-ins keep their test keys. */
  walletSandboxDir: string;
  port: number;
  host: string;
  /** `undefined` → the default SQLite file; `sqlite:PATH` or `postgres://…` otherwise. */
  databaseUrl: string | undefined;
  /** Bearer token of the admin API for automation (every permission); unset → only operator sessions reach it. */
  adminToken: string | undefined;
  /**
   * The operator console's sessions: minutes without a request before one ends (ADMIN_SESSION_IDLE_MINUTES),
   * hours after sign-in it ends anyway (ADMIN_SESSION_HOURS), failed logins in a row that lock an account
   * (ADMIN_LOGIN_MAX_FAILURES) and for how many minutes (ADMIN_LOCK_MINUTES), hours a set-password link lasts.
   */
  operatorSessions: { idleMinutes: number; absoluteHours: number; maxFailedLogins: number; lockMinutes: number; setPasswordHours: number };
  /** Google reCAPTCHA v3 secret; when unset there is no bot check (unless the demo's composition fills one in). */
  recaptchaSecret: string | undefined;
  /**
   * seats.io: the workspace secret key (no key: no seated event, unless the demo's stand-in is composed);
   * `apiUrl` replaces every region's API (a path: one of this server's own); `chartJsUrl` is the chart
   * script the storefront loads (`{region}` is replaced).
   */
  seatsio: { secretKey: string | undefined; apiUrl: string | undefined; chartJsUrl: string };
  /**
   * facturapi (the PAC that stamps the invoices, `invoicing/`): the organisation's API key (no key: no
   * invoices, unless the demo's stand-in is composed); `apiUrl` replaces its API (a path: one of this
   * server's own); `expeditionZip` is the issuer's LugarExpedicion, which a global invoice to the general
   * public states as the receiver's fiscal address.
   */
  facturapi: { apiKey: string | undefined; webhookSecret?: string | undefined; apiUrl: string | undefined; expeditionZip: string | undefined };
  recaptchaSiteKey: string | undefined;
  recaptchaMinScore: number;
  /** siteverify's URL; a relative one (a path) is on this server itself. */
  recaptchaVerifyUrl: string;
  /** The browser's `api.js` (`?render=SITE_KEY` is added), used by the storefront as it is. */
  recaptchaScriptUrl: string;
  /** Host names a reCAPTCHA answer may carry; empty = accept the request's own host. */
  recaptchaHostnames: string[];
  /** Requests per client per minute on each purchase, payment, discount, bot-check and purchase-reload route. */
  rateLimitMax: number;
  /** Per client per minute on each PDF download route (every call renders a PDF). */
  rateLimitPdfMax: number;
  /** Per sending address per minute on each provider's webhook route (high: a provider must never be starved). */
  rateLimitWebhookMax: number;
  /** Per sending address per minute on PayPal's webhook route (each delivery that passes the local checks costs a call to PayPal). */
  rateLimitPayPalWebhookMax: number;
  /** Per client per minute on each admin route, counted per route (also slows guessing the bearer token); sized for the console's own use. */
  rateLimitAdminMax: number;
  /** How often a watched dashboard's figures are read again for its live stream (seconds). */
  dashboardRefreshSeconds: number;
  /** Places one client address may take in one event's waiting room. */
  waitingRoomMaxPerClient: number;
  /** Per client per minute on the public event reads (event page data, attendee validators). */
  rateLimitReadMax: number;
  /** Requests a minute of one door scanner (its device token), every check-in route apart. */
  rateLimitCheckinMax: number;
  /**
   * Which proxies may tell us the client address in X-Forwarded-For (Fastify `trustProxy`):
   * false = nobody (the socket address is the client), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /**
   * `redis://…` of the Redis the rate limits count in, shared by every API replica; unset → each
   * process counts on its own (in memory), so N replicas allow N times each limit.
   */
  redisUrl: string | undefined;
  /** Seconds a request may take to arrive whole, headers and body (a body trickling in slower is cut with 408). */
  requestTimeoutSeconds: number;
  /** Seconds a request's headers may take to arrive (at most `requestTimeoutSeconds`). */
  headersTimeoutSeconds: number;
  /** Connections one socket address may hold open at once (0 = no cap); TRUST_PROXY's proxies are not capped. */
  maxConnectionsPerClient: number;
  /**
   * The listening socket's queue of connections not accepted yet (the kernel caps it at net.core.somaxconn). Node's
   * 511 overflowed when an on-sale's burst met a busy process: the kernel dropped the handshakes, the buyers' clients
   * waited on retransmissions, and some were reset.
   */
  listenBacklog: number;
  /** Seconds a SIGTERM waits for in-flight requests and the database to close before the process exits anyway. */
  shutdownGraceSeconds: number;
  /** Server-wide defaults of the event file's `hold_limits` (an event may set its own). */
  holdLimits: HoldLimits;
  /** Live hold tokens one client may have in the demo's stand-in seat provider at once (each chart session starts one). */
  seatsSandboxMaxTokensPerClient: number;
  /** Secret this server's tokens are signed with (the demo's stand-ins derive their keys from it); random per process unless set (set it when running several processes). */
  signingSecret: string;
  /**
   * SECRETS_KEY: what the key sealing the secrets kept in the database (TOTP, webhook signing) is derived from
   * (`secrets-at-rest.ts`); required in production, a fixed demo key outside it when unset.
   */
  secretsKey: string | undefined;
  mainSiteUrl: string;
  supportEmail: string;
  /** Load the demo events into an empty database on start (DEMO_EVENTS; off by default in production). */
  loadDemoEvents: boolean;
  /** Serve the built storefront from this folder (undefined = API only). */
  clientDir: string | undefined;
  logLevel: string;
  /**
   * Browser-facing origin (`https://boletos.example.mx`) of every link this server builds (provider
   * return links, e-mails, calendar, pass page); unset → this server's own `http://localhost:PORT`
   * (development only: production refuses to start without it). Never a request's Host header.
   */
  publicUrl: string | undefined;
  /** How this server reaches itself (a provider URL given as a path); unset → the listening socket. */
  internalUrl: string | undefined;
  /** Hours a cash voucher stays payable (its stock stays held until then). */
  voucherHours: number;
  /** Bytes one purchase's attendee answers may weigh in total (the add-info request body): bounds storage per purchase. */
  attendeeFormMaxBytes: number;
  mercadopago: {
    accessToken: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    /** For the browser SDK's card tokens; not a secret. */
    publicKey?: string;
    /** Card payments' `three_d_secure_mode`: `optional` lets the issuer ask for a 3-D Secure challenge, `not_supported` never. */
    threeDSecureMode?: 'optional' | 'not_supported';
  };
  paypal: { clientId: string | undefined; clientSecret: string | undefined; webhookId: string | undefined; apiUrl: string };
  fintoc: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string };
  /**
   * Openpay cards: the merchant, its private key (server), public key (browser tokens), the webhook's
   * basic-auth pair, and where the card frame loads Openpay's script from.
   */
  openpay: { merchantId: string | undefined; privateKey: string | undefined; publicKey: string | undefined; webhookUser: string | undefined; webhookPassword: string | undefined; apiUrl: string; scriptUrl: string };
  /** The card payment provider (card, Google Pay, Apple Pay); the publishable key is given to the storefront. */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
    apiUrl: string;
    /** Apple Pay's domain-association file (its content, or the path of the file), served under /.well-known. */
    appleDomainAssociation: string | undefined;
  };
  /**
   * Google Wallet save links: with an issuer id and a service account (its JSON key, inline or
   * the file's path), signed links to `saveUrl` (Google's save page, the JWT appended); none without.
   */
  googleWallet: {
    issuerId: string | undefined; serviceAccount: string | undefined; issuerName: string; saveUrl: string;
    /** The Wallet REST API's base (`…/walletobjects/v1/eventTicketObject/{id}` below it): a ticket's saved pass is updated there. */
    apiUrl: string;
    /** Google's OAuth token endpoint: the service account's signed JWT is exchanged there for an access token. */
    tokenUrl: string;
  };
  /** Seconds a signed webhook timestamp may lag behind the clock (replays older than this are refused). */
  webhookToleranceSeconds: number;
  /** `smtp://…`/`smtps://…`; unset → each message is written as an .eml file under `mailOutboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** Seconds between retries of unsent e-mails and pending refunds (0 = only when a payment event arrives). */
  retryIntervalSeconds: number;
  /** Seconds between runs of the outbound webhooks' delivery loop (WEBHOOK_INTERVAL_SECONDS; 0 = off). */
  webhookIntervalSeconds: number;
  /** Seconds between runs of the waiting list's loop that offers freed tickets to the lines (WAITING_LIST_INTERVAL_SECONDS; 0 = off). */
  waitingListIntervalSeconds: number;
  /** Sends of one e-mail (PDF rendering included) before it is dead-lettered for an operator; an abandoned send counts. */
  mailMaxAttempts: number;
  /** Hours after a purchase that never paid is over (hold, voucher deadline, last activity) until its buyer and attendee data are erased. */
  unpaidDataRetentionHours: number;
  /** Months after their last use until the fiscal data a buyer saved for their next factura are erased (FISCAL_DATA_RETENTION_MONTHS). */
  fiscalDataRetentionMonths: number;
  /**
   * Days after a waiting-list entry is over (offer claimed or run out, never confirmed, its event ended) until its
   * address is erased (WAITING_LIST_RETENTION_DAYS). 30 by default: long enough to answer a buyer who asks, within
   * the month, why their offer went to someone else; nothing later needs the address (a claimed offer's purchase
   * keeps the buyer's data under its own rules).
   */
  waitingListRetentionDays: number;
  /**
   * Apple Wallet passes. Certificates and key are PEM text or the path of a PEM file. All of
   * passTypeId, teamId, cert, key and wwdrCert set → passes signed with them; none → no Apple pass.
   */
  applePass: {
    passTypeId: string | undefined;
    teamId: string | undefined;
    cert: string | undefined;
    key: string | undefined;
    keyPassphrase: string | undefined;
    wwdrCert: string | undefined;
    /** Name shown on the pass as its issuer. */
    organizationName: string;
    /** APNs (HTTP/2): a pass's update push goes to `{apnsUrl}/3/device/{push token}`, authenticated by the pass certificate. */
    apnsUrl: string;
  };
}

/** Caps on how much of an event's stock one client or buyer may keep unpaid (docs/decisions/007). */
export interface HoldLimits {
  /** Ticket units one client may hold at once in an event (held orders and unpaid vouchers). */
  maxUnitsPerClient: number;
  /** Cash vouchers one buyer (e-mail) may have open at once in an event. */
  maxVouchersPerBuyer: number;
  /** Share (0..1) of each ticket type's capacity that may sit in unpaid vouchers. */
  maxVoucherShare: number;
}

/**
 * TRUST_PROXY: unset/`false`/`off` → trust nobody; `true` → trust every hop (only when nothing
 * but the proxy can reach the server); a number → that many proxy hops; otherwise a
 * comma-separated list of proxy addresses or CIDRs (`127.0.0.1,10.0.0.0/8`).
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || /^(false|off|0|no)$/i.test(text)) return false;
  if (/^(true|on|yes)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

function numberFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Reads the configuration from `env` (defaults suit `npm start` on a laptop). */
export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = isProduction(env);
  return {
    production,
    sandbox: sandboxSwitches(env),
    sandboxed: new Set(),
    // One folder holds every wallet stand-in's keys (the Apple chain and the Google service account).
    walletSandboxDir: env.WALLET_SANDBOX_DIR || 'data/wallet-sandbox',
    port: numberFrom(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    operatorSessions: {
      idleMinutes: numberFrom(env.ADMIN_SESSION_IDLE_MINUTES, 30),
      absoluteHours: numberFrom(env.ADMIN_SESSION_HOURS, 12),
      maxFailedLogins: numberFrom(env.ADMIN_LOGIN_MAX_FAILURES, 5),
      lockMinutes: numberFrom(env.ADMIN_LOCK_MINUTES, 15),
      setPasswordHours: numberFrom(env.ADMIN_SET_PASSWORD_HOURS, 72),
    },
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    seatsio: {
      secretKey: env.SEATSIO_SECRET_KEY || undefined,
      apiUrl: env.SEATSIO_API_URL || undefined,
      chartJsUrl: env.SEATSIO_CHART_JS_URL || 'https://cdn-{region}.seatsio.net/chart.js',
    },
    facturapi: { apiKey: env.FACTURAPI_KEY || undefined, webhookSecret: env.FACTURAPI_WEBHOOK_SECRET || undefined, apiUrl: env.FACTURAPI_API_URL || undefined, expeditionZip: env.FACTURAPI_EXPEDITION_ZIP || undefined },
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || undefined,
    recaptchaMinScore: numberFrom(env.RECAPTCHA_MIN_SCORE, 0.5),
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    recaptchaScriptUrl: env.RECAPTCHA_SCRIPT_URL || 'https://www.google.com/recaptcha/api.js',
    recaptchaHostnames: (env.RECAPTCHA_HOSTNAMES ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    rateLimitMax: numberFrom(env.RATE_LIMIT_MAX, 120),
    rateLimitPdfMax: numberFrom(env.RATE_LIMIT_PDF_MAX, 10),
    rateLimitWebhookMax: numberFrom(env.RATE_LIMIT_WEBHOOK_MAX, 1200),
    rateLimitPayPalWebhookMax: numberFrom(env.RATE_LIMIT_PAYPAL_WEBHOOK_MAX, 120),
    rateLimitAdminMax: numberFrom(env.RATE_LIMIT_ADMIN_MAX, 120),
    dashboardRefreshSeconds: numberFrom(env.DASHBOARD_REFRESH_SECONDS, 5),
    waitingRoomMaxPerClient: numberFrom(env.WAITING_ROOM_MAX_PER_CLIENT, 20),
    rateLimitReadMax: numberFrom(env.RATE_LIMIT_READ_MAX, 600),
    rateLimitCheckinMax: numberFrom(env.RATE_LIMIT_CHECKIN_MAX, 1200),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || undefined,
    requestTimeoutSeconds: Math.max(1, numberFrom(env.REQUEST_TIMEOUT_SECONDS, 120)),
    headersTimeoutSeconds: Math.max(1, numberFrom(env.HEADERS_TIMEOUT_SECONDS, 20)),
    maxConnectionsPerClient: Math.max(0, numberFrom(env.MAX_CONNECTIONS_PER_CLIENT, 128)),
    listenBacklog: Math.max(1, numberFrom(env.LISTEN_BACKLOG, 4096)),
    shutdownGraceSeconds: Math.max(1, numberFrom(env.SHUTDOWN_GRACE_SECONDS, 25)),
    holdLimits: {
      maxUnitsPerClient: numberFrom(env.HOLD_MAX_UNITS_PER_CLIENT, 40),
      maxVouchersPerBuyer: numberFrom(env.VOUCHER_MAX_PER_BUYER, 2),
      maxVoucherShare: Math.min(1, Math.max(0, numberFrom(env.VOUCHER_MAX_SHARE, 0.5))),
    },
    seatsSandboxMaxTokensPerClient: Math.max(1, numberFrom(env.SEATS_SANDBOX_MAX_TOKENS_PER_CLIENT, 20)),
    signingSecret: env.SIGNING_SECRET || randomBytes(32).toString('hex'),
    secretsKey: env.SECRETS_KEY || undefined,
    mainSiteUrl: env.MAIN_SITE_URL ?? 'https://boletos.example.mx',
    supportEmail: env.SUPPORT_EMAIL ?? 'soporte@boletos.example.mx',
    loadDemoEvents: booleanFrom(env, 'DEMO_EVENTS', !production),
    clientDir: undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    internalUrl: env.INTERNAL_URL?.replace(/\/+$/, '') || undefined,
    voucherHours: numberFrom(env.VOUCHER_HOURS, 72),
    attendeeFormMaxBytes: numberFrom(env.ATTENDEE_FORM_MAX_BYTES, 8 * 1024 * 1024),
    mercadopago: {
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN || undefined,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || undefined,
      apiUrl: env.MERCADOPAGO_API_URL || 'https://api.mercadopago.com',
      publicKey: env.MERCADOPAGO_PUBLIC_KEY || undefined,
      threeDSecureMode: env.MERCADOPAGO_3DS_MODE === 'not_supported' ? 'not_supported' : 'optional',
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || undefined,
      clientSecret: env.PAYPAL_CLIENT_SECRET || undefined,
      webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
      apiUrl: env.PAYPAL_API_URL || 'https://api-m.paypal.com',
    },
    fintoc: {
      secretKey: env.FINTOC_SECRET_KEY || undefined,
      webhookSecret: env.FINTOC_WEBHOOK_SECRET || undefined,
      apiUrl: env.FINTOC_API_URL || 'https://api.fintoc.com',
    },
    openpay: {
      merchantId: env.OPENPAY_MERCHANT_ID || undefined,
      privateKey: env.OPENPAY_PRIVATE_KEY || undefined,
      publicKey: env.OPENPAY_PUBLIC_KEY || undefined,
      webhookUser: env.OPENPAY_WEBHOOK_USER || undefined,
      webhookPassword: env.OPENPAY_WEBHOOK_PASSWORD || undefined,
      apiUrl: env.OPENPAY_API_URL || 'https://api.openpay.mx',
      scriptUrl: env.OPENPAY_JS_URL || 'https://js.openpay.mx/openpay.v1.min.js',
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      apiUrl: env.STRIPE_API_URL || 'https://api.stripe.com',
      appleDomainAssociation: env.APPLE_PAY_DOMAIN_ASSOCIATION || undefined,
    },
    googleWallet: {
      issuerId: env.GOOGLE_WALLET_ISSUER_ID || undefined,
      serviceAccount: env.GOOGLE_WALLET_SERVICE_ACCOUNT || undefined,
      issuerName: env.GOOGLE_WALLET_ISSUER_NAME || 'Boletos',
      saveUrl: env.GOOGLE_WALLET_SAVE_URL || 'https://pay.google.com/gp/v/save/',
      apiUrl: env.GOOGLE_WALLET_API_URL || 'https://walletobjects.googleapis.com',
      tokenUrl: env.GOOGLE_WALLET_TOKEN_URL || 'https://oauth2.googleapis.com/token',
    },
    webhookToleranceSeconds: numberFrom(env.WEBHOOK_TOLERANCE_SECONDS, 300),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Boletos <no-reply@boletos.example.mx>',
    mailOutboxDir: env.MAIL_OUTBOX_DIR || 'data/outbox',
    applePass: {
      passTypeId: env.APPLE_PASS_TYPE_ID || undefined,
      teamId: env.APPLE_TEAM_ID || undefined,
      cert: env.APPLE_PASS_CERT || undefined,
      key: env.APPLE_PASS_KEY || undefined,
      keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE || undefined,
      wwdrCert: env.APPLE_WWDR_CERT || undefined,
      organizationName: env.APPLE_PASS_ORGANIZATION || 'Boletos',
      apnsUrl: env.APPLE_APNS_URL || 'https://api.push.apple.com',
    },
    retryIntervalSeconds: numberFrom(env.RETRY_INTERVAL_SECONDS, 60),
    webhookIntervalSeconds: numberFrom(env.WEBHOOK_INTERVAL_SECONDS, 5),
    waitingListIntervalSeconds: numberFrom(env.WAITING_LIST_INTERVAL_SECONDS, 10),
    mailMaxAttempts: Math.max(1, Math.floor(numberFrom(env.MAIL_MAX_ATTEMPTS, 5))),
    unpaidDataRetentionHours: Math.max(0, numberFrom(env.UNPAID_DATA_RETENTION_HOURS, 72)),
    fiscalDataRetentionMonths: Math.max(0, Math.floor(numberFrom(env.FISCAL_DATA_RETENTION_MONTHS, 13))),
    waitingListRetentionDays: Math.max(0, numberFrom(env.WAITING_LIST_RETENTION_DAYS, 30)),
    ...overrides,
  };
}
