import { tablesOf } from '../../../sandbox/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveSandboxObject, findSandboxObject } from '../../../sandbox/payments/objects.repository';
import { purgeClientKeys, purgeUnpaidPurchaseData } from '../../../src/server/services/data-retention.service';
import { body } from '../../support/test-app';
import { skipDatabase, testDialect } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

const HOUR = 3_600_000;

/**
 * Purchases that never paid keep their amounts for accounting, but not the buyer's details or
 * the attendee answers: those are erased UNPAID_DATA_RETENTION_HOURS after the purchase was
 * over — never before a cash voucher's deadline, and never for a purchase that was paid.
 */
describe.skipIf(skipDatabase)(`erasing the personal data of unpaid purchases on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  const ids: Record<'abandoned' | 'paid' | 'voucher', string> = { abandoned: '', paid: '', voucher: '' };
  const others: string[] = [];
  const purchaseRow = async (id: string) => (await t.rows('purchases', 'id', id))[0];
  const startFintoc = async (id: string) =>
    body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));

  beforeAll(async () => {
    t = await createPaymentsApp({ unpaidDataRetentionHours: 72, voucherHours: 72 });
    // Abandoned after giving the attendee form and the buyer details: the payment was never finished.
    ids.abandoned = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(ids.abandoned, ['Ana López', 'Luis Pérez']);
    await startFintoc(ids.abandoned);
    for (let i = 0; i < 3; i++) {
      const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
      await t.fillForm(id, [`Asistente ${i}`]);
      others.push(id);
    }
    // Paid: its data is the buyer's tickets.
    ids.paid = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(ids.paid, ['Pagado Pérez']);
    const session = await startFintoc(ids.paid);
    await t.app.inject({ method: 'POST', url: `${session.widget_url}/approve` });
    await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: ids.paid } });
    // A cash voucher issued and never paid: payable for 72 hours, so its data must outlive that.
    ids.voucher = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const preference = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: ids.voucher, buyer_info: buyer() }, headers: t.keyed(ids.voucher) }));
    const checkout = await (await fetch(`${t.baseUrl}${preference.init_point}`)).text();
    await fetch(`${t.baseUrl}${/action="([^"]+\/voucher)"/.exec(checkout)![1]}`, { method: 'POST', redirect: 'manual' });
  });
  afterAll(() => t.close());

  it('keeps everything while the purchases are recent', async () => {
    expect((await purchaseRow(ids.paid)).status).toBe('paid');
    expect((await purchaseRow(ids.voucher)).status).toBe('pending');
    t.advance(HOUR);
    expect(await purgeUnpaidPurchaseData(t.ctx)).toBe(0);
    expect(await purgeClientKeys(t.ctx)).toBe(0);
    expect((await purchaseRow(ids.paid)).client_key).not.toBeNull();
    expect((await purchaseRow(ids.abandoned)).buyer_info_json).toContain('ana@example.mx');
  });

  it('erases buyer details and attendee answers of abandoned purchases after the retention, in batches, keeping the row and amounts', async () => {
    const before = await purchaseRow(ids.abandoned);
    t.advance(72 * HOUR);
    expect(await purgeUnpaidPurchaseData(t.ctx, { batchSize: 2 })).toBe(4);
    // The client addresses of the abandoned ones and the paid one go too; the voucher's stays to its deadline.
    expect(await purgeClientKeys(t.ctx, { batchSize: 2 })).toBe(5);
    expect((await purchaseRow(ids.voucher)).client_key).not.toBeNull();
    const after = await purchaseRow(ids.abandoned);
    expect(after).toMatchObject({ buyer_info_json: null, form_json: null, form_completed: 0, data_purged_at: expect.any(String) });
    for (const column of ['id', 'status', 'event_id', 'amount_cents', 'tickets_cents', 'products_cents', 'comission_cents', 'created_at', 'updated_at'] as const) {
      expect(after[column]).toEqual(before[column]);
    }
    expect(await t.rows('purchase_lines', 'purchase_id', ids.abandoned)).toHaveLength(1);
    for (const id of others) expect((await purchaseRow(id)).form_json).toBeNull();
    // The buyer coming back to an erased purchase gets the usual answer, not an error.
    expect((await t.app.inject(`/api/payments/purchase/${ids.abandoned}`)).statusCode).toBeLessThan(500);

    // Paid: untouched. The voucher is still within its deadline plus the retention.
    expect((await purchaseRow(ids.paid)).buyer_info_json).toContain('ana@example.mx');
    expect((await purchaseRow(ids.paid)).form_json).toContain('Pagado Pérez');
    expect((await purchaseRow(ids.voucher)).buyer_info_json).toContain('ana@example.mx');
    expect(await purgeUnpaidPurchaseData(t.ctx)).toBe(0);
  });

  it('erases a never-paid voucher only the retention after its deadline, and never a paid purchase', async () => {
    t.advance(72 * HOUR);
    expect(await purgeUnpaidPurchaseData(t.ctx)).toBe(1);
    expect((await purchaseRow(ids.voucher)).buyer_info_json).toBeNull();
    t.advance(365 * 24 * HOUR);
    expect(await purgeUnpaidPurchaseData(t.ctx)).toBe(0);
    expect((await purchaseRow(ids.paid)).buyer_info_json).toContain('ana@example.mx');
  });

  it("erases every over purchase's client address after the retention, paid or not, and keeps a live one's", async () => {
    const live = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    expect((await purchaseRow(live)).client_key).not.toBeNull();
    expect((await purchaseRow(ids.paid)).client_key).toBeNull();
    expect((await purchaseRow(ids.abandoned)).client_key).toBeNull();
    // The voucher's, its deadline and the retention past now; the live purchase's stays.
    expect(await purgeClientKeys(t.ctx)).toBe(1);
    expect((await purchaseRow(ids.voucher)).client_key).toBeNull();
    expect((await purchaseRow(live)).client_key).not.toBeNull();
  });

  it('keeps the data of a purchase paid by cash voucher, however old', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const preference = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    const checkout = await (await fetch(`${t.baseUrl}${preference.init_point}`)).text();
    const issued = await fetch(`${t.baseUrl}${/action="([^"]+\/voucher)"/.exec(checkout)![1]}`, { method: 'POST', redirect: 'manual' });
    const paymentId = issued.headers.get('location')!.split('/').pop()!;
    const payment = (await findSandboxObject<Record<string, unknown>>(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId))!;
    await moveSandboxObject(tablesOf(t.sandboxStore), 'mercadopago', 'payment', paymentId, ['pending'], { status: 'approved', data: { ...payment.data, status: 'approved' } }, t.ctx.now().toISOString());
    await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId } });
    expect((await purchaseRow(id)).status).toBe('paid');
    t.advance(365 * 24 * HOUR);
    expect(await purgeUnpaidPurchaseData(t.ctx)).toBe(0);
    expect((await purchaseRow(id)).buyer_info_json).toContain('ana@example.mx');
  });
});
