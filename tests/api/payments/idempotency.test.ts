import { tablesOf } from '../../../sandbox/store';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveSandboxObject, findSandboxObject } from '../../../sandbox/payments/objects.repository';
import { signMercadoPago } from '../../../src/shared/node/webhook-signatures';
import { body } from '../../support/test-app';
import { skipDatabase, testDialect } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

/**
 * Exactly once, under contention: 50 concurrent duplicate loader calls and webhook
 * deliveries for one approved payment emit one set of tickets and one e-mail.
 */
describe.skipIf(skipDatabase)(`idempotent confirmation on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  const post = async (path: string, payload: unknown, headers: Record<string, string> = {}, query = '') => {
    const res = await fetch(`${t.baseUrl}${path}${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof payload === 'string' ? payload : JSON.stringify(payload) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const sold = async (externalId: number) => (await t.rows('ticket_types', 'external_id', externalId))[0].sold as number;

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('MercadoPago: 25 loader calls + 25 webhook deliveries (replays and distinct events) → one emission, one e-mail', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 3 }]);
    await t.fillForm(id, ['Ana', 'Bea', 'Carla']);
    const { init_point } = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    const checkout = await t.app.inject(init_point);
    const voucherPath = (await t.app.inject({ method: 'POST', url: /action="([^"]+\/voucher)"/.exec(checkout.body)![1] })).headers.location as string;
    const paymentId = voucherPath.split('/').pop()!;
    const soldBefore = await sold(1);

    // The store takes the cash, but no notification has arrived yet: everything below races to confirm it.
    const payment = (await findSandboxObject<Record<string, unknown>>(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId))!;
    await moveSandboxObject(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId, ['pending'], { status: 'approved', data: { ...payment.data, status: 'approved', status_detail: 'accredited' } }, t.ctx.now().toISOString());

    const ts = String(Math.floor(t.ctx.now().getTime() / 1000));
    const delivery = (notificationId: number) => {
      const requestId = `req-${notificationId}`;
      return {
        body: JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id: paymentId }, date_created: new Date().toISOString(), id: notificationId, live_mode: false, type: 'payment', user_id: '1' }),
        headers: { 'x-signature': signMercadoPago(t.sandbox.mercadopago.webhookSecret, paymentId, requestId, ts), 'x-request-id': requestId },
      };
    };
    // Five distinct notifications, each delivered five times.
    const deliveries = Array.from({ length: 25 }, (_, i) => delivery(700 + (i % 5)));
    const calls = [
      ...Array.from({ length: 25 }, () => post('/api/payments/mercadopago/loader-process', { payment_id: paymentId }, t.keyed(id))),
      ...deliveries.map((d) => post('/api/webhooks/mercadopago', d.body, d.headers, `?data.id=${paymentId}&type=payment`)),
    ];
    const results = await Promise.all(calls);

    for (const result of results.slice(0, 25)) {
      expect(result.status).toBe(200);
      expect(result.body.status).toBe('approved');
      expect(result.body.reload.emission_id).toEqual(expect.any(String));
    }
    for (const result of results.slice(25)) expect(result.status).toBe(200);
    expect(results.slice(25).filter((r) => r.body.duplicate).length).toBeGreaterThanOrEqual(20);

    const emissions = await t.rows('emissions', 'purchase_id', id);
    expect(emissions).toHaveLength(1);
    expect(new Set(results.slice(0, 25).map((r) => r.body.reload.emission_id))).toEqual(new Set([emissions[0].id]));
    const tickets = await t.rows('tickets', 'purchase_id', id);
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets.map((x) => x.folio)).size).toBe(3);
    expect(await sold(1)).toBe(soldBefore + 3);
    expect(await t.rows('mail_outbox', 'purchase_id', id)).toEqual([expect.objectContaining({ kind: 'tickets', status: 'sent', attempts: 1 })]);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
    const inbox = (await t.rows('webhook_inbox', 'provider', 'mercadopago')).filter((r) => r.resource_id === paymentId);
    // Keyed by what MercadoPago signed (data.id, request id, ts): one row per distinct notification.
    expect(inbox.map((r) => /request-id:(req-\d+);/.exec(r.event_id)?.[1]).sort()).toEqual(expect.arrayContaining(['req-700', 'req-701', 'req-702', 'req-703', 'req-704']));
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'paid', stock_until: null, emission_id: emissions[0].id });
  }, 60_000);

  it('the database itself refuses a second emission of a purchase', async () => {
    const [paid] = (await t.ctx.db.kysely.selectFrom('emissions').selectAll().execute()) as Record<string, any>[];
    await expect(
      t.ctx.db.kysely.insertInto('emissions').values({ id: randomUUID(), purchase_id: paid.purchase_id, attempt_id: paid.attempt_id, created_at: new Date().toISOString() }).execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
  });

  it('PayPal: 50 concurrent loader calls on an approved order capture it once and emit once', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
    const stored = (await findSandboxObject<Record<string, unknown>>(tablesOf(t.sandboxStore), 'paypal', 'order', order.id))!;
    // Approved at PayPal; the buyer's browser and its retries all hit the loader at once.
    await moveSandboxObject(tablesOf(t.sandboxStore), 'paypal', 'order', order.id, ['CREATED'], { status: 'APPROVED', data: { ...stored.data, status: 'APPROVED', payer: { email_address: 'paypal.buyer@example.mx', name: { given_name: 'Pat', surname: 'Pay' } } } }, t.ctx.now().toISOString());
    const soldBefore = await sold(2);
    const results = await Promise.all(Array.from({ length: 50 }, () => post('/api/payments/paypal/loader-process', { token: order.id })));
    for (const result of results) expect(result.body.status).toBe('approved');
    const captured = (await findSandboxObject<{ purchase_units: { payments: { captures: unknown[] } }[] }>(tablesOf(t.sandboxStore), 'paypal', 'order', order.id))!;
    expect(captured.status).toBe('COMPLETED');
    expect(captured.data.purchase_units[0].payments.captures).toHaveLength(1);
    expect(await t.rows('emissions', 'purchase_id', id)).toHaveLength(1);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(await sold(2)).toBe(soldBefore + 2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  }, 60_000);
});
