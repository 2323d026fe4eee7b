import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, pathOf, URL_SLUG, type PaymentsTestApp } from './helpers';

/** The cash voucher through the sandbox's hosted pages: checkout → voucher → pending → paid (or expired). */
describe.skipIf(skipDatabase)('MercadoPago voucher in the sandbox', () => {
  let t: PaymentsTestApp;
  const preference = (purchase_id: string, buyer_info = buyer()) =>
    t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id, buyer_info }, headers: t.keyed(purchase_id) });
  const remainingGeneral = async () => body(await t.app.inject('/api/event/pagos-api')).tickets.find((x: { id: number }) => x.id === 1).maximum as number;
  const soldGeneral = async () => (await t.rows('ticket_types', 'external_id', 1))[0].sold as number;

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('creates a preference whose init_point is the sandbox checkout, and stores the buyer', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    const res = await preference(id, buyer({ email: 'Ana@Example.mx', lang: 'en' }));
    expect(res.statusCode).toBe(200);
    const { preference_id, init_point } = body(res);
    expect(preference_id).toMatch(/^1234567890-/);
    expect(init_point).toBe(`/sandbox/mercadopago/checkout/${preference_id}`);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt).toMatchObject({ provider: 'mercadopago', mode: 'sandbox', provider_reference: preference_id, amount_cents: 22000, currency: 'MXN', status: 'created' });
    const reload = body(await t.app.inject({ url: `/api/payments/purchase/${id}`, headers: t.keyed(id) })).reload;
    expect(reload.buyer_info).toEqual({ name: 'Ana López', email: 'ana@example.mx', phone: '5512345678', lang: 'en' });
  });

  it('walks checkout → voucher (pending keeps the stock past the hold) → mark paid (tickets, e-mail, approved loader)', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    const { init_point } = body(await preference(id));

    const checkout = await t.app.inject(init_point);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-type']).toMatch(/text\/html/);
    expect(checkout.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(checkout.body).not.toMatch(/<script/i);
    expect(checkout.body).toMatch(/<button type="submit" class="primary">Generar ficha de pago OXXO<\/button>/);
    expect(checkout.body).toContain('$220.00');

    const action = /action="([^"]+\/voucher)"/.exec(checkout.body)![1];
    const issued = await t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(issued.statusCode).toBe(303);
    const voucherPath = issued.headers.location as string;
    const paymentId = voucherPath.split('/').pop()!;
    const voucher = await t.app.inject(voucherPath);
    expect(voucher.body).toMatch(/Referencia de pago<\/dt><dd>\d{14}<\/dd>/);
    expect(voucher.body).toMatch(/Fecha límite/);
    expect(voucher.body).toMatch(/>Marcar como pagado<\/button>/);
    expect(voucher.body).toMatch(/>Dejar vencer la ficha<\/button>/);
    // The return link leads to the storefront's loader with MercadoPago's query parameters.
    const back = /<a href="([^"]+)">Volver a la tienda<\/a>/.exec(voucher.body)![1].replace(/&amp;/g, '&');
    expect(pathOf(back)).toMatch(new RegExp(`^/${URL_SLUG}/mp/loader\\?.*payment_id=${paymentId}`));

    // The signed payment.created webhook arrived and was processed: the purchase waits for the voucher.
    const inbox = await t.rows('webhook_inbox', 'provider', 'mercadopago');
    expect(inbox.some((r) => r.resource_id === paymentId && r.status === 'processed')).toBe(true);
    const pending = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId }, headers: t.keyed(id) }));
    expect(pending.status).toBe('pending');
    expect(pending.reload.emission_id).toBeNull();

    // Past the 15-minute hold the voucher still holds its two units (deadline: 72 h).
    const before = await remainingGeneral();
    t.advance(60 * 60_000);
    expect(await remainingGeneral()).toBe(before);
    expect(body(await t.app.inject(`/api/payments/purchase/${id}`)).status).toBe('pending');

    const soldBefore = await soldGeneral();
    const paid = await t.app.inject({ method: 'POST', url: `${voucherPath}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    expect((await t.app.inject(voucherPath)).body).toMatch(/Pagada\./);
    expect(await soldGeneral()).toBe(soldBefore + 2);

    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: Number(paymentId) }, headers: t.keyed(id) }));
    expect(loader.status).toBe('approved');
    expect(loader.reload.emission_id).toEqual(expect.any(String));
    expect(loader.reload.purchase_id).toBe(id);
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    expect(t.mails().filter((m) => m.text.includes(id))).toHaveLength(1);
  });

  it('lets a voucher expire: the attempt is cancelled, the stock comes back and the loader says rejected', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 3 }]);
    const { init_point } = body(await preference(id));
    const checkout = await t.app.inject(init_point);
    const action = /action="([^"]+\/voucher)"/.exec(checkout.body)![1];
    const voucherPath = (await t.app.inject({ method: 'POST', url: action })).headers.location as string;
    const paymentId = voucherPath.split('/').pop()!;
    t.advance(20 * 60_000);
    const held = body(await t.app.inject('/api/event/pagos-api')).tickets.find((x: { id: number }) => x.id === 2).maximum;
    expect(held).toBe(4);
    await t.app.inject({ method: 'POST', url: `${voucherPath}/expire` });
    expect((await t.app.inject(voucherPath)).body).toMatch(/Vencida/);
    const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
    expect(attempt.status).toBe('cancelled');
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId } });
    // The hold itself ran out long ago: the purchase is gone, which the loader says with a 410.
    expect(loader.statusCode).toBe(410);
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'held' });
    // Paying an expired voucher is no longer possible.
    await t.app.inject({ method: 'POST', url: `${voucherPath}/pay` });
    expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('cancelled');
  });

  it('answers 404 for a payment that is not ours, and 404 pages for unknown sandbox objects', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: '999999' } });
    expect(res.statusCode).toBe(404);
    expect(body(res).mensaje).toBe('No encontramos el pago.');
    expect((await t.app.inject('/sandbox/mercadopago/checkout/nada')).statusCode).toBe(404);
    expect((await t.app.inject('/sandbox/mercadopago/voucher/123')).statusCode).toBe(404);
  });

  it('refuses the sandbox API without its access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/api/v1/payments/1', headers: { authorization: 'Bearer TEST-otra' } });
    expect(res.statusCode).toBe(401);
  });
});
