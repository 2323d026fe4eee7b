import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from '../../src/server/config';
import { loadDemoEventsIfEmpty } from '../../src/server/demo/load-demo-events';
import demoSeats from '../../src/server/demo/demo-seats.json';
import { startServerProcess } from '../support/server-process';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, skipDatabase } from '../support/test-database';
import fixture from './fixtures/pagos-api.event.json';
import { buyer, createPaymentsApp, eventWithDetails, passUrl, payWithFintoc, walletList, type PaymentsTestApp } from './wallet/helpers';

const PUBLIC_URL = 'https://boletos.example.mx';
/** The key production needs to seal the secrets kept in the database. */
const SECRETS_KEY = 'clave-de-pruebas-de-produccion-0123456789abcdef';
const ADMIN = 'token-de-prueba-admin';

/** The configuration `NODE_ENV=production` gives with `env` (the test app picks its own database). */
function production(env: NodeJS.ProcessEnv = {}): Partial<ServerConfig> {
  const { databaseUrl: _ignored, ...config } = readConfig({ NODE_ENV: 'production', PUBLIC_URL, SECRETS_KEY, LOG_LEVEL: 'silent', ...env });
  return { ...config, adminToken: ADMIN };
}

const withStripe = { ...fixture, url: 'con-stripe', event: { ...fixture.event, config: { ...fixture.event.config, metodo_pago_stripe_tarjeta: true } } };
const mercadoPagoOnly = { ...fixture, url: 'solo-mp', event: { ...fixture.event, config: { currency: 'MXN', metodo_pago_mercadopago_efectivo: true } } };
const MERCADOPAGO_KEYS = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-prod', MERCADOPAGO_WEBHOOK_SECRET: 'whsec-prod' };

/** One GET or POST of each sandbox part: all answer while the part runs as a sandbox. */
const SANDBOX_ROUTES: Record<string, InjectOptions> = {
  'bot-check': { method: 'GET', url: '/sandbox/recaptcha/api.js' },
  seats: { method: 'GET', url: '/sandbox/seatsio/chart.js' },
  'google-wallet': { method: 'GET', url: '/sandbox/google-wallet/save/not-a-jwt' },
  mercadopago: { method: 'GET', url: '/sandbox/mercadopago/js/v2' },
  paypal: { method: 'POST', url: '/sandbox/paypal/api/v1/oauth2/token' },
  fintoc: { method: 'POST', url: '/sandbox/fintoc/api/v1/checkout_sessions', payload: {} },
  openpay: { method: 'GET', url: '/sandbox/openpay/js/openpay.v1.min.js' },
  stripe: { method: 'GET', url: '/sandbox/stripe/v3' },
};

async function status(t: TestApp, part: string): Promise<number> {
  return (await t.app.inject(SANDBOX_ROUTES[part])).statusCode;
}

describe.skipIf(skipDatabase)('production mode: no keys and no SANDBOX', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(production(MERCADOPAGO_KEYS));
  });
  afterAll(() => t.close());

  it('mounts no sandbox route at all (404), and /api/config offers no provider that is off', async () => {
    for (const part of Object.keys(SANDBOX_ROUTES)) expect({ part, status: await status(t, part) }).toEqual({ part, status: 404 });
    const config = body(await t.app.inject('/api/config'));
    expect(config.stripe).toBeUndefined();
    expect(config.openpay).toBeUndefined();
    expect(config.seatsio).toBeUndefined();
  });

  it('refuses at import an event enabling a method whose provider has no keys, naming it and its keys (es and en)', async () => {
    const refused = await t.importEvent(withStripe).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, code: 'PROVIDERS_NOT_CONFIGURED' });
    const mensaje = (refused as Error).message;
    expect(mensaje).toContain('Stripe (metodo_pago_stripe_tarjeta; STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY)');
    expect(mensaje).toContain('PayPal (metodo_pago_paypal; PAYPAL_CLIENT_ID');
    expect(mensaje).toContain('Fintoc (metodo_pago_fintoc; FINTOC_SECRET_KEY');
    expect(mensaje).not.toContain('MercadoPago');
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/events/con-stripe', payload: withStripe, headers: { authorization: `Bearer ${ADMIN}`, 'accept-language': 'en' } });
    expect(put.statusCode).toBe(409);
    expect(body(put).mensaje).toMatch(/^The event uses providers this server has neither keys nor a sandbox for: .*Stripe \(metodo_pago_stripe_tarjeta; STRIPE_SECRET_KEY.*\. Set their keys, switch their sandbox on \(SANDBOX\)/);
    expect(body(await t.app.inject('/api/event/con-stripe')).code).toBe('EVENT_NOT_FOUND');
  });

  it('imports an event that uses only the provider whose keys are set', async () => {
    await expect(t.importEvent(mercadoPagoOnly)).resolves.toMatchObject({ url: 'solo-mp', created: true });
  });

  it('refuses a seated event without a seats.io key, and the demo events (every method on)', async () => {
    await expect(t.importEvent(demoSeats)).rejects.toThrow(/seats \(seats.io\) \(seats; SEATSIO_SECRET_KEY\)/);
    const empty = await createTestApp(production());
    try {
      await expect(loadDemoEventsIfEmpty(empty.ctx)).rejects.toMatchObject({ code: 'PROVIDERS_NOT_CONFIGURED' });
    } finally {
      await empty.close();
    }
  });
});

