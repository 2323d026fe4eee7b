import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { createMailer } from '../../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../../src/server/payments/pending-work';
import { buildPaymentProviders } from '../../../src/server/payments/registry';
import type { PaymentsRuntime } from '../../../src/server/payments/runtime';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { body } from '../../support/test-app';
import { skipDatabase, testDialect } from '../../support/test-database';
import { buyer, createPaymentsApp, SECRET, type PaymentsTestApp } from './helpers';

const URL_SLUG = 'pagos-caida';
const DEVICE = 'd3v1c3s3ss10n0000000000000000001';

/**
 * The provider's side of a crash: a server process whose provider calls go through this proxy to
 * the test app's sandbox. When the call `crashOn` names has been answered by the provider, the
 * process is killed with SIGKILL before the answer reaches it: the payment exists at the provider,
 * the process never committed what it learnt. The sandbox's webhooks come here too and find no
 * one (503): they were meant for the process that died, so only the pending-work loop is left.
 */
function crashProxy() {
  let target = '';
  let armed: { crashOn: (method: string, path: string) => boolean; crash: () => Promise<void> } | null = null;
  const read = (req: IncomingMessage) => new Promise<Buffer>((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(Buffer.concat(chunks)));
  });
  const server: Server = createServer(async (req, res) => {
    const payload = await read(req);
    if (req.url!.startsWith('/api/webhooks/')) return void res.writeHead(503).end();
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
    const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: payload.length ? new Uint8Array(payload) : undefined });
    const text = await answer.text();
    const trigger = armed;
    if (trigger?.crashOn(req.method!, req.url!) && answer.ok) {
      armed = null;
      await trigger.crash();
      return void res.destroy();
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
  });
  return {
    listen: () => new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    to: (url: string) => void (target = url),
    arm: (crashOn: (method: string, path: string) => boolean, crash: () => Promise<void>) => void (armed = { crashOn, crash }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.skipIf(skipDatabase)(`a payment approved while its process dies is settled by the loop on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  const proxy = crashProxy();
  let proxyUrl = '';
  const servers: ServerProcess[] = [];
  /** How far a case moved the test app's clock (the server processes keep the real one): put back after it. */
  let ahead = 0;
  /** A fresh replica's view: its own adapters (the sandbox reached directly) and mailer over the same database. */
  const replica = (): PaymentsRuntime => ({
    ctx: t.ctx, providers: buildPaymentProviders(t.ctx.config, () => t.baseUrl), log: t.app.log, selfUrl: () => t.baseUrl, sendMail: createMailer(t.ctx.config),
  });

  /** Starts a server process, runs `call` against it and kills it with SIGKILL once the provider answered `crashOn`. */
  const crashDuring = async (crashOn: (method: string, path: string) => boolean, call: (base: string) => Promise<Response>) => {
    const server = await startServerProcess({
      DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, INTERNAL_URL: proxyUrl, MAIL_OUTBOX_DIR: t.outbox, RETRY_INTERVAL_SECONDS: '0',
      RATE_LIMIT_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000',
    });
    servers.push(server);
    proxy.arm(crashOn, async () => {
      server.signal('SIGKILL');
      await server.exited;
    });
    await expect(call(server.baseUrl)).rejects.toThrow();
    // Killed by the signal (no exit code): nothing after the provider's answer ran.
    expect(await server.exited).toBeNull();
  };
  const post = (url: string, purchaseId: string, payload: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...t.keyed(purchaseId) }, body: JSON.stringify(payload) });
  const heldPurchase = async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }], { url: URL_SLUG });
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    return id;
  };
  /** Left by the crash: the attempt still `created`, no tickets. Then one loop run before the short age, two replicas' runs after it. */
  const expectSettledOnceByTheLoop = async (id: string) => {
    const [left] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(left.status).toBe('created');
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(0);

    await retryPendingWork(replica());
    expect((await t.rows('payment_attempts', 'id', left.id))[0].status).toBe('created');

    t.advance(3 * 60_000);
    ahead += 3 * 60_000;
    await Promise.all([retryPendingWork(replica()), retryPendingWork(replica())]);
    await retryPendingWork(replica());
    const [settled] = await t.rows('payment_attempts', 'id', left.id);
    expect(settled).toMatchObject({ status: 'approved', refund_status: null, in_flight: 0, reconcile_at: null });
    expect(settled.provider_payment_id).toBeTruthy();
    expect((await t.rows('purchases', 'id', id))[0].status).toBe('paid');
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  };

  beforeAll(async () => {
    proxyUrl = await proxy.listen();
    t = await createPaymentsApp({ internalUrl: proxyUrl });
    proxy.to(t.baseUrl);
    const config = { ...fixture.event.config, metodo_pago_mercadopago_tarjetas: true, metodo_pago_open_pay: true, metodo_pago_stripe_tarjeta: true };
    await t.importEvent({ ...fixture, url: URL_SLUG, event: { ...fixture.event, config } });
  }, 120_000);
  afterEach(() => {
    t.advance(-ahead);
    ahead = 0;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t.close();
    await proxy.close();
  });

  it('MercadoPago card: approved at the provider, the process killed before it heard → the loop finds it by external_reference, tickets once', async () => {
    const id = await heldPurchase();
    const token = body(await t.app.inject({
      method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${t.sandbox.mercadopago.publicKey}`,
      payload: { card_number: '5474925432670366', security_code: '123', expiration_month: 11, expiration_year: 2030, cardholder: { name: 'APRO' } },
    })).id as string;
    await crashDuring(
      (method, path) => method === 'POST' && path === '/sandbox/mercadopago/api/v1/payments',
      (base) => post(`${base}/api/payments/mercadopago/process-payment`, id, { purchase_id: id, token, installments: 1, paymentMethodId: 'master', issuer: '158', email: 'ana@example.mx', buyer_info: buyer() }),
    );
    await expectSettledOnceByTheLoop(id);
  }, 120_000);

  it('Openpay card: charged, the process killed before it heard → the loop finds the charge by order_id, tickets once', async () => {
    const id = await heldPurchase();
    const op = t.sandbox.openpay;
    const token = body(await t.app.inject({
      method: 'POST', url: `/sandbox/openpay/api/v1/${op.merchantId}/tokens`, headers: { authorization: `Basic ${Buffer.from(`${op.publicKey}:`).toString('base64')}` },
      payload: { card_number: '4111111111111111', holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2: '123' },
    })).id as string;
    await crashDuring(
      (method, path) => method === 'POST' && path === `/sandbox/openpay/api/v1/${op.merchantId}/charges`,
      (base) => post(`${base}/api/payments/open-pay/process-payment`, id, { purchase_id: id, token, device_session_id: DEVICE, buyer_info: { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' } }),
    );
    await expectSettledOnceByTheLoop(id);
  }, 120_000);

  it('Stripe: the intent paid in the browser, the loader\'s process killed after reading it → the loop re-reads the intent, tickets once', async () => {
    const id = await heldPurchase();
    const clientSecret = body(await t.app.inject({ method: 'POST', url: '/api/payments/stripe/create-order', headers: t.keyed(id), payload: { purchase_id: id } })).clientSecret as string;
    const intentId = clientSecret.split('_secret_')[0];
    const stripeJs = (path: string, fields: Record<string, string>) => t.app.inject({
      method: 'POST', url: `/sandbox/stripe/api/v1${path}`, payload: new URLSearchParams(fields).toString(),
      headers: { authorization: `Bearer ${t.sandbox.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const method = body(await stripeJs('/payment_methods', {
      type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123',
      'billing_details[name]': 'Ana López', 'billing_details[email]': 'ana@example.mx',
    })).id as string;
    const confirmed = await stripeJs(`/payment_intents/${intentId}/confirm`, { payment_method: method, client_secret: clientSecret, return_url: `${t.baseUrl}/${URL_SLUG}/stripe/loader` });
    expect(body(confirmed).status).toBe('succeeded');
    await crashDuring(
      (httpMethod, path) => httpMethod === 'GET' && path.startsWith(`/sandbox/stripe/api/v1/payment_intents/${intentId}`),
      (base) => post(`${base}/api/payments/stripe/loader-process`, id, { payment_intent: intentId, url: URL_SLUG }),
    );
    await expectSettledOnceByTheLoop(id);
  }, 120_000);
});
