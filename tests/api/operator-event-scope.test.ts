import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { admin, pairDevice, paidWithPayPal } from './checkin-helpers';
import { adminRoutesOf, operatorWithPassword, signInWithTotp, type Signed } from './operator-helpers';
import { createOrderChangesApp, inDays } from './order-changes-helpers';
import { URL_SLUG, type PaymentsTestApp } from './payments/helpers';

/** Admin routes about no stored event or order: operator accounts, the preview of a posted file, a preview's module. */
const NOT_ABOUT_AN_EVENT = ['PATCH /api/admin/operators/:id', 'GET /api/admin/preview/modules/:id.js'];

/**
 * An operator limited to some events reaches nothing of the others: every admin route that takes an event or an
 * order (in its path or its body) answers 403 ADMIN_FORBIDDEN for one of another event, and lists leave it out.
 */
describe.skipIf(skipDatabase)('an operator limited to some events', () => {
  let t: PaymentsTestApp;
  let limited: Signed;
  let routes: { method: string; route: string; url: string; payload?: object }[];
  let paid: Awaited<ReturnType<typeof paidWithPayPal>>;
  let deadMailId: string;
  beforeAll(async () => {
    t = await createOrderChangesApp({ refund_policy: { until: inDays(30), fee_percent: 10 } });
    await operatorWithPassword(t, 'acotada@example.mx', 'manager', ['otro-evento', 'asignado-antes']);
    limited = await signInWithTotp(t, 'acotada@example.mx');
    const db = t.ctx.db.kysely;

    // Something of each kind in the event the operator is not allowed: a paid order, a payout queued for it, a door
    // device, a webhook endpoint, a dead-lettered e-mail.
    paid = await paidWithPayPal(t);
    const cancellationId = randomUUID();
    const payoutId = randomUUID();
    const now = new Date().toISOString();
    await db.insertInto('buyer_cancellations').values({
      id: cancellationId, purchase_id: paid.id, attempt_id: paid.attempt.id, ticket_ids_json: JSON.stringify([paid.tickets[0].id]),
      paid_cents: 10_000, fee_cents: 1_000, refund_cents: 9_000, method: 'payout', refund_status: null, refund_reference: null, created_at: now, updated_at: now,
    }).execute();
    await db.insertInto('payouts').values({
      id: payoutId, purchase_id: paid.id, cancellation_id: cancellationId, amount_cents: 9_000, clabe: '002115000012345675', bank_name: 'Banco Nacional de México',
      status: 'queued', created_at: now, confirmed_by: null, confirmed_at: null,
    }).execute();
    const device = await pairDevice(t, 'all', 'Puerta');
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: admin, payload: { event_url: URL_SLUG, url: 'http://localhost:9/hook', event_types: ['order.paid'] } });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = body(created).endpoint.id as string;
    const [mail] = await t.rows('mail_outbox', 'purchase_id', paid.id);
    deadMailId = mail.id as string;
    await db.updateTable('mail_outbox').set({ status: 'dead' }).where('id', '=', deadMailId).execute();

    const event = `/api/admin/events/${URL_SLUG}`;
    const order = `/api/admin/orders/${paid.id}`;
    const hook = `/api/admin/webhooks/endpoints/${endpoint}`;
    routes = [
      { method: 'PUT', route: '/api/admin/events/:url', url: event, payload: { url: URL_SLUG } },
      { method: 'GET', route: '/api/admin/events/:url/file', url: `${event}/file` },
      { method: 'GET', route: '/api/admin/events/:url/versions', url: `${event}/versions` },
      { method: 'GET', route: '/api/admin/events/:url/versions/:version', url: `${event}/versions/1` },
      { method: 'GET', route: '/api/admin/events/:url/diff', url: `${event}/diff?from=1&to=1` },
      { method: 'POST', route: '/api/admin/events/:url/rollback', url: `${event}/rollback`, payload: { version: 1 } },
      { method: 'GET', route: '/api/admin/events/:url/dashboard', url: `${event}/dashboard` },
      { method: 'GET', route: '/api/admin/events/:url/dashboard/stream', url: `${event}/dashboard/stream` },
      { method: 'GET', route: '/api/admin/events/:url/attendees', url: `${event}/attendees` },
      { method: 'GET', route: '/api/admin/events/:url/attendees.csv', url: `${event}/attendees.csv` },
      { method: 'GET', route: '/api/admin/events/:url/attendees.xlsx', url: `${event}/attendees.xlsx` },
      { method: 'POST', route: '/api/admin/events/:url/checkin-devices', url: `${event}/checkin-devices`, payload: { list: 'all', name: 'Otra puerta' } },
      { method: 'DELETE', route: '/api/admin/events/:url/checkin-devices/:deviceId', url: `${event}/checkin-devices/${device.device_id}` },
      { method: 'GET', route: '/api/admin/events/:url/checkin', url: `${event}/checkin` },
      { method: 'PUT', route: '/api/admin/events/:url/waiting-room', url: `${event}/waiting-room`, payload: { admit_per_minute: 10 } },
      { method: 'GET', route: '/api/admin/events/:url/waiting-list', url: `${event}/waiting-list` },
      { method: 'POST', route: '/api/admin/purchases/:purchaseId/cancel', url: `/api/admin/purchases/${paid.id}/cancel`, payload: { refund: false, reason: 'prueba' } },
      { method: 'POST', route: '/api/admin/payouts/:payoutId/confirm', url: `/api/admin/payouts/${payoutId}/confirm` },
      { method: 'GET', route: '/api/admin/orders/:purchaseId', url: order },
      { method: 'POST', route: '/api/admin/orders/:purchaseId/resend', url: `${order}/resend` },
      { method: 'PUT', route: '/api/admin/orders/:purchaseId/tickets/:ticketId/answers', url: `${order}/tickets/${paid.tickets[0].id}/answers`, payload: { respuestas: { nombre: 'Otro', correo: 'otro@example.mx' } } },
      { method: 'POST', route: '/api/admin/orders/:purchaseId/cancel', url: `${order}/cancel`, payload: { refund: 'none' } },
      { method: 'POST', route: '/api/admin/outbox/:id/retry', url: `/api/admin/outbox/${deadMailId}/retry` },
      { method: 'POST', route: '/api/admin/webhooks/endpoints', url: '/api/admin/webhooks/endpoints', payload: { event_url: URL_SLUG, url: 'http://localhost:9/otro', event_types: ['order.paid'] } },
      { method: 'PATCH', route: '/api/admin/webhooks/endpoints/:id', url: hook, payload: { description: 'otra' } },
      { method: 'DELETE', route: '/api/admin/webhooks/endpoints/:id', url: hook },
      { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/rotate-secret', url: `${hook}/rotate-secret` },
      { method: 'GET', route: '/api/admin/webhooks/endpoints/:id/deliveries', url: `${hook}/deliveries` },
      { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/deliveries/:delivery/resend', url: `${hook}/deliveries/x/resend` },
      { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/test', url: `${hook}/test` },
    ];
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie: limited.cookie, 'x-csrf-token': limited.csrf }, ...(payload && { payload }) });

  it('every admin route with an event or an order in its path is walked here', () => {
    const withParameter = adminRoutesOf(t).filter((r) => r.includes(':') && !NOT_ABOUT_AN_EVENT.includes(r));
    expect([...new Set(withParameter)].sort()).toEqual(routes.filter((r) => r.route.includes(':')).map((r) => `${r.method} ${r.route}`).sort());
  });

  it('answers 403 ADMIN_FORBIDDEN on each for an event outside theirs and changes nothing', async () => {
    const refused: string[] = [];
    for (const { method, url, payload } of routes) {
      const res = await send(method, url, payload);
      if (res.statusCode !== 403 || body(res).code !== 'ADMIN_FORBIDDEN') refused.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
    expect((await t.rows('purchases', 'id', paid.id))[0].status).toBe('paid');
    expect((await t.rows('payouts', 'purchase_id', paid.id))[0].status).toBe('queued');
    expect((await t.rows('mail_outbox', 'id', deadMailId))[0].status).toBe('dead');
  });

  it('leaves the other events out of every list', async () => {
    const lists = await Promise.all(['/api/admin/events', `/api/admin/orders?q=${paid.id}`, '/api/admin/outbox/failed', '/api/admin/webhooks/endpoints'].map((url) => send('GET', url)));
    for (const res of lists) expect(res.statusCode, res.body).toBe(200);
    const [events, orders, mail, hooks] = lists.map((res) => body(res));
    expect(events.events).toEqual([]);
    expect(orders.orders).toEqual([]);
    expect(mail.messages).toEqual([]);
    expect(hooks.endpoints).toEqual([]);
    const all = body(await t.app.inject({ url: '/api/admin/outbox/failed', headers: admin }));
    expect(all.messages.map((m: { id: string }) => m.id)).toContain(deadMailId);
  });

  it('creates an event only at a url an owner put in their events (403 ADMIN_EVENT_NOT_IN_SCOPE otherwise)', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/admin/events', { url: 'evento-nuevo', name: 'Nuevo' }],
      ['PUT', '/api/admin/events/evento-nuevo', { url: 'evento-nuevo' }],
    ] as const) {
      const res = await send(method, url, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res)).toMatchObject({ code: 'ADMIN_EVENT_NOT_IN_SCOPE', mensaje: expect.stringContaining('propietari') });
    }
    expect(await t.rows('events', 'url', 'evento-nuevo')).toEqual([]);
    const made = await send('POST', '/api/admin/events', { url: 'asignado-antes', name: 'Asignado' });
    expect(made.statusCode, made.body).toBe(201);
    const listed = body(await send('GET', '/api/admin/events'));
    expect(listed.events.map((e: { url: string }) => e.url)).toEqual(['asignado-antes']);
  });
});
