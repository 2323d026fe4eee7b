import type { AppContext } from '../context';
import { buyerRefundsOf, findInvoiceByKey, markInvoiceCancelled, type InvoiceRow } from '../repositories/invoice.repository';
import { loadOrder, type Order } from '../repositories/order.repository';
import { listPaymentsOfPurchase, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { egresoBody, type customerOf } from './cfdi-body';
import { queueInvoiceMail } from './invoice-mail';
import { cancelAtProvider, issueOnce, newInvoiceId, orderInvoiceKey } from './issue';
import { paymentFormOf, payingAttempt } from './payment-form';
import { invoicingProviderOf } from './provider';

/** Statuses of an order called off whole: its CFDI no longer stands. */
const CALLED_OFF = new Set(['cancelled', 'refunded']);

/**
 * What an invoiced order's refund does to its CFDI, once the change that gave money back has
 * committed (`orders/after-revocation.ts`): an order called off whole (cancelled, refunded) has its
 * ingreso cancelled at the provider (motive 02); a buyer's partial cancellation gets a credit note
 * (egreso, TipoRelacion 01 to the ingreso) of what it gave back, once per cancellation
 * (`egreso:{cancellation}`). An order with no invoice of its own (not requested, or in a global
 * invoice) is left alone.
 */
export async function invoiceAfterRefund(ctx: AppContext, purchaseId: string): Promise<void> {
  if (invoicingProviderOf(ctx).mode === 'off') return;
  const db = ctx.db.kysely;
  const invoice = await findInvoiceByKey(db, orderInvoiceKey(purchaseId));
  if (!invoice || invoice.status !== 'issued') return;
  const order = (await loadOrder(db, purchaseId))!;
  if (CALLED_OFF.has(order.purchase.status)) {
    await cancelAtProvider(ctx, invoice);
    await markInvoiceCancelled(db, invoice.id, '02', ctx.now().toISOString());
    return;
  }
  const attempt = payingAttempt(await listPaymentsOfPurchase(db, purchaseId));
  for (const refund of await buyerRefundsOf(db, purchaseId)) {
    if (refund.refund_cents <= 0 || !attempt) continue;
    const claim = {
      id: newInvoiceId(), unique_key: `egreso:${refund.id}`, kind: 'egreso' as const, purchase_id: purchaseId, related_invoice_id: invoice.id,
      receiver_json: invoice.receiver_json, total_cents: refund.refund_cents,
    };
    const { customer, body } = creditNote(order, invoice, refund.refund_cents, attempt);
    const issued = await issueOnce(ctx, claim, [], body);
    if (issued && customer.email) {
      await queueInvoiceMail(ctx, order, issued.id, customer.email);
    }
  }
}

/**
 * A credit note of `refundCents` of `order`: to the receiver its ingreso states, related to that
 * ingreso's UUID, in the FormaPago of the paying attempt. Also what a retry of its claim sends
 * (`stale-claims.ts`).
 */
export function creditNote(order: Order, ingreso: Pick<InvoiceRow, 'uuid' | 'receiver_json'>, refundCents: number, attempt: PaymentAttemptRow) {
  const { use: _use, ...customer } = JSON.parse(ingreso.receiver_json) as ReturnType<typeof customerOf> & { use: string };
  return { customer, body: (key: string) => egresoBody(order, { uuid: ingreso.uuid!, receiver: customer }, refundCents, paymentFormOf(attempt), key) };
}
