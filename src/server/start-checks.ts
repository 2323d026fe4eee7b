import type { ServerConfig } from './config';
import { SECRETS_KEY_MIN_LENGTH } from './secrets-at-rest';
import { providerModes } from './payments/registry';
import { PART_LABELS, PAYMENT_PARTS, type PartMode, type SandboxPart } from './sandbox-parts';
import { invoicingMode } from './invoicing/provider';
import { seatsMode } from './seats/seats-provider';
import { botCheckMode } from './services/bot-check.service';
import { appleWalletMode } from './wallet/apple-signing';
import { googleWalletMode } from './wallet/google-wallet';

/** How each part runs under `config` (a half-set provider configuration throws). */
export function partModes(config: ServerConfig): Record<SandboxPart, PartMode> {
  return {
    ...providerModes(config),
    seats: seatsMode(config),
    'bot-check': botCheckMode(config),
    'google-wallet': googleWalletMode(config),
    'apple-wallet': appleWalletMode(config),
    facturapi: invoicingMode(config),
  };
}

/**
 * What stops the start before anything is opened: production without PUBLIC_URL (every link would
 * otherwise need an origin nobody configured) or without a SECRETS_KEY of 32 characters or more (the
 * secrets kept in the database are sealed with it), and no bot check at all (purchases need one).
 */
export function assertStartable(config: ServerConfig): void {
  if (config.production && !config.publicUrl) {
    throw new Error('NODE_ENV=production needs PUBLIC_URL, the browser-facing origin (https://boletos.example.mx) of every link the server builds.');
  }
  if (config.production && (config.secretsKey ?? '').length < SECRETS_KEY_MIN_LENGTH) {
    throw new Error(`NODE_ENV=production needs SECRETS_KEY (${SECRETS_KEY_MIN_LENGTH} characters or more, e.g. \`openssl rand -hex 32\`): the TOTP and webhook signing secrets are kept sealed with it.`);
  }
  if (partModes(config)['bot-check'] === 'off') {
    throw new Error('purchases need a bot check: set RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY), or switch its sandbox on with SANDBOX=bot-check.');
  }
}

/** The start banner's lines on sandboxes: which parts run as one (nothing real happens there). */
export function sandboxBanner(config: ServerConfig): string[] {
  const modes = partModes(config);
  const running = (Object.keys(modes) as SandboxPart[]).filter((part) => modes[part] === 'sandbox');
  if (running.length === 0) return ['No sandboxes: every configured provider runs live.'];
  const payments = running.filter((part) => (PAYMENT_PARTS as readonly string[]).includes(part)).map((part) => PART_LABELS[part]);
  const others = running.filter((part) => !(PAYMENT_PARTS as readonly string[]).includes(part)).map((part) => PART_LABELS[part]);
  return [
    'Running as sandboxes (no real charges, seats, checks or passes):',
    ...(payments.length ? [`  payments: ${payments.join(', ')}`] : []),
    ...others.map((label) => `  ${label}`),
    config.production
      ? '  (named on by SANDBOX or PAYMENT_SANDBOX: never leave them on for real sales)'
      : '  (development: set NODE_ENV=production to switch every sandbox off unless named in SANDBOX)',
  ];
}
