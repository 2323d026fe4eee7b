import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, mailHeader, URL_SLUG, type PaymentsTestApp } from './helpers';

const HOLD = 15 * 60_000;

/**
 * A code's `max_uses` is consumed by paid purchases; a live hold reserves a use. A payment
 * approved after its hold ran out re-checks the code's uses under the same lock as the stock,
 * and one that would pass the limit is refunded like one that finds no stock.
 */
describe.skipIf(skipDatabase)('discount code uses against late payments', () => {
  let t: PaymentsTestApp;
  const withCode = (code: string) => t.purchase([{ ticket_id: 2, cantidad: 1 }], { code });
  const startFintoc = async (purchaseId: string, email: string) =>
    body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: purchaseId, buyer_info: buyer({ email }) }, headers: t.keyed(purchaseId) })).widget_url as string;
  const approve = async (purchaseId: string, widget: string) => {
    await t.app.inject({ method: 'POST', url: `${widget}/approve` });
    return body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: purchaseId } })).status as string;
  };
  const paidWith = async (code: string) =>
    Number(
      (
        await t.ctx.db.kysely
          .selectFrom('purchases as p')
          .innerJoin('discount_codes as d', 'd.id', 'p.discount_code_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('d.code', '=', code)
          .where('p.status', '=', 'paid')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, discount_codes: [{ code: 'TRES', percent: 50, max_uses: 3 }, { code: 'DOS', percent: 50, max_uses: 2 }] });
  });
  afterAll(() => t.close());

  it('six payments with a 3-use code: three paid, the three late ones refunded and their buyers told', async () => {
    const late = await Promise.all([1, 2, 3].map(() => withCode('TRES')));
    const lateWidgets = await Promise.all(late.map((id, i) => startFintoc(id, `tarde${i}@example.mx`)));
    // While three holds are live the code has no use left.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/verify-discount', payload: { url: URL_SLUG, code: 'TRES', tickets: [{ ticket_id: 2, cantidad: 1 }] } })).statusCode).toBe(422);

    // The holds run out; three other buyers take the code and pay on time.
    t.advance(HOLD + 60_000);
    const onTime = await Promise.all([1, 2, 3].map(() => withCode('TRES')));
    for (const id of onTime) expect(await approve(id, await startFintoc(id, 'a.tiempo@example.mx'))).toBe('approved');
    expect(await paidWith('TRES')).toBe(3);

    // The first three finally pay: stock is there, but the code's three uses are spent.
    const results = await Promise.all(late.map((id, i) => approve(id, lateWidgets[i])));
    expect(results).toEqual(['other', 'other', 'other']);
    expect(await paidWith('TRES')).toBe(3);
    for (const [i, id] of late.entries()) {
      expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
      expect((await t.rows('purchases', 'id', id))[0].status).toBe('refunded');
      expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'refunded', refund_status: 'done', refund_reason: 'discount_exhausted' });
      const mail = t.mails().find((m) => m.text.includes(id))!;
      expect(mailHeader(mail.text, 'To')).toBe(`tarde${i}@example.mx`);
      expect(mail.text).toMatch(/c=C3=B3digo de descuento|código de descuento/);
    }
  });

  it('late approvals racing for the last use of a code: exactly one is paid', async () => {
    const ids = await Promise.all([1, 2].map(() => withCode('DOS')));
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: URL_SLUG, token: await t.botToken(), code: 'DOS', tickets: [{ ticket_id: 2, cantidad: 1 }] } })).statusCode).toBe(422);
    const widgets = await Promise.all(ids.map((id) => startFintoc(id, 'carrera@example.mx')));
    t.advance(HOLD + 60_000);
    const first = await withCode('DOS');
    expect(await approve(first, await startFintoc(first, 'primero@example.mx'))).toBe('approved');
    const results = await Promise.all(ids.map((id, i) => approve(id, widgets[i])));
    expect(results.filter((s) => s === 'approved')).toHaveLength(1);
    expect(await paidWith('DOS')).toBe(2);
  });

  it('a live hold keeps its reserved use: paying on time with the last use is accepted', async () => {
    await t.importEvent({ ...fixture, discount_codes: [{ code: 'UNO', percent: 50, max_uses: 1 }] });
    const id = await withCode('UNO');
    expect(await approve(id, await startFintoc(id, 'uno@example.mx'))).toBe('approved');
    expect(await paidWith('UNO')).toBe(1);
  });
});
