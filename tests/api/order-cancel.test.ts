import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { admin, paidWithPayPal } from './checkin-helpers';
import { createOrderChangesApp, importWith, inDays } from './order-changes-helpers';
import { buyer, mailHeader, type PaymentsTestApp } from './payments/helpers';

/** The text of a single-part quoted-printable message. */
const plainBody = (eml: string) =>
  eml.split(/\r?\n\r?\n/).slice(1).join('\n\n').replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

const POLICY = { refund_policy: { until: inDays(30), fee_percent: 10 } };

/**
 * The buyer cancels some or all of a paid order under the event's refund_policy: tickets revoked, units back on
 * sale, the paid amount less the fee given back once through the provider, or queued as a payout to a CLABE.
 */
describe.skipIf(skipDatabase)('POST /api/orders/{id}/cancel', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createOrderChangesApp(POLICY);
  });
  afterAll(() => t.close());

  const cancel = (purchaseId: string, payload: object = {}, key = t.keyOf(purchaseId)) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${purchaseId}/cancel`, headers: { 'x-purchase-key': key }, payload });
  const sold = async () => ((await t.rows('ticket_types', 'external_id', 1))[0] as { sold: number }).sold;
  const paypalRefunds = async () => (await t.rows('sandbox_payment_objects', 'kind', 'refund')).filter((r) => r.provider === 'paypal').length;
  const status = async (id: string) => (await t.rows('purchases', 'id', id))[0].status;

  /** Two General tickets paid by bank transfer (Fintoc's widget in the sandbox). */
  async function paidWithFintoc() {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    const session = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${session.widget_url}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'bank=Banorte' });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    if (loader.status !== 'approved') throw new Error(`Fintoc payment not approved: ${JSON.stringify(loader)}`);
    return id;
  }

  it('a partial cancel keeps the other ticket live; the last one cancels the order; each refund (paid − 10 %) made once', async () => {
    const paid = await paidWithPayPal(t);
    const view = async () => body(await t.app.inject({ url: `/api/orders/${paid.id}`, headers: { 'x-purchase-key': t.keyOf(paid.id) } }));
    // The order page offers it: the policy, no CLABE for a PayPal payment, both tickets cancellable.
    expect((await view()).acciones.cancelar).toEqual({ hasta: expect.any(String), comision_porcentaje: 10, clabe_requerida: false });
    expect((await view()).boletos.map((b: { cancelable: boolean }) => b.cancelable)).toEqual([true, true]);
    const [soldBefore, refundsBefore] = [await sold(), await paypalRefunds()];
    const first = await cancel(paid.id, { ticket_ids: [paid.tickets[0].id] });
    expect(first.statusCode, first.body).toBe(200);
    // $100.00 paid for the ticket, 10 % kept ($10.00), $90.00 back through PayPal.
    expect(body(first)).toMatchObject({ purchase_id: paid.id, status: 'partially_cancelled', ticket_ids: [paid.tickets[0].id], paid: 100, fee: 10, refund: 90, refund_via: 'provider', refund_status: 'done', payout_id: null });
    expect(await paypalRefunds()).toBe(refundsBefore + 1);
    expect(await sold()).toBe(soldBefore - 1);
    expect(await status(paid.id)).toBe('partially_cancelled');
    // Its page shows the order partly cancelled, with the other ticket only; the cancelled ticket's pass was told.
    expect(await view()).toMatchObject({ estado: 'partially_cancelled', boletos: [{ id: paid.tickets[1].id, qr: expect.any(String) }] });
    expect((await t.rows('wallet_pass_changes', 'ticket_id', paid.tickets[0].id)).length).toBeGreaterThan(0);
    // The buyer's tickets still open: the other one, not the cancelled one.
    const emission = (await t.rows('purchases', 'id', paid.id))[0].emission_id as string;
    const wallet = await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) });
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(body(wallet).emisiones.map((e: { id: string }) => e.id)).toEqual([paid.tickets[1].id]);
    expect(body(await cancel(paid.id, { ticket_ids: [paid.tickets[0].id] })).code).toBe('TICKET_NOT_CANCELLABLE');

    const rest = await cancel(paid.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(body(rest)).toMatchObject({ status: 'cancelled', ticket_ids: [paid.tickets[1].id], refund: 90, refund_status: 'done' });
    expect(await paypalRefunds()).toBe(refundsBefore + 2);
    expect(await sold()).toBe(soldBefore - 2);
    expect((await t.rows('order_status_changes', 'purchase_id', paid.id)).map((r) => `${r.from_status} → ${r.to_status} ${r.actor}`)).toEqual([
      'held → paid provider', 'paid → partially_cancelled buyer', 'partially_cancelled → cancelled buyer',
    ]);
    const mails = t.mails().filter((m) => m.path.includes(`cancelled-${paid.id}-`));
    expect(mails).toHaveLength(2);
    expect(mailHeader(mails[0].text, 'Subject')).toMatch(/^=\?UTF-8\?Q\?Tu_cancelaci=C3=B3n_para_Co/);
    expect(plainBody(mails[0].text)).toContain('Te reembolsamos $90.00');
    expect(body(await cancel(paid.id)).code).toBe('ORDER_NOT_PAID');
  });

  it('two cancels at once: one wins, the provider refunds exactly once', async () => {
    const paid = await paidWithPayPal(t);
    const refundsBefore = await paypalRefunds();
    const answers = await Promise.all([cancel(paid.id), cancel(paid.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await paypalRefunds()).toBe(refundsBefore + 1);
    expect(await t.rows('buyer_cancellations', 'purchase_id', paid.id)).toHaveLength(1);
    expect(await status(paid.id)).toBe('cancelled');
  });

  it('a bank-transfer payment needs a valid CLABE and is queued as a payout the operator confirms', async () => {
    const id = await paidWithFintoc();
    const offered = body(await t.app.inject({ url: `/api/orders/${id}`, headers: { 'x-purchase-key': t.keyOf(id) } }));
    expect(offered.acciones.cancelar).toMatchObject({ clabe_requerida: true });
    const cases: [object, string][] = [
      [{}, 'CLABE_REQUIRED'],
      [{ clabe: '00201007777777777' }, 'CLABE_LENGTH'],
      [{ clabe: '002010077777777770' }, 'CLABE_CONTROL_DIGIT'],
      [{ clabe: '003010077777777770' }, 'CLABE_UNKNOWN_BANK'],
    ];
    for (const [payload, code] of cases) {
      const res = await cancel(id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res)).toMatchObject({ code, mensaje: expect.any(String) });
    }
    expect(await status(id)).toBe('paid');
    const res = await cancel(id, { clabe: '0021 1500 0012 3456 75' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ status: 'cancelled', paid: 200, fee: 20, refund: 180, refund_via: 'payout', refund_status: 'queued', bank: 'Banco Nacional de México' });
    const payoutId = body(res).payout_id as string;
    expect((await t.rows('payouts', 'id', payoutId))[0]).toMatchObject({ purchase_id: id, amount_cents: 18_000, clabe: '002115000012345675', status: 'queued' });

    const confirm = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/admin/payouts/${payoutId}/confirm`, headers });
    const refused = await confirm({ authorization: 'Bearer otro' });
    expect(refused.statusCode).toBe(401);
    expect((await t.rows('payouts', 'id', payoutId))[0].status).toBe('queued');
    const done = await confirm(admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done)).toMatchObject({ payout_id: payoutId, purchase_id: id, amount: 180, status: 'paid' });
    expect((await t.rows('payouts', 'id', payoutId))[0]).toMatchObject({ status: 'paid', confirmed_by: 'admin' });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/payouts/no-existe/confirm', headers: admin })).statusCode).toBe(404);
  });

  it('refuses after the deadline, without a policy, a wrong key and an unpaid order', async () => {
    const paid = await paidWithPayPal(t);
    expect(body(await cancel(paid.id, {}, 'otra-llave')).code).toBe('PURCHASE_NOT_FOUND');
    const held = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    expect(body(await cancel(held)).code).toBe('ORDER_NOT_PAID');
    try {
      await importWith(t, { refund_policy: { until: inDays(-1), fee_percent: 10 } });
      const late = await cancel(paid.id);
      expect(late.statusCode).toBe(409);
      expect(body(late).code).toBe('CANCELLATION_DEADLINE_PASSED');
      await importWith(t, { refund_policy: 'none' });
      expect(body(await cancel(paid.id)).code).toBe('CANCELLATION_NOT_ALLOWED');
      await importWith(t, {});
      expect(body(await cancel(paid.id)).code).toBe('CANCELLATION_NOT_ALLOWED');
    } finally {
      await importWith(t, POLICY);
    }
    expect(await status(paid.id)).toBe('paid');
  });
});
