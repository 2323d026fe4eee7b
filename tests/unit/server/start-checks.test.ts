import { describe, expect, it } from 'vitest';
import { withDemoSandbox } from '../../../src/server/cli/demo-sandbox';
import { readConfig } from '../../../src/server/config';
import { assertStartable, sandboxBanner } from '../../../src/server/start-checks';

/** The configuration a start checks: the environment's, composed with the demo sandbox as `npm start` does. */
const composed = async (env: NodeJS.ProcessEnv) => (await withDemoSandbox(readConfig(env))).config;
const startable = (config: Awaited<ReturnType<typeof composed>>) => () => assertStartable(config);

describe('start checks and banner', () => {
  it('refuses production without PUBLIC_URL or a SECRETS_KEY of 32 characters, and any mode without a bot check', async () => {
    const SECRETS_KEY = 'clave-de-pruebas-de-secretos-0123456789';
    expect(startable(await composed({ NODE_ENV: 'production', SECRETS_KEY, SANDBOX: 'bot-check' }))).toThrow(/NODE_ENV=production needs PUBLIC_URL/);
    expect(startable(await composed({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx', SECRETS_KEY }))).toThrow(/RECAPTCHA_SECRET .*SANDBOX=bot-check/);
    expect(startable(await composed({ SANDBOX: 'payments' }))).toThrow(/bot check/);
    expect(startable(await composed({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx', RECAPTCHA_SECRET: 's' }))).toThrow(/needs SECRETS_KEY/);
    expect(startable(await composed({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx', RECAPTCHA_SECRET: 's', SECRETS_KEY: 'corta' }))).toThrow(/needs SECRETS_KEY/);
    expect(startable(await composed({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx', RECAPTCHA_SECRET: 's', SECRETS_KEY }))).not.toThrow();
    expect(startable(await composed({}))).not.toThrow();
  });

  it('lists every part running as a sandbox, the five payment providers included', async () => {
    const banner = sandboxBanner(await composed({})).join('\n');
    expect(banner).toContain('payments: MercadoPago, PayPal, Fintoc, Openpay, Stripe');
    for (const part of ['seats (seats.io)', 'bot check (reCAPTCHA)', 'Google Wallet save page', 'Apple Wallet pass signing']) expect(banner).toContain(part);
    const production = sandboxBanner(await composed({ NODE_ENV: 'production', SANDBOX: 'stripe,bot-check', MERCADOPAGO_ACCESS_TOKEN: 'a', MERCADOPAGO_WEBHOOK_SECRET: 'b' })).join('\n');
    expect(production).toContain('payments: Stripe\n');
    expect(production).toContain('bot check (reCAPTCHA)');
    expect(production).not.toContain('MercadoPago');
    expect(sandboxBanner(await composed({ NODE_ENV: 'production', RECAPTCHA_SECRET: 's' }))).toEqual(['No sandboxes: every configured provider runs live.']);
  });
});
