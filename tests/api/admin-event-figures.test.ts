import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import fixture from './fixtures/pagos-api.event.json';
import { admin, createCheckinApp, pairDevice, paidWithPayPal, sendScans, URL_SLUG } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';
import { recordRefundedCents } from '../../src/server/repositories/payment-attempt.repository';

/** The console's event list: sold, held now, checked in and revenue (paid minus given back) per event. */
describe.skipIf(skipDatabase)('GET /api/admin/events figures', () => {
  let t: PaymentsTestApp;
  let nonce = 0;
  beforeAll(async () => {
    t = await createCheckinApp();
    await t.importEvent({ ...fixture, url: 'sin-ventas' });
  });
  afterAll(() => t.close());

  it('counts tickets sold, held now, checked in and the revenue less refunds, per event', async () => {
    const first = await paidWithPayPal(t, ['Ana López', 'Luis Pérez']);
    const second = await paidWithPayPal(t, ['Eva Ruiz', 'Iván Soto', 'Noé Díaz']);
    // A partial refund the provider reports on the second payment.
    await recordRefundedCents(t.ctx.db.kysely, second.attempt.id, 5_000, new Date().toISOString());
    // Held now: 3 units; a hold that ran out no longer counts.
    await t.purchase([{ ticket_id: 1, cantidad: 3 }]);
    const stale = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    await t.ctx.db.kysely.updateTable('purchases').set({ stock_until: '2001-01-01T00:00:00.000Z' }).where('id', '=', stale).execute();
    // One ticket of each order admitted at the door.
    const door = await pairDevice(t, 'all', 'Puerta');
    const scan = (code: string) => sendScans(t, door.token, [{ code }], () => `nonce-${String(++nonce).padStart(6, '0')}`);
    expect((await scan(first.tickets[0].qr_secret))[0].verdict).toBe('ok');
    expect((await scan(second.tickets[0].qr_secret))[0].verdict).toBe('ok');

    const res = await t.app.inject({ url: '/api/admin/events', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const paid = (Number(first.attempt.amount_cents) + Number(second.attempt.amount_cents) - 5_000) / 100;
    expect(body(res).events).toEqual([
      { url: URL_SLUG, name: fixture.event.name, starts_at: null, version: 1, tickets_sold: 5, tickets_held: 3, checked_in: 2, revenue: paid },
      { url: 'sin-ventas', name: fixture.event.name, starts_at: null, version: 1, tickets_sold: 0, tickets_held: 0, checked_in: 0, revenue: 0 },
    ]);
    expect(paid).toBeGreaterThan(0);
  });
});
