import { expect } from 'vitest';
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

/** Pairs a door device to `list` of the test event through the admin API (201). */
export async function pairDevice(t: PaymentsTestApp, list: string, name: string): Promise<{ device_id: string; token: string; url: string }> {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/events/${URL_SLUG}/checkin-devices`, headers: admin, payload: { list, name } });
  expect(res.statusCode, res.body).toBe(201);
  return body(res) as { device_id: string; token: string; url: string };
}

export interface TestScan { nonce?: string; code: string; scanned_at?: string; direction?: 'in' | 'out' }

/** Sends `scans` as the device of `token` (200): a nonce from `nextNonce` and the time now where a scan names none. */
export async function sendScans(t: PaymentsTestApp, token: string, scans: TestScan[], nextNonce: () => string): Promise<Record<string, any>[]> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/checkin/scans', headers: { authorization: `Bearer ${token}` },
    payload: { scans: scans.map((s) => ({ nonce: s.nonce ?? nextNonce(), scanned_at: s.scanned_at ?? new Date().toISOString(), code: s.code, ...(s.direction ? { direction: s.direction } : {}) })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).results as Record<string, any>[];
}

export { URL_SLUG };
