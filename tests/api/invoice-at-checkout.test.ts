import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { createOrderChangesApp, importWith, inDays } from './order-changes-helpers';
import type { PaymentsTestApp } from './payments/helpers';

const COMPANY = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };

/**
 * "Quiero factura" at the payment step (`invoicing.ask_at_checkout`): the buyer's fiscal data are
 * checked and kept with the held purchase (`PUT /api/payments/invoice-request`), and the invoice is
 * requested by the confirm path once the payment is approved; the data then leave the purchase.
 */
describe.skipIf(skipDatabase)(`an invoice asked for at the payment step on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createOrderChangesApp({ refund_policy: { until: inDays(30), fee_percent: 10 }, invoicing: { ask_at_checkout: true } });
  });
  afterAll(() => t.close());

  const held = async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(id, ['Ana López']);
    return id;
  };
  const ask = (id: string, payload: object, key = true) =>
    t.app.inject({ method: 'PUT', url: '/api/payments/invoice-request', headers: key ? t.keyed(id) : {}, payload: { purchase_id: id, ...payload } });
  const payWithPayPal = async (id: string) => {
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=ana%40example.mx' });
    return body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) }));
  };

  it('keeps checked data with the held purchase and issues the invoice once the payment confirms', async () => {
    const id = await held();
    expect((await ask(id, COMPANY, false)).statusCode).toBe(404);
    const wrong = await ask(id, { ...COMPANY, rfc: 'EKU9003173C8', uso_cfdi: 'D01' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ code: 'FORM_INVALID', errors: [{ path: '/rfc' }] });
    const kept = await ask(id, COMPANY);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(body(kept)).toEqual({ purchase_id: id, factura: true });
    expect((await t.rows('purchases', 'id', id))[0].invoice_request_json).toContain('EKU9003173C9');

    expect((await payWithPayPal(id)).status).toBe('approved');
    const state = body(await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) } }));
    expect(state).toMatchObject({ estado: 'emitida', factura: { uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) } });
    const xml = await t.app.inject({ url: `/api/orders/${id}/invoice.xml`, headers: { 'x-purchase-key': t.keyOf(id) } });
    expect(xml.body).toContain('Rfc="EKU9003173C9"');
    expect((await t.rows('purchases', 'id', id))[0].invoice_request_json).toBeNull();
    // Paid: the step is over.
    expect(body(await ask(id, COMPANY)).code).toBe('INVOICE_NOT_AVAILABLE');
  });

  it('withdraws the request when the buyer unticks "Quiero factura"', async () => {
    const id = await held();
    expect((await ask(id, COMPANY)).statusCode).toBe(200);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/payments/invoice-request', headers: t.keyed(id), payload: { purchase_id: id } });
    expect(body(withdrawn)).toEqual({ purchase_id: id, factura: false });
    expect((await payWithPayPal(id)).status).toBe('approved');
    expect(body(await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) } })).estado).toBe('disponible');
  });

  it('is refused for an event that does not ask at checkout', async () => {
    await importWith(t, { refund_policy: { until: inDays(30), fee_percent: 10 } });
    const id = await held();
    const refused = await ask(id, COMPANY);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe('INVOICE_NOT_AVAILABLE');
  });
});
