import { tablesOf } from '../../../sandbox/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSandboxObject } from '../../../sandbox/payments/objects.repository';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, mailHeader, type PaymentsTestApp } from './helpers';

const HOLD = 15 * 60_000;

/** A payment approved after its hold ran out re-checks the stock: accepted if some is left, refunded otherwise. */
describe.skipIf(skipDatabase)('payments that arrive after the hold expired', () => {
  let t: PaymentsTestApp;
  const sold = async (externalId: number) => (await t.rows('ticket_types', 'external_id', externalId))[0] as { sold: number; capacity: number };
  const fintocPay = async (purchase_id: string) => {
    const session = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id, buyer_info: buyer() }, headers: t.keyed(purchase_id) }));
    return session.widget_url as string;
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('accepts a late payment while stock remains', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    const widget = await fintocPay(id);
    const before = (await sold(2)).sold;
    t.advance(HOLD + 60_000);
    expect((await t.app.inject(`/api/payments/purchase/${id}`)).statusCode).toBe(410);
    await t.app.inject({ method: 'POST', url: `${widget}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    expect(loader.status).toBe('approved');
    expect(loader.reload.emission_id).toEqual(expect.any(String));
    expect((await sold(2)).sold).toBe(before + 2);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
  });

  it('refunds a late payment when the stock went to someone else meanwhile, tells the buyer, never sells past capacity', async () => {
    // A holds both "Ultimos" and starts a PayPal payment (in English)…
    const late = await t.purchase([{ ticket_id: 3, cantidad: 2 }]);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: late, lang: 'en' }, headers: t.keyed(late) }));
    // …but takes longer than the hold; B buys both units and pays at once.
    t.advance(HOLD + 60_000);
    const onTime = await t.purchase([{ ticket_id: 3, cantidad: 2 }]);
    await t.app.inject({ method: 'POST', url: `${await fintocPay(onTime)}/approve` });
    expect(await sold(3)).toMatchObject({ sold: 2, capacity: 2 });

    // A finally approves at PayPal: captured, then given back because nothing is left.
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=late.buyer%40example.com' });
    expect(approved.statusCode).toBe(303);
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(late) }));
    expect(loader.status).toBe('other');
    expect(loader.reload.emission_id).toBeNull();

    expect(await sold(3)).toMatchObject({ sold: 2, capacity: 2 });
    expect(await t.rows('tickets', 'purchase_id', late)).toHaveLength(0);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', late);
    expect(attempt).toMatchObject({ status: 'refunded', refund_status: 'done', refund_reason: 'sold_out' });
    expect(attempt.refund_reference).toMatch(/^[A-Z0-9]{17}$/);
    expect((await t.rows('purchases', 'id', late))[0].status).toBe('refunded');
    // The refund went through PayPal's API: the capture is refunded there.
    const atPayPal = (await findSandboxObject<{ purchase_units: { payments: { captures: { status: string }[] } }[] }>(tablesOf(t.sandboxStore), 'paypal', 'order', order.id))!;
    expect(atPayPal.data.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');

    const mail = t.mails().find((m) => m.text.includes(late))!;
    expect(mailHeader(mail.text, 'To')).toBe('late.buyer@example.com');
    expect(mailHeader(mail.text, 'Subject')).toBe('Refund of your payment for Concierto de Prueba');
    expect(mail.text).toMatch(/sold out/);
    expect(body(await t.app.inject('/api/event/pagos-api')).tickets.find((x: { id: number }) => x.id === 3).maximum).toBe(0);
  });

  it('four late approvals racing for the last four units: one accepted, three refunded, sold ends exactly at capacity', async () => {
    // Every approved late payment re-checks under the event's stock lock, so the sum of sold never passes capacity.
    const ids = await Promise.all(Array.from({ length: 4 }, () => t.purchase([{ ticket_id: 2, cantidad: 4 }])));
    const widgets = await Promise.all(ids.map((id) => fintocPay(id)));
    t.advance(HOLD + 60_000);
    // Fill Platea up to 4 units short of capacity while the four holds are expired.
    const { sold: current, capacity } = await sold(2);
    await t.ctx.db.kysely.updateTable('ticket_types').set({ sold: capacity - 4 }).where('external_id', '=', 2).execute();
    await Promise.all(widgets.map((w) => t.app.inject({ method: 'POST', url: `${w}/approve` })));
    const results = await Promise.all(ids.map(async (id) => body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id } })).status));
    expect(results.filter((s) => s === 'approved')).toHaveLength(1);
    expect(results.filter((s) => s === 'other')).toHaveLength(3);
    expect((await sold(2)).sold).toBe(capacity);
    expect(current).toBeLessThan(capacity);
    const attempts = (await Promise.all(ids.map((id) => t.rows('payment_attempts', 'purchase_id', id)))).flat();
    expect(attempts.filter((a) => a.refund_reason === 'sold_out' && a.status === 'refunded' && a.refund_reference?.startsWith('ref_'))).toHaveLength(3);
  });
});
