import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/server/db/locked-transaction';
import { createMailer } from '../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../src/server/payments/pending-work';
import { buildPaymentProviders } from '../../src/server/payments/registry';
import { retryStaleInvoiceClaims } from '../../src/server/invoicing/stale-claims';
import { claimInvoice } from '../../src/server/repositories/invoice.repository';
import { body } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { paidWithPayPal } from './checkin-helpers';
import { createOrderChangesApp, inDays } from './order-changes-helpers';
import { attachments, eventually, type PaymentsTestApp } from './payments/helpers';

const MINUTE = 60_000;
const RECEIVER = { legal_name: 'ESCUELA KEMPER URGATE', tax_id: 'EKU9003173C9', tax_system: '601', email: 'compras@example.mx', address: { zip: '26015', country: 'MEX' }, use: 'G03' };

/**
 * An invoice left `issuing` by a process that stopped between its claim and the provider's answer is
 * issued by the retry loop once the claim is stale: one process takes it (compare-and-set), the
 * buyer gets the e-mail, and the order page shows it issued.
 */
describe.skipIf(skipDatabase)(`retrying invoices left issuing on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createOrderChangesApp({ refund_policy: { until: inDays(30), fee_percent: 10 } });
  });
  afterAll(() => t.close());

  const state = async (id: string) => body(await t.app.inject({ url: `/api/orders/${id}/invoice`, headers: { 'x-purchase-key': t.keyOf(id) } }));
  const sandboxInvoices = async () => (await t.rows('sandbox_payment_objects', 'provider', 'facturapi')).filter((r) => r.kind === 'invoice');

  it('issues a stale claim once, even with two retries at once, and leaves a fresh one alone', async () => {
    const paid = await paidWithPayPal(t);
    const [purchase] = await t.rows('purchases', 'id', paid.id);
    const now = t.ctx.now().toISOString();
    // What a request leaves when its process dies after the claim committed: the row `issuing`, the sale covered.
    const claimed = await withWriteTransaction(t.ctx.db, (trx) => claimInvoice(trx, {
      id: '4a4c6a52-90a4-4f0b-9d0e-1c1a3f1e0c01', unique_key: `order:${paid.id}`, kind: 'ingreso', purchase_id: paid.id, related_invoice_id: null,
      receiver_json: JSON.stringify(RECEIVER), total_cents: Number(purchase.amount_cents) + Number(purchase.products_cents), status: 'issuing', provider_id: null, uuid: null, xml: null, pdf_base64: null,
      cancellation_motive: null, created_at: now, updated_at: now,
    }, [paid.id]));
    expect(claimed).toBe(true);
    expect((await state(paid.id)).estado).toBe('en_proceso');
    const before = (await sandboxInvoices()).length;

    // A request may still be waiting for the provider: not touched yet.
    t.advance(2 * MINUTE);
    expect(await retryStaleInvoiceClaims(t.ctx)).toBe(0);
    expect((await state(paid.id)).estado).toBe('en_proceso');

    t.advance(15 * MINUTE);
    const [a, b] = await Promise.all([retryStaleInvoiceClaims(t.ctx), retryStaleInvoiceClaims(t.ctx)]);
    expect(a + b).toBe(1);
    expect((await sandboxInvoices()).length).toBe(before + 1);
    const after = await state(paid.id);
    expect(after).toMatchObject({ estado: 'emitida', factura: { uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) } });
    expect(await retryStaleInvoiceClaims(t.ctx)).toBe(0);
    // The pending-work loop sends the e-mail the retry queued.
    await retryPendingWork({ ctx: t.ctx, providers: buildPaymentProviders(t.ctx.config, () => t.baseUrl), log: t.app.log, selfUrl: () => t.baseUrl, sendMail: createMailer(t.ctx.config) });
    await eventually(() => t.mails().some((m) => attachments(m.text).some((file) => file.filename === `factura_${after.factura.uuid}.pdf`)));
  });
});
