import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '../../src/server/db/locked-transaction';
import { createMailer } from '../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../src/server/payments/pending-work';
import { buildPaymentProviders } from '../../src/server/payments/registry';
import { retryStaleInvoiceClaims } from '../../src/server/invoicing/stale-claims';
import { issueGlobalInvoice } from '../../src/server/invoicing/global-invoice';
import { invoicingProviderOf } from '../../src/server/invoicing/provider';
import { monthOf } from '../../src/server/invoicing/settings';
import { claimInvoice } from '../../src/server/repositories/invoice.repository';
import type { InvoiceTable } from '../../src/server/db/schema';
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
  /** What a process leaves when it dies after its claim committed and before the provider answered: the row `issuing`, its sales covered. */
  const claimLeft = async (claim: Pick<InvoiceTable, 'id' | 'unique_key' | 'kind' | 'purchase_id' | 'related_invoice_id' | 'receiver_json' | 'total_cents'>, purchaseIds: string[]) => {
    const now = t.ctx.now().toISOString();
    const row = { ...claim, status: 'issuing' as const, provider_id: null, uuid: null, xml: null, pdf_base64: null, cancellation_motive: null, created_at: now, updated_at: now };
    expect(await withWriteTransaction(t.ctx.db, (trx) => claimInvoice(trx, row, purchaseIds))).toBe(true);
  };
  /** The provider took `invoiceId` as its idempotency key: sent again, refused (409), no second CFDI. */
  const keyTaken = async (invoiceId: string) => {
    const before = (await sandboxInvoices()).length;
    const again = invoicingProviderOf(t.ctx).client().invoices.create({ idempotency_key: invoiceId });
    await expect(again).rejects.toMatchObject({ status: 409 });
    expect((await sandboxInvoices()).length).toBe(before);
  };
  /** Two runs of the retry at once, then a third: one CFDI stamped, once. */
  const retriedOnce = async () => {
    const before = (await sandboxInvoices()).length;
    // A process may still be waiting for the provider: not touched yet.
    t.advance(2 * MINUTE);
    expect(await retryStaleInvoiceClaims(t.ctx)).toBe(0);
    t.advance(15 * MINUTE);
    const [a, b] = await Promise.all([retryStaleInvoiceClaims(t.ctx), retryStaleInvoiceClaims(t.ctx)]);
    expect(a + b).toBe(1);
    expect(await retryStaleInvoiceClaims(t.ctx)).toBe(0);
    expect((await sandboxInvoices()).length).toBe(before + 1);
  };

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

  it('stamps a global invoice left issuing once, with the sales it claimed; the next run of the month answers it', async () => {
    const sale = await paidWithPayPal(t);
    const [purchase] = await t.rows('purchases', 'id', sale.id);
    const month = monthOf(t.ctx.now());
    const receiver = { legal_name: 'PUBLICO EN GENERAL', tax_id: 'XAXX010101000', tax_system: '616', email: '', address: { zip: '64000', country: 'MEX' }, use: 'S01' };
    await claimLeft({
      id: '4a4c6a52-90a4-4f0b-9d0e-1c1a3f1e0c02', unique_key: `global:${month}`, kind: 'global', purchase_id: null, related_invoice_id: null,
      receiver_json: JSON.stringify(receiver), total_cents: Number(purchase.amount_cents) + Number(purchase.products_cents),
    }, [sale.id]);
    await retriedOnce();
    const [global] = await t.rows('invoices', 'unique_key', `global:${month}`);
    expect(global).toMatchObject({ status: 'issued', uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    expect(global.xml).toContain('InformacionGlobal');
    expect(global.xml).toContain(`NoIdentificacion="${sale.id}"`);
    expect(await issueGlobalInvoice(t.ctx, month)).toMatchObject({ outcome: 'already', invoice: { id: global.id } });
    await keyTaken(global.id);
  });

  it('gives up a global invoice the provider refuses on retry, its sales free again, and logs the reason', async () => {
    const sale = await paidWithPayPal(t);
    // A receiver the provider refuses (a postal code of one digit): refused again on every retry.
    const receiver = { legal_name: 'PUBLICO EN GENERAL', tax_id: 'XAXX010101000', tax_system: '616', email: '', address: { zip: '1', country: 'MEX' }, use: 'S01' };
    await claimLeft({
      id: '4a4c6a52-90a4-4f0b-9d0e-1c1a3f1e0c05', unique_key: 'global:2026-01', kind: 'global', purchase_id: null, related_invoice_id: null,
      receiver_json: JSON.stringify(receiver), total_cents: 100,
    }, [sale.id]);
    const warnings: [Record<string, unknown>, string][] = [];
    t.advance(15 * MINUTE);
    expect(await retryStaleInvoiceClaims(t.ctx, { warn: (details, message) => warnings.push([details as Record<string, unknown>, message]) })).toBe(0);
    expect(await t.rows('invoices', 'unique_key', 'global:2026-01')).toEqual([]);
    expect(await t.rows('invoiced_purchases', 'purchase_id', sale.id)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0][1]).toBe('invoice left issuing not stamped on retry');
    expect(warnings[0][0]).toMatchObject({ kind: 'global', key: 'global:2026-01', err: { code: 'INVOICE_REJECTED', message: expect.stringContaining('customer.address.zip') } });
  });

  it('stamps a credit note left issuing once, related to the order\'s invoice, and e-mails it', async () => {
    const paid = await paidWithPayPal(t);
    const [purchase] = await t.rows('purchases', 'id', paid.id);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/cancel`, headers: { 'x-purchase-key': t.keyOf(paid.id) }, payload: { ticket_ids: [paid.tickets[0].id] } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The order's invoice, stamped by a retry too (no credit note follows it there).
    await claimLeft({
      id: '4a4c6a52-90a4-4f0b-9d0e-1c1a3f1e0c03', unique_key: `order:${paid.id}`, kind: 'ingreso', purchase_id: paid.id, related_invoice_id: null,
      receiver_json: JSON.stringify(RECEIVER), total_cents: Number(purchase.amount_cents) + Number(purchase.products_cents),
    }, [paid.id]);
    await retriedOnce();
    const [ingreso] = await t.rows('invoices', 'unique_key', `order:${paid.id}`);
    expect(ingreso.status).toBe('issued');
    const [refund] = await t.rows('buyer_cancellations', 'purchase_id', paid.id);
    await claimLeft({
      id: '4a4c6a52-90a4-4f0b-9d0e-1c1a3f1e0c04', unique_key: `egreso:${refund.id}`, kind: 'egreso', purchase_id: paid.id, related_invoice_id: ingreso.id,
      receiver_json: ingreso.receiver_json, total_cents: Number(refund.refund_cents),
    }, []);
    await retriedOnce();
    const [note] = await t.rows('invoices', 'unique_key', `egreso:${refund.id}`);
    expect(note).toMatchObject({ status: 'issued', uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    expect(note.xml).toContain('TipoDeComprobante="E"');
    expect(note.xml).toContain(`UUID="${ingreso.uuid}"`);
    await keyTaken(note.id);
    await retryPendingWork({ ctx: t.ctx, providers: buildPaymentProviders(t.ctx.config, () => t.baseUrl), log: t.app.log, selfUrl: () => t.baseUrl, sendMail: createMailer(t.ctx.config) });
    await eventually(() => t.mails().some((m) => attachments(m.text).some((file) => file.filename === `factura_${note.uuid}.pdf`)));
  });
});
