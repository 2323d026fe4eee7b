import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config';
import { assertStartable, sandboxBanner } from '../../../src/server/start-checks';

describe('start checks and banner', () => {
  it('refuses production without PUBLIC_URL, and any mode without a bot check', () => {
    expect(() => assertStartable(readConfig({ NODE_ENV: 'production', SANDBOX: 'bot-check' }))).toThrow(/NODE_ENV=production needs PUBLIC_URL/);
    expect(() => assertStartable(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx' }))).toThrow(/RECAPTCHA_SECRET .*SANDBOX=bot-check/);
    expect(() => assertStartable(readConfig({ SANDBOX: 'payments' }))).toThrow(/bot check/);
    expect(() => assertStartable(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx', RECAPTCHA_SECRET: 's' }))).not.toThrow();
    expect(() => assertStartable(readConfig({}))).not.toThrow();
  });

  it('lists every part running as a sandbox, the five payment providers included', () => {
    const banner = sandboxBanner(readConfig({})).join('\n');
    expect(banner).toContain('payments: MercadoPago, PayPal, Fintoc, Openpay, Stripe');
    for (const part of ['seats (seats.io)', 'bot check (reCAPTCHA)', 'Google Wallet save page', 'Apple Wallet pass signing']) expect(banner).toContain(part);
    const production = sandboxBanner(readConfig({ NODE_ENV: 'production', SANDBOX: 'stripe,bot-check', MERCADOPAGO_ACCESS_TOKEN: 'a', MERCADOPAGO_WEBHOOK_SECRET: 'b' })).join('\n');
    expect(production).toContain('payments: Stripe\n');
    expect(production).toContain('bot check (reCAPTCHA)');
    expect(production).not.toContain('MercadoPago');
    expect(sandboxBanner(readConfig({ NODE_ENV: 'production', RECAPTCHA_SECRET: 's' }))).toEqual(['No sandboxes: every configured provider runs live.']);
  });
});
