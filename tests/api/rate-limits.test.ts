import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import fixture from './fixtures/prueba-api.event.json';
import { readConfig } from '../../src/server/config';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const LIMITED = { mensaje: 'Demasiadas solicitudes. Intenta de nuevo más tarde.', code: 'RATE_LIMITED' };
const discount = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/payments/verify-discount', headers, payload: { url: 'prueba-api', code: 'DEMO10', tickets: [{ ticket_id: 1, cantidad: 1 }] } });

describe.skipIf(skipDatabase)('rate limits: forwarding headers only from TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 10 });
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('by default trusts nobody: rotating X-Forwarded-For does not buy more requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await discount(t, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe.skipIf(skipDatabase)('rate limits behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 10, trustProxy: readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy });
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('counts the client the proxy names, so one client is limited and another is not', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 10; i++) expect((await discount(t, client)).statusCode).toBe(200);
    const limited = await discount(t, client);
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject(LIMITED);
    expect((await discount(t, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    for (let i = 0; i < 10; i++) expect((await discount(t, { 'x-forwarded-for': `2001:db8:1:2::${i + 1}` })).statusCode).toBe(200);
    expect((await discount(t, { 'x-forwarded-for': '2001:db8:1:2:ffff::1' })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY parsing', () => {
  it('is nobody by default, else a hop count, every hop, or a list of addresses/CIDRs', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});

describe.skipIf(skipDatabase)('every route that does work is limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 3, rateLimitPdfMax: 2, rateLimitAdminMax: 2, rateLimitWebhookMax: 3, rateLimitPayPalWebhookMax: 2, rateLimitReadMax: 4, adminToken: 'token-de-prueba' });
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  /** Calls `request` until the limit answers; returns how many calls got through first. */
  async function callsBeforeLimit(request: () => Promise<LightMyRequestResponse>): Promise<number> {
    for (let i = 0; i < 20; i++) {
      const res = await request();
      if (res.statusCode === 429) {
        expect(body(res)).toMatchObject(LIMITED);
        return i;
      }
    }
    throw new Error('never limited');
  }

  it('GET purchase: RATE_LIMIT_MAX', async () => {
    expect(await callsBeforeLimit(() => t.app.inject('/api/payments/purchase/no-existe'))).toBe(3);
  });

  it('PDF downloads: the lower RATE_LIMIT_PDF_MAX (each renders a PDF)', async () => {
    expect(await callsBeforeLimit(() => t.app.inject('/api/emissions/download/all?emission_id=x&purchase_id=y'))).toBe(2);
    expect(await callsBeforeLimit(() => t.app.inject('/api/emissions/download/ticket?ticket_id=x&purchase_id=y'))).toBe(2);
  });

  it('admin import: RATE_LIMIT_ADMIN_MAX, wrong tokens included', async () => {
    const put = () => t.app.inject({ method: 'PUT', url: '/api/admin/events/prueba-api', headers: { authorization: 'Bearer adivinanza' }, payload: fixture });
    expect((await put()).statusCode).toBe(401);
    expect(await callsBeforeLimit(put)).toBe(1);
  });

  it('webhooks: their own bucket per provider, so one provider never starves another', async () => {
    const hook = (provider: string) => () => t.app.inject({ method: 'POST', url: `/api/webhooks/${provider}`, payload: { type: 'payment', data: { id: '1' } } });
    expect(await callsBeforeLimit(hook('mercadopago'))).toBe(3);
    expect((await hook('fintoc')()).statusCode).not.toBe(429);
  });

  it("PayPal's webhook: a tighter bucket of its own (RATE_LIMIT_PAYPAL_WEBHOOK_MAX: each delivery may cost a call to PayPal)", async () => {
    const hook = () => t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: { id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED' } });
    expect(await callsBeforeLimit(hook)).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} })).statusCode).not.toBe(429);
  });

  it("Apple's pass web service: RATE_LIMIT_MAX, refused tokens included", async () => {
    const register = () => t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/devices/abc123/registrations/pass.x/t1', headers: { authorization: 'ApplePass adivinanza' }, payload: { pushToken: 'ab' } });
    expect((await register()).statusCode).toBe(401);
    expect(await callsBeforeLimit(register)).toBe(2);
  });

  it('public event reads: RATE_LIMIT_READ_MAX', async () => {
    expect(await callsBeforeLimit(() => t.app.inject('/api/event/prueba-api'))).toBe(4);
  });
});
