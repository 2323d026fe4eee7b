import Facturapi, { FacturapiError } from 'facturapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloaded } from '../../../../src/server/invoicing/provider';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';

/**
 * The facturapi sandbox driven by the official `facturapi` SDK (the client our adapter uses): its
 * errors read as the SDK's FacturapiError (status, message, path), an unknown key is 401, a repeated
 * idempotency key is refused, the downloads are the files the SDK streams, cancellation takes a motive.
 */
describe.skipIf(skipDatabase)('facturapi sandbox against the official SDK', () => {
  let t: PaymentsTestApp;
  let client: Facturapi;
  const item = { quantity: 2, product: { description: 'Entrada general', product_key: '90151802', unit_key: 'E48', price: 100, tax_included: true } };
  const customer = { legal_name: 'Escuela Kemper Urgate', tax_id: 'EKU9003173C9', tax_system: '601', address: { zip: '26015' } };
  const failure = async (promise: Promise<unknown>) => promise.then(() => { throw new Error('accepted'); }, (error: unknown) => error as FacturapiError);

  beforeAll(async () => {
    t = await createPaymentsApp();
    client = new Facturapi(t.sandbox.facturapi.apiKey);
    client.BASE_URL = `${t.baseUrl}/sandbox/facturapi/v2`;
  });
  afterAll(() => t.close());

  it('creates, retrieves, downloads and cancels an invoice', async () => {
    const invoice = await client.invoices.create({ customer, items: [item], payment_form: '04', use: 'G03' });
    expect(invoice).toMatchObject({ status: 'valid', type: 'I', total: 200, livemode: false, uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    expect((await client.invoices.retrieve(invoice.id)).uuid).toBe(invoice.uuid);
    expect((await downloaded(await client.invoices.downloadXml(invoice.id))).toString('utf8')).toContain(`UUID="${invoice.uuid}"`);
    expect((await downloaded(await client.invoices.downloadPdf(invoice.id))).subarray(0, 5).toString()).toBe('%PDF-');
    const missingMotive = await failure(client.invoices.cancel(invoice.id, {} as never));
    expect(missingMotive).toMatchObject({ status: 400, path: 'motive' });
    expect(await client.invoices.cancel(invoice.id, { motive: Facturapi.CancellationMotive.ERRORES_SIN_RELACION })).toMatchObject({ status: 'canceled', cancellation_status: 'accepted' });
  });

  it('answers errors as FacturapiError: a missing field with its path, an unknown key, a repeated idempotency key, an unknown invoice', async () => {
    const missing = await failure(client.invoices.create({ customer: { ...customer, tax_id: undefined }, items: [item], payment_form: '04' }));
    expect(missing).toBeInstanceOf(FacturapiError);
    expect(missing).toMatchObject({ status: 400, path: 'customer.tax_id', message: expect.stringContaining('customer.tax_id') });
    const stranger = new Facturapi('sk_test_nobody');
    stranger.BASE_URL = client.BASE_URL;
    expect(await failure(stranger.invoices.retrieve('x'))).toMatchObject({ status: 401 });
    const once = { customer, items: [item], payment_form: '04', idempotency_key: 'contract-key-1' };
    await client.invoices.create(once);
    expect(await failure(client.invoices.create(once))).toMatchObject({ status: 409, path: 'idempotency_key' });
    expect(await failure(client.invoices.retrieve('sbx_inv_unknown'))).toMatchObject({ status: 404 });
  });
});