describe.skipIf(skipDatabase)('production mode: the sandboxes SANDBOX names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(production({ SANDBOX: 'stripe,bot-check' }));
  });
  afterAll(() => t.close());

  it('runs those and no other', async () => {
    expect(await status(t, 'bot-check')).toBe(200);
    expect(await status(t, 'stripe')).toBe(200);
    for (const part of ['seats', 'google-wallet', 'mercadopago', 'paypal', 'fintoc', 'openpay']) expect(await status(t, part)).toBe(404);
    const stripeOnly = { ...withStripe, event: { ...withStripe.event, config: { currency: 'MXN', metodo_pago_stripe_tarjeta: true } } };
    await expect(t.importEvent(stripeOnly)).resolves.toMatchObject({ created: true });
  });
});

describe.skipIf(skipDatabase)('links use configured origins only', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  beforeAll(async () => {
    // Development, no PUBLIC_URL: the links name this server's own origin, never the Host header.
    t = await createPaymentsApp();
    await t.importEvent(eventWithDetails);
    paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer());
  });
  afterAll(() => t.close());

  it('calendar.ics links the event through the listening origin, whatever Host the request names', async () => {
    const res = await t.app.inject({ url: `/api/event/${eventWithDetails.url}/calendar.ics`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`${t.baseUrl.replace('127.0.0.1', 'localhost')}/${eventWithDetails.url}`);
  });

  it('the pass page and its Google Wallet link ignore the Host header', async () => {
    const [ticket] = await walletList(t, paid);
    const res = await t.app.inject({ url: await passUrl(t, paid, ticket.id), headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('wallet-button google');
    expect(res.body).not.toContain('evil.example');
  });
});

describe.skipIf(skipDatabase)('wallets that are off', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    const sandbox = { mercadopago: true, paypal: true, fintoc: true, openpay: true, stripe: true, seats: true, 'bot-check': true, 'google-wallet': false, 'apple-wallet': false };
    t = await createPaymentsApp({ publicUrl: PUBLIC_URL, sandbox } as Partial<ServerConfig>);
  });
  afterAll(() => t.close());

  it('show no button on the pass page, and the Apple pass route does not exist', async () => {
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer());
    const [ticket] = await walletList(t, paid);
    const page = await passUrl(t, paid, ticket.id);
    const html = (await t.app.inject(page)).body;
    expect(html).toContain(ticket.serial);
    expect(html).not.toContain('class="wallet-button');
    expect(html).not.toContain('wallet-heading');
    expect((await t.app.inject(`${page}/apple.pkpass`)).statusCode).toBe(404);
  });
});

describe.skipIf(skipDatabase)('starting the server in production', () => {
  it('refuses to start without PUBLIC_URL', async () => {
    const database = await createTestDatabase();
    try {
      await expect(startServerProcess({ DATABASE_URL: database.url, NODE_ENV: 'production', SANDBOX: 'bot-check' })).rejects.toThrow(/needs PUBLIC_URL/);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('refuses to start while an imported event enables a method whose provider has neither keys nor a sandbox, naming both', async () => {
    const earlier = await createTestApp();
    // Imported under a development configuration, where Stripe's sandbox ran.
    await earlier.importEvent(withStripe);
    try {
      const start = startServerProcess({ DATABASE_URL: earlier.databaseUrl, NODE_ENV: 'production', PUBLIC_URL, SECRETS_KEY, SANDBOX: 'bot-check,paypal,fintoc,mercadopago' });
      await expect(start).rejects.toThrow(/\/con-stripe uses Stripe \(metodo_pago_stripe_tarjeta; STRIPE_SECRET_KEY/);
    } finally {
      await earlier.close();
    }
  }, 60_000);
});
