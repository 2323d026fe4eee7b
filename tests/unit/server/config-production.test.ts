import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config';
import { providerModes } from '../../../src/server/payments/registry';

const PROVIDERS = ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe'] as const;
const modes = (env: NodeJS.ProcessEnv) => providerModes(readConfig(env));
const MERCADOPAGO_KEYS = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1', MERCADOPAGO_WEBHOOK_SECRET: 'whsec' };

describe('boolean environment variables', () => {
  it('reads on/off/true/false/1/0 alike (DEMO_EVENTS=false and PAYMENT_SANDBOX=0 switch off)', () => {
    for (const off of ['off', 'false', '0', 'OFF', 'False']) expect(readConfig({ DEMO_EVENTS: off }).loadDemoEvents).toBe(false);
    for (const on of ['on', 'true', '1']) expect(readConfig({ DEMO_EVENTS: on }).loadDemoEvents).toBe(true);
    for (const off of ['off', 'false', '0']) expect(Object.values(modes({ PAYMENT_SANDBOX: off }))).toEqual(PROVIDERS.map(() => 'off'));
  });

  it('stops the start on anything else, naming the variable', () => {
    expect(() => readConfig({ DEMO_EVENTS: 'yes' })).toThrow(/DEMO_EVENTS=yes .*on, off, true, false, 1 or 0/);
    expect(() => readConfig({ PAYMENT_SANDBOX: 'disabled' })).toThrow(/PAYMENT_SANDBOX=disabled/);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example.mx' };

  it('switches every sandbox and the demo events off unless named', () => {
    const config = readConfig(production);
    expect(config.loadDemoEvents).toBe(false);
    expect(Object.values(config.sandbox)).toEqual(Object.values(config.sandbox).map(() => false));
    expect(Object.values(providerModes(config))).toEqual(PROVIDERS.map(() => 'off'));
  });

  it('needs keys only for the providers it has: MercadoPago live, the rest off, no start refused for them', () => {
    expect(modes({ ...production, ...MERCADOPAGO_KEYS })).toEqual({ mercadopago: 'live', paypal: 'off', fintoc: 'off', openpay: 'off', stripe: 'off' });
    // Development with PAYMENT_SANDBOX=off used to refuse to start without all five providers' keys.
    expect(modes({ PAYMENT_SANDBOX: 'off', ...MERCADOPAGO_KEYS }).mercadopago).toBe('live');
  });

  it('runs the sandboxes named in SANDBOX or PAYMENT_SANDBOX=on, and nothing else', () => {
    expect(Object.values(modes({ ...production, PAYMENT_SANDBOX: 'on' }))).toEqual(PROVIDERS.map(() => 'sandbox'));
    const named = readConfig({ ...production, SANDBOX: 'stripe, seats,bot-check' });
    expect(Object.entries(named.sandbox).filter(([, on]) => on).map(([part]) => part)).toEqual(['stripe', 'seats', 'bot-check']);
    expect(readConfig({ ...production, SANDBOX: 'payments' }).sandbox).toMatchObject({ mercadopago: true, stripe: true, seats: false, 'google-wallet': false });
    expect(readConfig({ ...production, SANDBOX: 'all' }).sandbox['apple-wallet']).toBe(true);
    expect(readConfig({ ...production, DEMO_EVENTS: 'on' }).loadDemoEvents).toBe(true);
  });

  it('refuses an unknown SANDBOX part and a PAYMENT_SANDBOX=off that contradicts SANDBOX', () => {
    expect(() => readConfig({ ...production, SANDBOX: 'payments,wallets' })).toThrow(/SANDBOX names "wallets"/);
    expect(() => readConfig({ ...production, SANDBOX: 'stripe', PAYMENT_SANDBOX: 'off' })).toThrow(/PAYMENT_SANDBOX=off contradicts SANDBOX/);
  });
});

describe('development (no NODE_ENV=production)', () => {
  it('keeps every sandbox and the demo events on, as `npm start` with no keys always did', () => {
    const config = readConfig({});
    expect(config.loadDemoEvents).toBe(true);
    expect(Object.values(config.sandbox)).toEqual(Object.values(config.sandbox).map(() => true));
    expect(Object.values(providerModes(config))).toEqual(PROVIDERS.map(() => 'sandbox'));
  });
});
