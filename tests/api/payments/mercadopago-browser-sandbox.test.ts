import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from './helpers';

/** The sandbox's MercadoPago browser SDK: the script, the secure-field iframes and the demo card form. */
describe.skipIf(skipDatabase)('MercadoPago browser SDK in the sandbox', () => {
  let t: PaymentsTestApp;

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('serves the SDK as a plain script at MercadoPago\'s path', async () => {
    const res = await t.app.inject('/sandbox/mercadopago/js/v2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.body).toContain('window.MercadoPago = MercadoPago');
    const rules = await t.app.inject('/sandbox/mercadopago/browser/card-rules.js');
    expect(rules.statusCode).toBe(200);
    const unknown = await t.app.inject('/sandbox/mercadopago/browser/..%2Fhtml.ts');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('Not found');
  });

  it('serves each secure field as a page our own pages may frame, with a labelled input and no inline script', async () => {
    const res = await t.app.inject('/sandbox/mercadopago/fields/cardNumber?label=N%C3%BAmero%20%3Cb%3E&placeholder=1234');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(res.body).toContain('<label class="sr-only" for="field">Número &lt;b&gt;</label>');
    expect(res.body).toContain('autocomplete="cc-number"');
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    // Every other page keeps refusing to be framed.
    const demo = await t.app.inject('/sandbox/mercadopago/demo-card-form');
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(demo.body).toContain(`data-public-key="${t.sandbox.mercadopago.publicKey}"`);
    expect(demo.body).toContain('<script src="/sandbox/mercadopago/js/v2"></script>');
  });

  it('answers 404 for a field type MercadoPago does not have', async () => {
    const res = await t.app.inject('/sandbox/mercadopago/fields/cardholderName');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
  });
});
