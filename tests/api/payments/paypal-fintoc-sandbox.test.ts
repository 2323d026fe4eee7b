import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, pathOf, URL_SLUG, type PaymentsTestApp } from './helpers';

describe.skipIf(skipDatabase)('PayPal and Fintoc in the sandbox', () => {
  let t: PaymentsTestApp;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  describe('PayPal approval page', () => {
    const createOrder = async (purchase_id: string) => body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id }, headers: t.keyed(purchase_id) }));

    it('creates an order whose links[1] is the approval page; approving captures it and returns to the loader', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
      const { order } = await createOrder(id);
      expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
      expect(order.links[0].rel).toBe('self');
      expect(order.links[1]).toMatchObject({ rel: 'approve', href: `/sandbox/paypal/checkoutnow?token=${order.id}` });

      const approval = await t.app.inject(order.links[1].href);
      expect(approval.statusCode).toBe(200);
      expect(approval.body).not.toMatch(/<script/i);
      expect(approval.body).toContain('$440.00');
      expect(approval.body).toMatch(/>Aprobar pago<\/button>/);
      expect(approval.body).toMatch(/>Cancelar y volver a la tienda<\/button>/);

      const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: form, payload: '' });
      expect(approved.statusCode).toBe(303);
      const back = pathOf(approved.headers.location as string);
      expect(back).toMatch(new RegExp(`^/${URL_SLUG}/paypal/loader\\?token=${order.id}&PayerID=[A-Z0-9]+$`));

      // The signed CHECKOUT.ORDER.APPROVED webhook made us capture; the capture's own webhook followed.
      const events = (await t.rows('webhook_inbox', 'provider', 'paypal')).map((r) => r.event_type);
      expect(events).toEqual(expect.arrayContaining(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']));
      const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) }));
      expect(loader.status).toBe('approved');
      expect(loader.reload.emission_id).toEqual(expect.any(String));
      const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
      expect(attempt).toMatchObject({ status: 'approved', provider_reference: order.id, amount_cents: 44000 });
      expect(attempt.provider_payment_id).toMatch(/^[A-Z0-9]{17}$/);
      expect((await t.app.inject(order.links[1].href)).body).toMatch(/Este pago ya se cobró/);
    });

    it('cancelling returns to the loader, which answers rejected; the order cannot be approved any more', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const { order } = await createOrder(id);
      const cancelled = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/cancel`, headers: form, payload: '' });
      expect(pathOf(cancelled.headers.location as string)).toBe(`/${URL_SLUG}/paypal/loader?token=${order.id}`);
      const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) }));
      expect(loader.status).toBe('rejected');
      expect(loader.reload.emission_id).toBeNull();
      await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve` });
      expect((await t.rows('payment_attempts', 'purchase_id', id))[0].status).toBe('cancelled');
      // The buyer may still pay another way while the hold lasts.
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) })).statusCode).toBe(200);
    });

    it('a loader before approval answers other; an unknown token is 404', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const { order } = await createOrder(id);
      expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id } })).status).toBe('other');
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: 'NOEXISTE' } })).statusCode).toBe(404);
    });
  });

  describe('Fintoc bank widget', () => {
    const createSession = async (purchase_id: string) =>
      body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id, buyer_info: buyer() }, headers: t.keyed(purchase_id) }));

    it('creates a session (session_token + widget_url); approving returns to the loader with the purchase id', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const session = await createSession(id);
      expect(session.session_token).toMatch(/^cs_.+_sec_/);
      expect(session.widget_url).toMatch(/^\/sandbox\/fintoc\/widget\/cs_/);
      const widget = await t.app.inject(session.widget_url);
      expect(widget.statusCode).toBe(200);
      expect(widget.body).toMatch(/<label for="bank">Banco<\/label><select id="bank" name="bank">/);
      expect(widget.body).toMatch(/>Aprobar pago<\/button>/);
      expect(widget.body).toMatch(/>Simular pago rechazado<\/button>/);
      expect(widget.body).toContain('$220.00');

      const approved = await t.app.inject({ method: 'POST', url: `${session.widget_url}/approve`, headers: form, payload: 'bank=Banorte' });
      expect(approved.statusCode).toBe(303);
      expect(pathOf(approved.headers.location as string)).toBe(`/${URL_SLUG}/fintoc/loader?purchase_id=${id}`);
      const inbox = await t.rows('webhook_inbox', 'provider', 'fintoc');
      expect(inbox.some((r) => r.event_type === 'checkout_session.finished' && r.status === 'processed')).toBe(true);
      const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
      expect(loader.status).toBe('approved');
      expect(loader.reload.emission_id).toEqual(expect.any(String));
    });

    it('a failed bank payment answers rejected; a cancelled widget too', async () => {
      const failedId = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const failed = await createSession(failedId);
      await t.app.inject({ method: 'POST', url: `${failed.widget_url}/fail` });
      expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: failedId } })).status).toBe('rejected');
      expect((await t.app.inject(failed.widget_url)).body).toMatch(/Tu banco rechazó el pago/);

      const cancelledId = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      const cancelled = await createSession(cancelledId);
      const res = await t.app.inject({ method: 'POST', url: `${cancelled.widget_url}/cancel` });
      expect(pathOf(res.headers.location as string)).toBe(`/${URL_SLUG}/fintoc/loader?purchase_id=${cancelledId}`);
      expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: cancelledId } })).status).toBe('rejected');
    });

    it('the loader of a purchase without a Fintoc payment is 404', async () => {
      const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id } })).statusCode).toBe(404);
    });
  });
});
