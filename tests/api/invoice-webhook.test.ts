import { createHmac } from 'node:crypto';
import { CancellationMotive } from 'facturapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicingProviderOf } from '../../src/server/invoicing/provider';
import { body } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { paidWithPayPal } from './checkin-helpers';
import { createOrderChangesApp, inDays } from './order-changes-helpers';
import { eventually, type PaymentsTestApp } from './payments/helpers';

const COMPANY = { rfc: 'EKU9003173C9', razon_social: 'Escuela Kemper Urgate', regimen_fiscal: '601', codigo_postal: '26015', uso_cfdi: 'G03', email: 'compras@example.mx' };

/**
 * facturapi's invoice status webhooks (`POST /api/webhooks/facturapi`): signed as facturapi's SDK checks
 * (HMAC-SHA256 hex of the body with the webhook secret, `Facturapi-Signature`); a CFDI cancelled at the
 * provider reads cancelled here, a refused cancellation makes it valid again; the sandbox sends them.
 */
describe.skipIf(skipDatabase)(`facturapi's invoice webhooks on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createOrderChangesApp({ refund_policy: { until: inDays(30), fee_percent: 10 } });
  });
  afterAll(() => t.close());

  const secret = () => t.ctx.config.facturapi.webhookSecret!;
  const post = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signed = signature ?? createHmac('sha256', secret()).update(payload).digest('hex');
    if (signed) headers['facturapi-signature'] = signed;
    return t.app.inject({ method: 'POST', url: '/api/webhooks/facturapi', headers, payload });
  };
  const issued = async () => {
    const paid = await paidWithPayPal(t);
    const answer = await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/invoice`, headers: { 'x-purchase-key': t.keyOf(paid.id) }, payload: COMPANY });
    expect(answer.statusCode, answer.body).toBe(200);
    const [invoice] = await t.rows('invoices', 'purchase_id', paid.id);
    return { id: paid.id, providerId: String(invoice.provider_id) };
  };
  const estado = async (id: string) => body(await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) } })).estado;

  it('refuses an unsigned or forged delivery', async () => {
    const event = { type: 'invoice.status_updated', data: { object: { id: 'x', status: 'canceled' } } };
    const forged = await post(event, createHmac('sha256', 'otro-secreto').update(JSON.stringify(event)).digest('hex'));
    expect(forged.statusCode).toBe(401);
    expect(body(forged).code).toBe('WEBHOOK_REJECTED');
    expect((await post(event, '')).statusCode).toBe(401);
  });

  it('records a cancellation the provider tells, and a refused one makes the CFDI valid again', async () => {
    const { id, providerId } = await issued();
    const cancelled = await post({ id: 'evt_1', type: 'invoice.cancellation_status_updated', data: { type: 'invoice', object: { id: providerId, status: 'canceled', cancellation_status: 'accepted' } } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await estado(id)).toBe('cancelada');
    expect((await post({ id: 'evt_2', type: 'invoice.cancellation_status_updated', data: { type: 'invoice', object: { id: providerId, status: 'valid', cancellation_status: 'rejected' } } })).statusCode).toBe(200);
    expect(await estado(id)).toBe('emitida');
    // Unknown invoices and other events are answered and ignored.
    expect((await post({ id: 'evt_3', type: 'invoice.status_updated', data: { object: { id: 'no-existe', status: 'canceled' } } })).statusCode).toBe(200);
    expect((await post({ id: 'evt_4', type: 'customer.edit_link_completed', data: { object: { id: providerId } } })).statusCode).toBe(200);
    expect(await estado(id)).toBe('emitida');
  });

  it('the sandbox sends the event when an invoice is cancelled at it', async () => {
    const { id, providerId } = await issued();
    // Cancelled at the PAC directly (say, from its dashboard): only the webhook tells this server.
    await invoicingProviderOf(t.ctx).client().invoices.cancel(providerId, { motive: CancellationMotive.ERRORES_SIN_RELACION });
    await eventually(async () => (await estado(id)) === 'cancelada');
  });
});
