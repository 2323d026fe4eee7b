import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findInvoiceByKey, uninvoicedSales, type InvoiceRow } from '../repositories/invoice.repository';
import { loadOrder } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import { customerOf, generalPublic, itemsFor, orderTotalCents, saleLine } from './cfdi-body';
import { issueOnce, newInvoiceId } from './issue';
import { paymentFormOf, payingAttempt } from './payment-form';
import { invoicingProviderOf } from './provider';
import { invoicingSettings, monthBounds } from './settings';

/** What a run of the global invoice did. */
export interface GlobalInvoiceRun {
  month: string;
  /** `issued` now, `already` issued by an earlier run, `nothing`: no sale left to invoice. */
  outcome: 'issued' | 'already' | 'nothing';
  invoice: InvoiceRow | undefined;
  sales: number;
}

/**
 * The month's global invoice (`npm run cfdi:global -- --month 2026-11`): one CFDI to the general
 * public (XAXX010101000, InformacionGlobal periodicidad 04 mensual, the month and year) with one
 * concept per sale paid that month (Mexico City time) that no invoice covers yet — the buyers who
 * did not request theirs. Once per month (`global:{YYYY-MM}`): a second run answers the first's
 * invoice. Its FormaPago is that of the largest share of the amount. Run it after the request window
 * of the month's sales has closed (by default the 4th of the next month).
 */
export async function issueGlobalInvoice(ctx: AppContext, month: string): Promise<GlobalInvoiceRun> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`--month ${month}: write the month as YYYY-MM (2026-11)`);
  const key = `global:${month}`;
  const done = await findInvoiceByKey(ctx.db.kysely, key);
  if (done) return { month, outcome: 'already', invoice: done, sales: 0 };
  const provider = invoicingProviderOf(ctx);
  if (provider.mode === 'off' || !provider.expeditionZip) throw errors.invoiceNotAvailable();
  const { from, until } = monthBounds(month);
  const sales = await uninvoicedSales(ctx.db.kysely, from.toISOString(), until.toISOString());
  if (sales.length === 0) return { month, outcome: 'nothing', invoice: undefined, sales: 0 };
  const receiver = customerOf(generalPublic(provider.expeditionZip));
  const { totalCents, body } = await globalInvoiceBody(ctx, month, sales.map((s) => s.id), receiver);
  const claim = { id: newInvoiceId(), unique_key: key, kind: 'global' as const, purchase_id: null, related_invoice_id: null, receiver_json: JSON.stringify({ ...receiver, use: 'S01' }), total_cents: totalCents };
  const invoice = await issueOnce(ctx, claim, sales.map((s) => s.id), body);
  // Taken meanwhile (another run, or a buyer's request for one of the sales): the next run starts again.
  if (!invoice) return { month, outcome: 'already', invoice: await findInvoiceByKey(ctx.db.kysely, key), sales: 0 };
  return { month, outcome: 'issued', invoice, sales: sales.length };
}

/**
 * A global invoice's body: one sale line per purchase of `saleIds` (its total with IVA), to the general
 * public `customer`, InformacionGlobal of `month`, the FormaPago of the largest share of the amount.
 * Built from the sales as stored, so a retry of the claim (`stale-claims.ts`) sends what the run sent.
 */
export async function globalInvoiceBody(ctx: AppContext, month: string, saleIds: readonly string[], customer: ReturnType<typeof customerOf>) {
  const lines: ReturnType<typeof saleLine>[] = [];
  const byForm = new Map<string, number>();
  for (const id of saleIds) {
    const order = (await loadOrder(ctx.db.kysely, id))!;
    const total = orderTotalCents(order);
    lines.push(saleLine(id, total, invoicingSettings(order.event).tax));
    const attempt = payingAttempt(await listPaymentsOfPurchase(ctx.db.kysely, id));
    const form = attempt ? paymentFormOf(attempt) : '01';
    byForm.set(form, (byForm.get(form) ?? 0) + total);
  }
  const paymentForm = [...byForm.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const [year, monthNumber] = month.split('-');
  return {
    totalCents: lines.reduce((sum, line) => sum + line.unitGrossCents, 0),
    body: (idempotencyKey: string) => ({
      type: 'I',
      customer,
      items: itemsFor(lines),
      use: 'S01',
      payment_form: paymentForm,
      payment_method: 'PUE',
      currency: 'MXN',
      global: { periodicity: 'month', months: monthNumber, year: Number(year) },
      external_id: `global:${month}`,
      idempotency_key: idempotencyKey,
    }),
  };
}
