/**
 * The sandbox switches: which parts without keys the demo's composition (`cli/`) may fill with a stand-in. Each part
 * may run as a sandbox only while switched on: in development every part is on (`npm start` with no
 * keys gives the whole demo); in production (NODE_ENV=production) every part is off unless named in
 * SANDBOX (or PAYMENT_SANDBOX=on for the five payment providers). A part with keys runs live either way.
 */

/** The payment providers that have a sandbox (the free claim needs none). */
export const PAYMENT_PARTS = ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe'] as const;
export const SANDBOX_PARTS = [...PAYMENT_PARTS, 'seats', 'bot-check', 'google-wallet', 'apple-wallet', 'facturapi'] as const;
export type SandboxPart = (typeof SANDBOX_PARTS)[number];
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

/** Which parts may run as a sandbox (when they have no keys). */
export type SandboxSwitches = Readonly<Record<SandboxPart, boolean>>;

/** How a part runs: against the real service (its keys are set), as the built-in sandbox, or not at all. */
export type PartMode = 'live' | 'sandbox' | 'off';

/** The mode of a part from whether its keys are set and whether its sandbox is switched on. */
export function partMode(hasKeys: boolean, sandboxOn: boolean): PartMode {
  return hasKeys ? 'live' : sandboxOn ? 'sandbox' : 'off';
}

/** The mode of a part from whether its keys are set and whether they are a stand-in's (`config.sandboxed`). */
export function configuredMode(hasKeys: boolean, sandboxed: boolean): PartMode {
  return hasKeys ? (sandboxed ? 'sandbox' : 'live') : 'off';
}

/** The part names as the banner and the sentences say them. */
export const PART_LABELS: Record<SandboxPart, string> = {
  mercadopago: 'MercadoPago',
  paypal: 'PayPal',
  fintoc: 'Fintoc',
  openpay: 'Openpay',
  stripe: 'Stripe',
  seats: 'seats (seats.io)',
  'bot-check': 'bot check (reCAPTCHA)',
  'google-wallet': 'Google Wallet save page',
  'apple-wallet': 'Apple Wallet pass signing',
  facturapi: 'invoicing (facturapi)',
};

const BOOLEAN_WORDS: Record<string, boolean> = { on: true, true: true, '1': true, off: false, false: false, '0': false };

/**
 * A boolean environment variable: `on/off/true/false/1/0` (any case), unset or empty → `fallback`;
 * anything else stops the start with a sentence naming the variable.
 */
export function booleanFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = (env[name] ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  const value = BOOLEAN_WORDS[text];
  if (value === undefined) throw new Error(`${name}=${env[name]} is not a yes/no value: use on, off, true, false, 1 or 0.`);
  return value;
}

/** NODE_ENV=production: every sandbox off unless named, demo events off, PUBLIC_URL required. */
export function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production';
}

/**
 * SANDBOX: `all`, `none`, or a comma-separated list of parts (`payments` names the five providers):
 * `SANDBOX=payments,seats,bot-check,google-wallet,apple-wallet`. Unset → all in development, none in
 * production. PAYMENT_SANDBOX=on/off then switches the five providers on or off (it may not
 * contradict a provider SANDBOX names).
 */
export function sandboxSwitches(env: NodeJS.ProcessEnv): SandboxSwitches {
  const listed = new Set<SandboxPart>();
  const text = (env.SANDBOX ?? '').trim();
  const names = text === '' ? [isProduction(env) ? 'none' : 'all'] : text.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  for (const name of names) {
    if (name === 'all') SANDBOX_PARTS.forEach((part) => listed.add(part));
    else if (name === 'payments') PAYMENT_PARTS.forEach((part) => listed.add(part));
    else if ((SANDBOX_PARTS as readonly string[]).includes(name)) listed.add(name as SandboxPart);
    else if (name !== 'none') {
      throw new Error(`SANDBOX names "${name}", which is no sandbox part: use all, none, payments or any of ${SANDBOX_PARTS.join(', ')}.`);
    }
  }
  const payments = (env.PAYMENT_SANDBOX ?? '').trim() === '' ? undefined : booleanFrom(env, 'PAYMENT_SANDBOX', true);
  if (payments === false && text !== '' && PAYMENT_PARTS.some((part) => listed.has(part))) {
    throw new Error('PAYMENT_SANDBOX=off contradicts SANDBOX, which names a payment provider: set one of the two.');
  }
  if (payments !== undefined) PAYMENT_PARTS.forEach((part) => (payments ? listed.add(part) : listed.delete(part)));
  return Object.fromEntries(SANDBOX_PARTS.map((part) => [part, listed.has(part)])) as Record<SandboxPart, boolean>;
}
