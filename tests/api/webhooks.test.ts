import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from '../../src/server/config';
import { deliverDueWebhooks } from '../../src/server/webhooks/deliver';
import { seal, webhookSecretPlace } from '../../src/server/secrets-at-rest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { ADMIN, admin, pairDevice, paidWithPayPal, sendScans, URL_SLUG } from './checkin-helpers';
import { importWith, inDays } from './order-changes-helpers';
import { createPaymentsApp, type PaymentsTestApp } from './payments/helpers';

/** A message a receiver got, with what `standardwebhooks` made of its signature. */
interface Received { path: string; headers: IncomingHttpHeaders; body: string; payload: { type: string; timestamp: string; data: Record<string, any> } }

/**
 * A real HTTP receiver on a loopback port: every message's signature is verified with the reference library
 * (`Webhook.verify`, with the secret of the endpoint its path names); `script` gives the status codes a path answers
 * next (200 once it runs out).
 */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const script = new Map<string, number[]>();
  const received: Received[] = [];
  /** Paths of messages whose signature did not verify (answered 401). */
  const rejected: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      let payload: Received['payload'];
      try {
        payload = new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(raw, req.headers as Record<string, string>) as Received['payload'];
      } catch {
        rejected.push(path);
        res.writeHead(401).end();
        return;
      }
      received.push({ path, headers: req.headers, body: raw, payload });
      const status = script.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no, gracias');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, secrets, script, received, rejected, of: (path: string) => received.filter((m) => m.path === path), close: () => new Promise((r) => server.close(r)) };
}

const ALL_TYPES = ['order.paid', 'order.cancelled', 'order.refunded', 'ticket.transferred', 'ticket.checked_in'];

