import { randomBytes } from 'node:crypto';

/** Everything the server reads from the environment, parsed once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** `undefined` → the default SQLite file; `sqlite:PATH` or `postgres://…` otherwise. */
  databaseUrl: string | undefined;
  /** Bearer token for the admin API; when unset the admin API answers 404. */
  adminToken: string | undefined;
  /** Google reCAPTCHA v3 secret; when unset the built-in bot-check sandbox is used. */
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaMinScore: number;
  recaptchaVerifyUrl: string;
  /** Host names a reCAPTCHA answer may carry; empty = accept the request's own host. */
  recaptchaHostnames: string[];
  /** Requests per IP per minute on the purchase, discount and bot-check routes. */
  rateLimitMax: number;
  /** Secret that signs sandbox tokens; random per process unless set (set it when running several processes). */
  signingSecret: string;
  mainSiteUrl: string;
  supportEmail: string;
  /** Load the demo events into an empty database on start. */
  loadDemoEvents: boolean;
  /** Serve the built storefront from this folder (undefined = API only). */
  clientDir: string | undefined;
  logLevel: string;
  /** Browser-facing origin (`https://boletos.example.mx`) for provider return links; unset → the request's own origin. */
  publicUrl: string | undefined;
  /** How this server reaches itself (sandbox provider APIs and their webhooks); unset → the listening socket. */
  internalUrl: string | undefined;
  /** `false` (PAYMENT_SANDBOX=off) refuses to start a provider without keys instead of using the sandbox. */
  paymentSandbox: boolean;
  /** Hours a cash voucher stays payable (its stock stays held until then). */
  voucherHours: number;
  /** Bytes one purchase's attendee answers may weigh in total (the add-info request body): bounds storage per purchase. */
  attendeeFormMaxBytes: number;
  mercadopago: { accessToken: string | undefined; webhookSecret: string | undefined; apiUrl: string };
  paypal: { clientId: string | undefined; clientSecret: string | undefined; webhookId: string | undefined; apiUrl: string };
  fintoc: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string };
  /** Seconds a signed webhook timestamp may lag behind the clock (replays older than this are refused). */
  webhookToleranceSeconds: number;
  /** `smtp://…`/`smtps://…`; unset → each message is written as an .eml file under `mailOutboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  /** Seconds between retries of unsent e-mails and pending refunds (0 = only when a payment event arrives). */
  retryIntervalSeconds: number;
}

function numberFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Reads the configuration from `env` (defaults suit `npm start` on a laptop). */
export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: numberFrom(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || undefined,
    recaptchaMinScore: numberFrom(env.RECAPTCHA_MIN_SCORE, 0.5),
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    recaptchaHostnames: (env.RECAPTCHA_HOSTNAMES ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    rateLimitMax: numberFrom(env.RATE_LIMIT_MAX, 120),
    signingSecret: env.SIGNING_SECRET || randomBytes(32).toString('hex'),
    mainSiteUrl: env.MAIN_SITE_URL ?? 'https://boletos.example.mx',
    supportEmail: env.SUPPORT_EMAIL ?? 'soporte@boletos.example.mx',
    loadDemoEvents: env.DEMO_EVENTS !== 'off',
    clientDir: undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    internalUrl: env.INTERNAL_URL?.replace(/\/+$/, '') || undefined,
    paymentSandbox: env.PAYMENT_SANDBOX !== 'off',
    voucherHours: numberFrom(env.VOUCHER_HOURS, 72),
    attendeeFormMaxBytes: numberFrom(env.ATTENDEE_FORM_MAX_BYTES, 8 * 1024 * 1024),
    mercadopago: {
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN || undefined,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || undefined,
      apiUrl: env.MERCADOPAGO_API_URL || 'https://api.mercadopago.com',
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
    webhookToleranceSeconds: numberFrom(env.WEBHOOK_TOLERANCE_SECONDS, 300),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Boletos <no-reply@boletos.example.mx>',
    mailOutboxDir: env.MAIL_OUTBOX_DIR || 'data/outbox',
    retryIntervalSeconds: numberFrom(env.RETRY_INTERVAL_SECONDS, 60),
    ...overrides,
  };
}
