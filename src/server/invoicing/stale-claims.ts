import type { AppContext } from '../context';
import { staleIngresoClaims, takeStaleClaim, type InvoiceRow } from '../repositories/invoice.repository';
import { loadOrder } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import { queueInvoiceMail } from './buyer-invoice';
import { ingresoBody } from './cfdi-body';
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

/**
 * Buyers' invoices left `issuing` by a process that stopped between the claim and the provider's
 * answer (run by the pending-work loop): each claim unchanged for STALE_CLAIM_MS is taken by one
 * process (compare-and-set on its `updated_at`) and stamped with the same idempotency key and the
 * data the buyer gave, then e-mailed. A failure gives the claim up as a request's would (`stampClaim`;
 * the buyer may ask again); a repeated key (the provider took it before the stop) keeps it for an
 * operator, logged, retried after another STALE_CLAIM_MS. Answers how many were issued.
 */
export async function retryStaleInvoiceClaims(ctx: AppContext, log?: { warn: (details: object, message: string) => void }): Promise<number> {
  if (invoicingProviderOf(ctx).mode === 'off') return 0;
  const now = ctx.now();
  const stale = await staleIngresoClaims(ctx.db.kysely, new Date(now.getTime() - STALE_CLAIM_MS).toISOString(), 20);
  let issued = 0;
  for (const claim of stale) {
    if (!claim.purchase_id || !(await takeStaleClaim(ctx.db.kysely, claim, now.toISOString()))) continue;
    const order = await loadOrder(ctx.db.kysely, claim.purchase_id);
    const attempt = payingAttempt(await listPaymentsOfPurchase(ctx.db.kysely, claim.purchase_id));
    if (!order || !attempt) continue;
    const receiver = receiverOf(claim);
    try {
      const invoice = await stampClaim(ctx, claim, (key) => ingresoBody(order, receiver, invoicePaymentOf(attempt), key));
      await queueInvoiceMail(ctx, order, invoice.id, receiver.email);
      issued += 1;
    } catch (error) {
      log?.warn({ err: error, invoice: claim.id, purchase: claim.purchase_id }, 'invoice left issuing not stamped on retry');
    }
  }
  return issued;
}