describe.skipIf(skipDatabase)('outbound webhooks', () => {
  let t: PaymentsTestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let nonce = 0;
  const nextNonce = () => `webhook-scan-${(nonce += 1)}`;
  beforeAll(async () => {
    receiver = await startReceiver();
    // The delivery loop is off: each test runs it (deliverDueWebhooks) when it means to.
    t = await createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, webhookIntervalSeconds: 0 });
    await importWith(t, { transfers: { allowed: true, until: inDays(30), max_per_ticket: 2 } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  // Every message any test's receiver got verified with its endpoint's secret.
  afterEach(() => expect(receiver.rejected).toEqual([]));

  /** Creates an endpoint listening at `path` of the receiver; its secret is kept for the receiver's checks. */
  async function endpointAt(path: string, extra: { event_url?: string | null; event_types?: string[] } = {}) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: admin, payload: { event_url: URL_SLUG, url: `${receiver.base}${path}`, description: path, event_types: ALL_TYPES, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    receiver.secrets.set(path, body(res).secret);
    return body(res).endpoint as Record<string, any>;
  }
  const deliver = () => deliverDueWebhooks(t.ctx);
  const log = async (endpointId: string, query = '') => body(await t.app.inject({ url: `/api/admin/webhooks/endpoints/${endpointId}/deliveries${query}`, headers: admin }));

  it('order.paid: delivered once, signed, even when the payment is confirmed twice; the buyer named only here', async () => {
    await endpointAt('/paid');
    const paid = await paidWithPayPal(t);
    // The loader asked again confirms the same payment a second time.
    const order = (await t.rows('payment_attempts', 'purchase_id', paid.id))[0];
    await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.provider_reference }, headers: t.keyed(paid.id) });
    await deliver();
    await deliver();
    const messages = receiver.of('/paid').filter((m) => m.payload.type === 'order.paid' && m.payload.data.purchase_id === paid.id);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message.headers['webhook-id']).toMatch(/^msg_/);
    expect(message.payload.data).toMatchObject({
      event_url: URL_SLUG, status: 'paid', buyer: { email: 'ana@example.mx' },
      amounts: { total: expect.any(Number) }, tickets: paid.tickets.map((ticket) => ({ id: ticket.id, folio: Number(ticket.folio), ticket_type: expect.any(String) })),
    });
    expect(Number.isNaN(Date.parse(message.payload.timestamp))).toBe(false);
  });

  it('order.cancelled and order.refunded when the organiser calls a paid order off with its refund; no buyer data in them', async () => {
    await endpointAt('/cancel', { event_types: ['order.cancelled', 'order.refunded'] });
    const paid = await paidWithPayPal(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${paid.id}/cancel`, headers: admin, payload: { refund: true, reason: 'Evento reprogramado' } });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const types = receiver.of('/cancel').filter((m) => m.payload.data.purchase_id === paid.id).map((m) => m.payload.type);
    expect(types.sort()).toEqual(['order.cancelled', 'order.refunded']);
    for (const m of receiver.of('/cancel')) expect(m.payload.data.buyer).toBeUndefined();
    expect(receiver.of('/cancel').find((m) => m.payload.type === 'order.cancelled')!.payload.data).toMatchObject({ status: 'cancelled', reason: 'organiser', tickets: [] });
  });

  it('ticket.transferred, and ticket.checked_in once for a ticket admitted (not again when scanned again)', async () => {
    await endpointAt('/tickets', { event_types: ['ticket.transferred', 'ticket.checked_in'] });
    const paid = await paidWithPayPal(t);
    const [given, kept] = paid.tickets;
    const moved = await t.app.inject({
      method: 'POST', url: `/api/orders/${paid.id}/tickets/${given.id}/transfer`, headers: t.keyed(paid.id),
      payload: { name: 'María Ruiz', email: 'maria@example.mx', answers: { nombre: 'María Ruiz', correo: 'maria@example.mx' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const door = (await pairDevice(t, 'all', 'Puerta webhooks')).token;
    const verdicts = await sendScans(t, door, [{ code: kept.qr_secret }, { code: kept.qr_secret }], nextNonce);
    expect(verdicts.map((v) => v.verdict)).toEqual(['ok', 'already_used']);
    await deliver();
    const mine = receiver.of('/tickets').filter((m) => m.payload.data.purchase_id === paid.id);
    expect(mine.map((m) => m.payload.type).sort()).toEqual(['ticket.checked_in', 'ticket.transferred']);
    expect(mine.find((m) => m.payload.type === 'ticket.transferred')!.payload.data).toMatchObject({
      event_url: URL_SLUG, ticket: { id: body(moved).ticket_id, folio: body(moved).folio }, previous_ticket: { id: given.id, folio: Number(given.folio) },
    });
    expect(JSON.stringify(mine)).not.toContain('María');
    expect(mine.find((m) => m.payload.type === 'ticket.checked_in')!.payload.data).toMatchObject({ ticket: { id: kept.id }, list: 'all', checked_in_at: expect.any(String) });
  });

  it('a receiver answering 500 twice then 200: three attempts on the schedule (5 s, 5 min), then it stops; the log shows them', async () => {
    const endpoint = await endpointAt('/flaky', { event_url: null, event_types: ['order.paid'] });
    receiver.script.set('/flaky', [500, 500]);
    await paidWithPayPal(t);
    await deliver();
    expect(receiver.of('/flaky')).toHaveLength(1);
    await deliver(); // not due yet
    expect(receiver.of('/flaky')).toHaveLength(1);
    t.advance(5_000);
    await deliver();
    expect(receiver.of('/flaky')).toHaveLength(2);
    t.advance(4 * 60_000);
    await deliver(); // the next is 5 min after the second
    expect(receiver.of('/flaky')).toHaveLength(2);
    t.advance(60_000);
    await deliver();
    t.advance(86_400_000);
    await deliver();
    expect(receiver.of('/flaky')).toHaveLength(3);
    expect(new Set(receiver.of('/flaky').map((m) => m.headers['webhook-id'])).size).toBe(1);
    const [delivery] = (await log(endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ type: 'order.paid', status: 'delivered', attempts: 3, next_attempt_at: null });
    expect(delivery.attempt_log.map((a: Record<string, unknown>) => [a.number, a.status_code, a.manual])).toEqual([[1, 500, false], [2, 500, false], [3, 200, false]]);
    expect(delivery.attempt_log[0]).toMatchObject({ error: 'answered 500', response_body: 'no, gracias', duration_ms: expect.any(Number) });
  });

  it('the delivery log pages newest first; resend makes a new attempt now with the same webhook-id; a test message', async () => {
    const endpoint = await endpointAt('/log', { event_types: ['order.paid'] });
    await paidWithPayPal(t);
    await paidWithPayPal(t);
    await deliver();
    const first = await log(endpoint.id, '?limit=1');
    expect(first.deliveries).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await log(endpoint.id, `?limit=1&cursor=${first.next_cursor}`);
    expect(second.deliveries).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(first.deliveries[0].created_at >= second.deliveries[0].created_at).toBe(true);
    expect(first.deliveries[0].id).not.toBe(second.deliveries[0].id);

    const target = second.deliveries[0];
    const before = receiver.of('/log').length;
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/deliveries/${target.id}/resend`, headers: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(body(resent).delivery).toMatchObject({ id: target.id, status: 'delivered', attempts: 2 });
    expect(body(resent).delivery.attempt_log.at(-1)).toMatchObject({ number: 2, manual: true, status_code: 200 });
    expect(receiver.of('/log')).toHaveLength(before + 1);
    expect(receiver.of('/log').at(-1)!.headers['webhook-id']).toBe(target.message_id);

    const test = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/test`, headers: admin });
    expect(test.statusCode, test.body).toBe(200);
    expect(body(test).delivery).toMatchObject({ type: 'webhook.test', status: 'delivered', payload: { type: 'webhook.test', data: { endpoint_id: endpoint.id } } });
    expect(receiver.of('/log').at(-1)!.payload.type).toBe('webhook.test');

    const missing = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/deliveries/nope/resend`, headers: admin });
    expect(body(missing)).toMatchObject({ code: 'WEBHOOK_DELIVERY_NOT_FOUND' });
  });

  it('endpoints: list without secrets, change, rotate the secret (the next message signed with the new one), delete; bounds', async () => {
    const endpoint = await endpointAt('/manage', { event_types: ['order.paid'] });
    const listed = body(await t.app.inject({ url: '/api/admin/webhooks/endpoints', headers: admin })).endpoints as Record<string, unknown>[];
    expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({ event_url: URL_SLUG, enabled: true, event_types: ['order.paid'] });
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/admin/webhooks/endpoints/${endpoint.id}`, headers: admin, payload: { enabled: false, description: 'apagado' } });
    expect(body(changed).endpoint).toMatchObject({ enabled: false, disabled_reason: 'operator', description: 'apagado' });
    const rotated = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/rotate-secret`, headers: admin });
    expect(body(rotated).secret).not.toBe(receiver.secrets.get('/manage'));
    receiver.secrets.set('/manage', body(rotated).secret);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/test`, headers: admin })).json().delivery.status).toBe('delivered');
    const tooLong = await t.app.inject({ method: 'PATCH', url: `/api/admin/webhooks/endpoints/${endpoint.id}`, headers: admin, payload: { description: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
    const badType = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: admin, payload: { event_url: null, url: `${receiver.base}/x`, event_types: ['order.lost'] } });
    expect(badType.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/endpoints/${endpoint.id}`, headers: admin })).statusCode).toBe(204);
    expect(body(await t.app.inject({ url: `/api/admin/webhooks/endpoints/${endpoint.id}/deliveries`, headers: admin }))).toMatchObject({ code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
  });

  it('an endpoint failing for 5 days is disabled (failing); its pending deliveries wait; enabling it again clears the streak', async () => {
    const endpoint = await endpointAt('/down', { event_types: ['order.paid'] });
    receiver.script.set('/down', Array.from({ length: 20 }, () => 503));
    const test = () => t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/test`, headers: admin });
    expect(body(await test()).delivery).toMatchObject({ status: 'pending', attempts: 1 });
    const view = async () => (body(await t.app.inject({ url: '/api/admin/webhooks/endpoints', headers: admin })).endpoints as Record<string, any>[]).find((e) => e.id === endpoint.id)!;
    expect(await view()).toMatchObject({ enabled: true, failing_since: expect.any(String) });
    t.advance(4 * 86_400_000);
    await test();
    expect(await view()).toMatchObject({ enabled: true });
    t.advance(86_400_000);
    await test();
    expect(await view()).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const sent = receiver.of('/down').length;
    t.advance(86_400_000);
    await deliver();
    expect(receiver.of('/down')).toHaveLength(sent);
    receiver.script.set('/down', []);
    const enabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/webhooks/endpoints/${endpoint.id}`, headers: admin, payload: { enabled: true } });
    expect(body(enabled).endpoint).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await deliver();
    expect(receiver.of('/down').length).toBeGreaterThan(sent);
  });

  it('every route: 401 without the token or with another', async () => {
    const routes = [
      { method: 'GET', url: '/api/admin/webhooks/endpoints' },
      { method: 'POST', url: '/api/admin/webhooks/endpoints', payload: { event_url: null, url: `${receiver.base}/x`, event_types: ['order.paid'] } },
      { method: 'PATCH', url: '/api/admin/webhooks/endpoints/x', payload: { enabled: false } },
      { method: 'DELETE', url: '/api/admin/webhooks/endpoints/x' },
      { method: 'POST', url: '/api/admin/webhooks/endpoints/x/rotate-secret' },
      { method: 'GET', url: '/api/admin/webhooks/endpoints/x/deliveries' },
      { method: 'POST', url: '/api/admin/webhooks/endpoints/x/deliveries/y/resend' },
      { method: 'POST', url: '/api/admin/webhooks/endpoints/x/test' },
    ] as const;
    for (const route of routes) {
      for (const headers of [{}, { authorization: 'Bearer otro-token' }]) {
        const res = await t.app.inject({ ...route, headers });
        expect({ route: route.url, method: route.method, status: res.statusCode, code: body(res).code }).toEqual({ route: route.url, method: route.method, status: 401, code: 'UNAUTHORIZED' });
      }
    }
  });
});

