import { randomUUID } from 'node:crypto';
import { CancellationMotive, FacturapiError } from 'facturapi';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import type { InvoiceTable } from '../db/schema';
import { errors } from '../http/app-error';
import { claimInvoice, dropInvoiceClaim, findInvoiceByKey, markInvoiceIssued, type InvoiceRow } from '../repositories/invoice.repository';
import { downloaded, invoicingProviderOf } from './provider';

/** Thrown inside a claim's transaction to roll it back (the key or a purchase was taken). */
class ClaimTaken extends Error {}

/** What an invoice is claimed with (its row but the provider's answers). */
export type InvoiceClaim = Omit<Insertable<InvoiceTable>, 'status' | 'provider_id' | 'uuid' | 'xml' | 'pdf_base64' | 'cancellation_motive' | 'created_at' | 'updated_at'>;

/**
 * Issues one CFDI exactly once per `claim.unique_key`: the claim (`issuing`, its purchases in
 * `invoiced_purchases`) commits first, so of two requests at once one calls the provider and the
 * other finds the claim; then `stampClaim`. Answers the stored invoice, or `undefined` when the key (or
 * a purchase) was already taken: the caller reads what took it.
 */
export async function issueOnce(ctx: AppContext, claim: InvoiceClaim, purchaseIds: readonly string[], body: (idempotencyKey: string) => Record<string, unknown>): Promise<InvoiceRow | undefined> {
  const now = ctx.now().toISOString();
  const row = { ...claim, status: 'issuing' as const, provider_id: null, uuid: null, xml: null, pdf_base64: null, cancellation_motive: null, created_at: now, updated_at: now };
  try {
    await withWriteTransaction(ctx.db, async (trx) => {
      if (!(await claimInvoice(trx, row, purchaseIds))) throw new ClaimTaken();
    });
  } catch (error) {
    if (error instanceof ClaimTaken) return undefined;
    throw error;
  }
  return stampClaim(ctx, claim, body);
}

/**
 * The provider stamps a claimed invoice (our invoice id as its idempotency key) and its UUID, XML and
 * PDF are stored. A failure gives the claim up (its purchases free for another request or the global
 * invoice): a refusal (4xx) as 422 with the provider's reason, anything else as it came. But a
 * repeated key (409: the provider took this invoice before, a retry of `stale-claims.ts` after a
 * stop) keeps the claim `issuing`: giving it up would let a new request stamp a second CFDI.
 */
export async function stampClaim(ctx: AppContext, claim: Pick<InvoiceClaim, 'id' | 'unique_key'>, body: (idempotencyKey: string) => Record<string, unknown>): Promise<InvoiceRow> {
  const client = invoicingProviderOf(ctx).client();
  let stamped: { id: string; uuid: string };
  try {
    stamped = await client.invoices.create(body(claim.id));
  } catch (error) {
    const refused = error instanceof FacturapiError && error.status >= 400 && error.status < 500;
    if (refused && error.status === 409) throw error;
    await withWriteTransaction(ctx.db, (trx) => dropInvoiceClaim(trx, claim.id));
    throw refused ? errors.invoiceRejected(error.message) : error;
  }
  const [xml, pdf] = await Promise.all([downloaded(await client.invoices.downloadXml(stamped.id)), downloaded(await client.invoices.downloadPdf(stamped.id))]);
  await markInvoiceIssued(ctx.db.kysely, claim.id, { provider_id: stamped.id, uuid: stamped.uuid, xml: xml.toString('utf8'), pdf_base64: pdf.toString('base64') }, ctx.now().toISOString());
  return (await findInvoiceByKey(ctx.db.kysely, claim.unique_key))!;
}

/** The unique key of an order's own invoice (its ingreso). */
export const orderInvoiceKey = (purchaseId: string) => `order:${purchaseId}`;

/** A new invoice id (also the provider's idempotency key). */
export function newInvoiceId(): string {
  return randomUUID();
}

/** Cancels a stamped CFDI at the provider (motive 02: "comprobante emitido con errores sin relación", no substitute). */
export async function cancelAtProvider(ctx: AppContext, invoice: Pick<InvoiceRow, 'provider_id'>): Promise<void> {
  await invoicingProviderOf(ctx).client().invoices.cancel(invoice.provider_id!, { motive: CancellationMotive.ERRORES_SIN_RELACION });
}
