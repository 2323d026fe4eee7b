import type { AppContext } from '../context';
import { findInvoice, salesClaimedBy, staleClaims, takeStaleClaim, type InvoiceRow } from '../repositories/invoice.repository';
import { loadOrder, type Order } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import { creditNote } from './after-refund';
import { queueInvoiceMail } from './invoice-mail';
import { ingresoBody } from './cfdi-body';
import { globalInvoiceBody } from './global-invoice';
import type { Receiver } from './invoice-request';
import { stampClaim } from './issue';
import { invoicePaymentOf, payingAttempt } from './payment-form';
import { invoicingProviderOf } from './provider';

/** How long a claim may stay `issuing` before a retry takes it: far longer than a request's stamp and downloads. */
export const STALE_CLAIM_MS = 10 * 60_000;

/** The receiver a claim stored (facturapi's customer and the use), as the body builder takes it. */
function receiverOf(claim: InvoiceRow): Receiver {
  const stored = JSON.parse(claim.receiver_json) as { legal_name: string; tax_id: string; tax_system: string; email: string; address: { zip: string }; use: string };
  return {
    rfc: stored.tax_id, legalName: stored.legal_name, regime: stored.tax_system, zip: stored.address.zip, use: stored.use, email: stored.email,
    kind: stored.tax_id.length === 12 ? 'moral' : 'fisica',
  };
}

/** What a stale claim is stamped with again, and the e-mail that follows (none for a global invoice). */
interface Retry {
  body: (idempotencyKey: string) => Record<string, unknown>;
  mailTo?: { order: Order; recipient: string };
}

/**
 * The body each kind of claim was first sent with, rebuilt from what the claim stored: a buyer's
 * ingreso (their data, the order, the paying attempt), a month's global invoice (the sales it claimed
 * in `invoiced_purchases`, the general public it stored), a credit note (its order, the amount, the
 * stamped ingreso it relates to). Undefined when what it needs is gone (no paying attempt, an
 * ingreso not stamped): the claim waits for another STALE_CLAIM_MS, logged.
 */
async function retryOf(ctx: AppContext, claim: InvoiceRow): Promise<Retry | undefined> {
  const db = ctx.db.kysely;
  if (claim.kind === 'global') {
    const { use: _use, ...customer } = JSON.parse(claim.receiver_json) as Parameters<typeof globalInvoiceBody>[3] & { use: string };
    const sales = await salesClaimedBy(db, claim.id);
    return sales.length === 0 ? undefined : { body: (await globalInvoiceBody(ctx, claim.unique_key.slice('global:'.length), sales, customer)).body };
  }
  if (!claim.purchase_id) return undefined;
  const order = await loadOrder(db, claim.purchase_id);
  const attempt = payingAttempt(await listPaymentsOfPurchase(db, claim.purchase_id));
  if (!order || !attempt) return undefined;
  if (claim.kind === 'ingreso') {
    const receiver = receiverOf(claim);
    return { body: (key) => ingresoBody(order, receiver, invoicePaymentOf(attempt), key), mailTo: { order, recipient: receiver.email } };
  }
  const ingreso = claim.related_invoice_id ? await findInvoice(db, claim.related_invoice_id) : undefined;
  if (!ingreso?.uuid) return undefined;
  const { customer, body } = creditNote(order, ingreso, claim.total_cents, attempt);
  return { body, mailTo: customer.email ? { order, recipient: customer.email } : undefined };
}

/**
 * Invoices of every kind — a buyer's ingreso, a month's global invoice, a credit note — left
 * `issuing` by a process that stopped between the claim and the provider's answer (run by the
 * pending-work loop): each claim unchanged for STALE_CLAIM_MS is taken by one process (compare-and-set
 * on its `updated_at`) and stamped with the same idempotency key and the body rebuilt from what the
 * claim stored (`retryOf`), then e-mailed to the buyer (not a global invoice). A refusal gives the
 * claim up as the first attempt's would (`stampClaim`: the buyer may ask again, the month's
 * `cfdi:global` run takes its sales again), logged with the provider's reason; a repeated key (the
 * provider took it before the stop) keeps it for an operator, logged, retried after another
 * STALE_CLAIM_MS. Answers how many were issued.
 */
export async function retryStaleInvoiceClaims(ctx: AppContext, log?: { warn: (details: object, message: string) => void }): Promise<number> {
  if (invoicingProviderOf(ctx).mode === 'off') return 0;
  const now = ctx.now();
  const stale = await staleClaims(ctx.db.kysely, new Date(now.getTime() - STALE_CLAIM_MS).toISOString(), 20);
  let issued = 0;
  for (const claim of stale) {
    if (!(await takeStaleClaim(ctx.db.kysely, claim, now.toISOString()))) continue;
    const retry = await retryOf(ctx, claim);
    if (!retry) {
      log?.warn({ invoice: claim.id, kind: claim.kind, key: claim.unique_key }, 'invoice left issuing waits: its order, payment or stamped ingreso is missing');
      continue;
    }
    try {
      const invoice = await stampClaim(ctx, claim, retry.body);
      if (retry.mailTo) await queueInvoiceMail(ctx, retry.mailTo.order, invoice.id, retry.mailTo.recipient);
      issued += 1;
    } catch (error) {
      log?.warn({ err: error, invoice: claim.id, kind: claim.kind, key: claim.unique_key }, 'invoice left issuing not stamped on retry');
    }
  }
  return issued;
}
