import { body } from '../support/test-app';
import { createPaymentsApp, URL_SLUG, type PaymentsTestApp } from './payments/helpers';

export const ADMIN = 'admin-token-de-pruebas-de-acceso';
export const admin = { authorization: `Bearer ${ADMIN}` };

/** The payments test app with the admin API on. */
export function createCheckinApp(): Promise<PaymentsTestApp> {
  return createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000 });
}

/** A purchase of `names.length` General tickets paid with PayPal through the sandbox: its id, its paying attempt and its tickets. */
export async function paidWithPayPal(t: PaymentsTestApp, names = ['Ana López', 'Luis Pérez']) {
  const id = await t.purchase([{ ticket_id: 1, cantidad: names.length }]);
  await t.fillForm(id, names);
  const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers: t.keyed(id) }));
  await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=ana%40example.mx' });
  const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(id) }));
  if (loader.status !== 'approved') throw new Error(`PayPal payment not approved: ${JSON.stringify(loader)}`);
  const [attempt] = await t.rows('payment_attempts', 'purchase_id', id);
  const tickets = (await t.rows('tickets', 'purchase_id', id)).sort((a, b) => Number(a.folio) - Number(b.folio));
  return { id, attempt, tickets };
}

export { URL_SLUG };
