import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { ADMIN, admin, pairDevice, paidWithPayPal, sendScans, URL_SLUG } from './checkin-helpers';
import { createPaymentsApp, type PaymentsTestApp } from './payments/helpers';

/**
 * An event's dashboard: paid sales per hour, revenue per method and ticket type, conversion from hold to paid
 * and the door's progress per list and gate, read from the database; and the same as a live stream that sends
 * a snapshot at once and another when a figure changes.
 */
describe.skipIf(skipDatabase)('GET /api/admin/events/{url}/dashboard', () => {
  let t: PaymentsTestApp;
  let nonce = 0;
  let paid: Awaited<ReturnType<typeof paidWithPayPal>>;
  beforeAll(async () => {
    // The live stream reads the figures again every 50 ms here (5 s by default).
    t = await createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, dashboardRefreshSeconds: 0.05 });
    paid = await paidWithPayPal(t);
    await t.purchase([{ ticket_id: 1, cantidad: 1 }]); // a hold that is not paid
    const door = await pairDevice(t, 'all', 'Puerta norte');
    await sendScans(t, door.token, [{ code: paid.tickets[0].qr_secret as string }], () => `nonce-${String(++nonce).padStart(4, "0")}`);
  });
  afterAll(() => t.close());

  const dashboard = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL_SLUG}/dashboard${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return body(res);
  };

  it('counts the paid order in its hour, by method and by ticket type, and the conversion', async () => {
    const figures = await dashboard();
    const amount = Number(paid.attempt.amount_cents) / 100;
    expect(figures.granularity).toBe('hour');
    expect(figures.sales).toEqual([{ bucket: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/), orders: 1, tickets: 2, revenue: amount }]);
    expect(figures.revenue_by_method).toEqual([{ method: 'paypal', orders: 1, revenue: amount }]);
    const general = figures.revenue_by_ticket_type.find((r: { ticket_type: number }) => r.ticket_type === 1);
    expect(general).toMatchObject({ name: 'General', sold: 2, held: 1 });
    expect(general.revenue).toBeGreaterThan(0);
    expect(figures.conversion).toMatchObject({ orders: 2, held: 1, paid: 1, rate: 0.5 });
  });

  it("shows the door's progress per list and per gate", async () => {
    const figures = await dashboard();
    expect(figures.checkin.gates).toEqual([{ device: expect.any(String), name: 'Puerta norte', list: 'all', admitted: 1 }]);
    const [list] = figures.checkin.lists;
    expect(list.types.find((x: { ticket_type: number }) => x.ticket_type === 1)).toMatchObject({ admitted: 1, total: 2 });
  });

  it('folds the hours into days when asked', async () => {
    const figures = await dashboard('?granularity=day');
    expect(figures.sales).toEqual([{ bucket: expect.stringMatching(/T00:00:00\.000Z$/), orders: 1, tickets: 2, revenue: expect.any(Number) }]);
  });

  it('refuses without the token (401), an unknown event (404) and a bad granularity (400), each with mensaje and code', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL_SLUG}/dashboard` });
    expect(none.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/events/no-existe/dashboard', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: expect.any(String), mensaje: expect.any(String) });
    const bad = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL_SLUG}/dashboard?granularity=week`, headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('streams a snapshot at once and another when a sale changes the figures', async () => {
    const address = t.app.server.address() as { port: number }; // the payments app listens (its sandbox answers over HTTP)
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/admin/events/${URL_SLUG}/dashboard/stream`, { headers: admin, signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const nextSnapshot = async (seen: number) => {
      while ((text.match(/event: snapshot\n/g) ?? []).length <= seen) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
      const data = text.split('event: snapshot\ndata: ').slice(1)[seen].split('\n')[0];
      return JSON.parse(data);
    };
    const first = await nextSnapshot(0);
    expect(first.conversion.paid).toBe(1);
    await paidWithPayPal(t, ['Eva Ruiz']);
    // Each change sends a snapshot (the new hold, then its payment): read on until the payment shows.
    let seen = 1;
    let latest = await nextSnapshot(seen);
    while (latest.conversion.paid < 2) latest = await nextSnapshot(++seen);
    expect(latest.conversion.paid).toBe(2);
    expect(latest.sales[0].tickets).toBe(3);
    controller.abort();
  });
});
