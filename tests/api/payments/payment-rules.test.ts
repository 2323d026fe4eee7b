import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import otherEvent from '../fixtures/prueba-api.event.json';
import paymentsEvent from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

describe.skipIf(skipDatabase)('what an order must satisfy before paying, and the free claim', () => {
  let t: PaymentsTestApp;
  const preference = (purchase_id: string, buyer_info: unknown = buyer(), headers: Record<string, string> = t.keyed(purchase_id)) =>
    t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id, buyer_info }, headers });

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent(otherEvent);
    // The payments fixture with its paid flags on, made Amex-only: the method list offers the card alone.
    await t.importEvent({ ...paymentsEvent, url: 'pagos-amex', event: { ...paymentsEvent.event, config: { ...paymentsEvent.event.config, tarjetas_amex: true } } });
  });
  afterAll(() => t.close());

  describe('before any payment starts', () => {
    it('refuses a method whose flag is on but which the method list rule does not offer (an Amex-only event takes cards alone)', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }], { url: 'pagos-amex' });
      for (const res of [
        await preference(id),
        await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }),
        await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(body(res)).toEqual({ mensaje: 'Este método de pago no está disponible para este evento.', code: 'PAYMENT_METHOD_DISABLED' });
      }
      expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
    });

    it('requires the attendee form when the order needs one (409 with a mensaje)', async () => {
      const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
      for (const res of [
        await preference(id),
        await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }),
        await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(body(res)).toEqual({ mensaje: 'Completa los datos de los asistentes antes de pagar.', code: 'FORM_REQUIRED' });
      }
      await t.fillForm(id, ['Ana']);
      expect((await preference(id)).statusCode).toBe(200);
    });

    it.each([
      ['a phone that is not 10 digits', { phone: '55123' }, '/buyer_info/phone', 'errors:buyer.phoneDigits'],
      ['a phone with dashes', { phone: '55-1234-567' }, '/buyer_info/phone', 'errors:buyer.phoneDigits'],
      ['an invalid e-mail', { email: 'ana@' }, '/buyer_info/email', 'errors:buyer.emailInvalid'],
      ['an empty name', { name: '   ' }, '/buyer_info/name', 'errors:buyer.nameRequired'],
      ['a confirmation that differs', { emailConfirm: 'otra@example.mx' }, '/buyer_info/emailConfirm', 'errors:buyer.emailMismatch'],
      ['a missing name', { name: undefined }, '/buyer_info/name', 'errors:buyer.nameRequired'],
      ['an unknown field', { rfc: 'XAXX010101000' }, '/buyer_info/rfc', 'errors:forms.invalid'],
      // 400,000 characters on which the e-mail pattern backtracks polynomially: refused by length, the pattern never runs on it.
      ['an over-long e-mail', { email: `a@${'.a'.repeat(200_000)}@` }, '/buyer_info/email', 'errors:forms.tooLong'],
    ])('validates buyer info with the storefront\'s own form schema: refuses %s', async (_name, change, path, key) => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const res = await preference(id, buyer(change));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ mensaje: 'Algún campo tiene error, verifica.', code: 'FORM_INVALID' });
      expect(body(res).errors).toContainEqual({ path, message: key });
      expect(await t.rows('payment_attempts', 'purchase_id', id)).toHaveLength(0);
    });

    it('accepts the panel as the storefront holds it (with emailConfirm) or as the API contract lists it (without); lang beside or inside', async () => {
      const withConfirm = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      expect((await preference(withConfirm, buyer({ emailConfirm: 'ana@example.mx' }))).statusCode).toBe(200);
      const inside = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      expect((await preference(inside, buyer({ lang: 'en' }))).statusCode).toBe(200);
      expect(body(await t.app.inject({ url: `/api/payments/purchase/${inside}`, headers: t.keyed(inside) })).reload.buyer_info.lang).toBe('en');
      const beside = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: beside, buyer_info: buyer(), lang: 'en' }, headers: t.keyed(beside) });
      expect(res.statusCode).toBe(200);
      expect(body(await t.app.inject({ url: `/api/payments/purchase/${beside}`, headers: t.keyed(beside) })).reload.buyer_info).toEqual({ name: 'Ana López', email: 'ana@example.mx', phone: '5512345678', lang: 'en' });
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: beside, lang: 'fr' }, headers: t.keyed(beside) })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: beside, buyer_info: buyer() }, headers: t.keyed(beside) })).statusCode).toBe(400);
    });

    it('refuses a method the event does not offer, an unknown purchase, an expired hold and a purchase already paid or waiting for a voucher', async () => {
      const other = await t.purchase([{ ticket_id: 2, cantidad: 1 }], { url: 'prueba-api' });
      const disabled = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: other }, headers: t.keyed(other) });
      expect(disabled.statusCode).toBe(409);
      expect(body(disabled).code).toBe('PAYMENT_METHOD_DISABLED');

      expect((await preference('00000000-0000-4000-8000-000000000000', buyer(), {})).statusCode).toBe(404);

      const expiring = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      t.advance(16 * 60_000);
      expect((await preference(expiring)).statusCode).toBe(410);

      const voucher = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const checkout = await t.app.inject(body(await preference(voucher)).init_point);
      await t.app.inject({ method: 'POST', url: /action="([^"]+\/voucher)"/.exec(checkout.body)![1] });
      const again = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: voucher }, headers: t.keyed(voucher) });
      expect(again.statusCode).toBe(409);
      expect(body(again).code).toBe('PURCHASE_CLOSED');
    });
  });

  it('refunds a payment whose order changed after it started (products added meanwhile), and emits nothing', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
    const changed = await t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', payload: { purchase_id: id, productos: [{ id: 1, cantidad: 2 }] }, headers: t.keyed(id) });
    expect(changed.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id } }));
    expect(loader.status).toBe('other');
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(0);
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ status: 'refunded', refund_reason: 'amount_mismatch', refund_status: 'done' });
    expect(t.mails().find((m) => m.text.includes(id))?.text).toMatch(/no coincide/);
    // The purchase itself is still held: its new total can be paid.
    expect((await t.rows('purchases', 'id', id))[0].status).toBe('held');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) })).statusCode).toBe(200);
  });

  describe('free claim', () => {
    const verify = async (purchase_id: string, token?: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id, buyer_info: buyer({ email: 'libre@example.mx' }), token: token ?? (await t.botToken('validate_free_access')) }, headers: t.keyed(purchase_id) });
    const loader = async (secretuuid: string, g_token?: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/payments/free/loader-process', payload: { token: secretuuid, g_token: g_token ?? (await t.botToken('validate_free_access_loader')) }, headers });

    it('is only for a zero total; paid methods refuse a zero total', async () => {
      const paidOrder = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const refused = await verify(paidOrder);
      expect(refused.statusCode).toBe(409);
      expect(body(refused).code).toBe('NOT_FREE');
      const freeOrder = await t.purchase([{ ticket_id: 4, cantidad: 1 }]);
      const viaVoucher = await preference(freeOrder);
      expect(viaVoucher.statusCode).toBe(409);
      expect(body(viaVoucher).code).toBe('FREE_ORDER');
    });

    it('needs the bot check of its own action, on both calls', async () => {
      const id = await t.purchase([{ ticket_id: 4, cantidad: 1 }]);
      expect((await verify(id, await t.botToken('new_purchase'))).statusCode).toBe(403);
      const { secretuuid } = body(await verify(id));
      expect((await loader(secretuuid, await t.botToken('validate_free_access'))).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/free/loader-process', payload: { token: secretuuid } })).statusCode).toBe(400);
    });

    it('gives a secret uuid; its loader emits the tickets once and answers approved again later', async () => {
      const id = await t.purchase([{ ticket_id: 4, cantidad: 2 }]);
      const res = await verify(id);
      expect(res.statusCode).toBe(200);
      const { secretuuid } = body(res);
      expect(secretuuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const first = body(await loader(secretuuid, undefined, t.keyed(id)));
      expect(first.status).toBe('approved');
      expect(first.reload.emission_id).toEqual(expect.any(String));
      expect(first.reload.buyer_info.email).toBe('libre@example.mx');
      const second = body(await loader(secretuuid, undefined, t.keyed(id)));
      expect(second).toMatchObject({ status: 'approved', reload: { emission_id: first.reload.emission_id } });
      expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
      expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
      expect((await t.rows('payment_attempts', 'purchase_id', id))[0]).toMatchObject({ provider: 'free', amount_cents: 0, status: 'approved' });
    });

    it('answers 404 for an unknown secret', async () => {
      const res = await loader('00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe('PAYMENT_NOT_FOUND');
    });
  });
});