/** The configuration `NODE_ENV=production` gives (the test app picks its own database). */
function production(): Partial<ServerConfig> {
  const { databaseUrl: _ignored, ...config } = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://boletos.example', SECRETS_KEY: 'clave-de-pruebas-de-produccion-0123456789abcdef', LOG_LEVEL: 'silent' });
  return { ...config, adminToken: ADMIN, webhookIntervalSeconds: 0 };
}

describe.skipIf(skipDatabase)('outbound webhooks in production: no internal addresses (SSRF)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(production());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses at creation http, loopback, private, link-local and metadata addresses, and names that resolve to them', async () => {
    for (const url of ['http://example.com/hook', 'https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://192.168.0.10/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://[fd00::1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://localhost/hook', 'https://user:pw@example.com/hook']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: admin, payload: { event_url: null, url, event_types: ['order.paid'] } });
      expect({ url, status: res.statusCode, code: body(res).code }).toEqual({ url, status: 400, code: 'WEBHOOK_URL_REFUSED' });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: { ...admin, 'accept-language': 'en' }, payload: { event_url: null, url: 'https://169.254.169.254/', event_types: ['order.paid'] } });
    expect(body(res).mensaje).toBe('This webhook address cannot be used: it points at an internal address (loopback, private, link-local or metadata).');
  });

  it('checks again at delivery: an endpoint whose address is internal by then gets no request, the attempt says why', async () => {
    // As if its name had resolved outside the network when it was created.
    const now = t.ctx.now().toISOString();
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    receiver.secrets.set('/internal', secret);
    await t.ctx.db.kysely.insertInto('webhook_endpoints').values({
      id: 'ep-internal', event_id: null, url: `${receiver.base}/internal`, description: '', event_types_json: '["order.paid"]', enabled: 1,
      disabled_reason: null, secret: seal(t.ctx.config, webhookSecretPlace('ep-internal'), secret), failing_since: null, created_at: now, updated_at: now,
    }).execute();
    await t.ctx.db.kysely.insertInto('webhook_deliveries').values({
      id: 'dl-internal', endpoint_id: 'ep-internal', message_id: 'msg_internal', type: 'webhook.test', payload: '{"type":"webhook.test","timestamp":"2026-01-01T00:00:00Z","data":{}}',
      status: 'pending', attempts: 0, next_attempt_at: now, claimed_at: null, delivered_at: null, created_at: now,
    }).execute();
    await deliverDueWebhooks(t.ctx);
    expect(receiver.received).toHaveLength(0);
    const [delivery] = body(await t.app.inject({ url: '/api/admin/webhooks/endpoints/ep-internal/deliveries', headers: admin })).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, attempt_log: [{ status_code: null, error: expect.stringContaining('WEBHOOK_URL_REFUSED') }] });
  });
});
