import { tablesOf } from '../../../sandbox/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMercadoPago } from '../../../src/shared/node/webhook-signatures';
import { findSandboxObject, moveSandboxObject } from '../../../sandbox/payments/objects.repository';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { skipDatabase, testDialect } from '../../support/test-database';
import { buyer, createPaymentsApp, SECRET, type PaymentsTestApp } from './helpers';

/**
 * Exactly once across processes: two API servers sharing one database (as behind a load
 * balancer) both receive loader calls and webhook deliveries for the same approved payment.
 * Only the database can make that one emission and one e-mail.
 */
describe.skipIf(skipDatabase)(`one emission across two server processes on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  let servers: ServerProcess[] = [];
  const post = async (base: string, path: string, payload: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload, redirect: 'manual' });
    return { status: res.status, body: (await res.text()) };
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    const env = { DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000', HOLD_MAX_UNITS_PER_CLIENT: '100000', VOUCHER_MAX_PER_BUYER: '100000', VOUCHER_MAX_SHARE: '1', MAIL_OUTBOX_DIR: t.outbox, RETRY_INTERVAL_SECONDS: '0' };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t.close();
  });

  it('40 loader calls and 20 webhook deliveries split over both processes → one emission, one e-mail, sold +2', async () => {
    const [a, b] = servers.map((s) => s.baseUrl);
    const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    const preference = JSON.parse((await post(a, '/api/payments/mercadopago/create-preference', JSON.stringify({ purchase_id: id, buyer_info: buyer() }), t.keyed(id))).body);
    const checkout = await (await fetch(`${b}${preference.init_point}`)).text();
    const issued = await fetch(`${b}${/action="([^"]+\/voucher)"/.exec(checkout)![1]}`, { method: 'POST', redirect: 'manual' });
    const paymentId = issued.headers.get('location')!.split('/').pop()!;
    const payment = (await findSandboxObject<Record<string, unknown>>(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId))!;
    expect(payment.status).toBe('pending');
    const sold = async () => Number((await t.rows('ticket_types', 'external_id', 2))[0].sold);
    const before = await sold();
    await moveSandboxObject(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId, ['pending'], { status: 'approved', data: { ...payment.data, status: 'approved' } }, new Date().toISOString());

    const ts = String(Math.floor(Date.now() / 1000));
    const calls = [
      ...Array.from({ length: 40 }, (_, i) => post(i % 2 ? a : b, '/api/payments/mercadopago/loader-process', JSON.stringify({ payment_id: paymentId }))),
      ...Array.from({ length: 20 }, (_, i) => {
        const requestId = `multi-${i % 4}`;
        const raw = JSON.stringify({ action: 'payment.updated', data: { id: paymentId }, id: 880 + (i % 4), type: 'payment' });
        return post(i % 2 ? b : a, `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`, raw, {
          'x-signature': signMercadoPago(t.sandbox.mercadopago.webhookSecret, paymentId, requestId, ts),
          'x-request-id': requestId,
        });
      }),
    ];
    const results = await Promise.all(calls);
    for (const result of results) expect(result.status).toBe(200);
    for (const result of results.slice(0, 40)) expect(JSON.parse(result.body).status).toBe('approved');

    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(await sold()).toBe(before + 2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  }, 120_000);
});
