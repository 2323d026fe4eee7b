import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, InvoiceTable } from '../db/schema';

export type InvoiceRow = Selectable<InvoiceTable>;

/**
 * Claims an invoice: its row (`issuing`) by its unique key, and each purchase it covers in
 * `invoiced_purchases`, in the caller's transaction. Answers false when the key is taken (another
 * request claimed it first) or a purchase is already in another invoice; the caller rolls back then.
 */
export async function claimInvoice(trx: Kysely<Database>, row: Insertable<InvoiceTable>, purchaseIds: readonly string[]): Promise<boolean> {
  const inserted = await trx.insertInto('invoices').values(row).onConflict((oc) => oc.column('unique_key').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  for (const purchaseId of purchaseIds) {
    const covered = await trx.insertInto('invoiced_purchases').values({ purchase_id: purchaseId, invoice_id: row.id }).onConflict((oc) => oc.column('purchase_id').doNothing()).executeTakeFirst();
    if (Number(covered.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  }
  return true;
}

/** Gives up a claim the provider refused (its purchases free again, for another request or the global invoice). */
export async function dropInvoiceClaim(trx: Kysely<Database>, invoiceId: string): Promise<void> {
  await trx.deleteFrom('invoiced_purchases').where('invoice_id', '=', invoiceId).execute();
  await trx.deleteFrom('invoices').where('id', '=', invoiceId).where('status', '=', 'issuing').execute();
}

export async function findInvoiceByKey(db: Kysely<Database>, uniqueKey: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('unique_key', '=', uniqueKey).executeTakeFirst();
}

export async function findInvoice(db: Kysely<Database>, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The invoice a purchase went into (its own ingreso or a global one), or undefined. */
export async function findInvoiceCovering(db: Kysely<Database>, purchaseId: string): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoiced_purchases')
    .innerJoin('invoices', 'invoices.id', 'invoiced_purchases.invoice_id')
    .selectAll('invoices')
    .where('invoiced_purchases.purchase_id', '=', purchaseId)
    .executeTakeFirst();
}

/** Up to `limit` invoices of any kind still `issuing` with no change since `before`: claims a stopped process left. */
export async function staleClaims(db: Kysely<Database>, before: string, limit: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('status', '=', 'issuing').where('updated_at', '<', before).orderBy('updated_at').limit(limit).execute();
}

/** The sales an invoice claimed, in the order the global invoice lists them (paid first, then by id). */
export async function salesClaimedBy(db: Kysely<Database>, invoiceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('invoiced_purchases')
    .innerJoin('order_status_changes as paid', 'paid.purchase_id', 'invoiced_purchases.purchase_id')
    .select('invoiced_purchases.purchase_id as id')
    .where('invoiced_purchases.invoice_id', '=', invoiceId)
    .where('paid.to_status', '=', 'paid')
    .orderBy('paid.created_at')
    .orderBy('invoiced_purchases.purchase_id')
    .execute();
  return [...new Set(rows.map((row) => row.id))];
}

/** Takes a stale claim for a retry (compare-and-set on its `updated_at`): true for the one process that moved it. */
export async function takeStaleClaim(db: Kysely<Database>, claim: Pick<InvoiceRow, 'id' | 'updated_at'>, now: string): Promise<boolean> {
  const result = await db.updateTable('invoices').set({ updated_at: now }).where('id', '=', claim.id).where('status', '=', 'issuing').where('updated_at', '=', claim.updated_at).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The stamped CFDI stored once the provider answered (compare-and-set from `issuing`). */
export async function markInvoiceIssued(
  db: Kysely<Database>,
  id: string,
  stamped: { provider_id: string; uuid: string; xml: string; pdf_base64: string },
  now: string,
): Promise<void> {
  await db.updateTable('invoices').set({ ...stamped, status: 'issued', updated_at: now }).where('id', '=', id).where('status', '=', 'issuing').execute();
}

/** An issued CFDI cancelled at the provider; false when it was not `issued` (already cancelled). */
export async function markInvoiceCancelled(db: Kysely<Database>, id: string, motive: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ status: 'cancelled', cancellation_motive: motive, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The invoice the provider knows by `providerId`, or undefined. */
export async function findInvoiceByProviderId(db: Kysely<Database>, providerId: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
}

/** A cancellation SAT (or the receiver) refused: the CFDI is valid again (compare-and-set from `cancelled`). */
export async function markInvoiceValidAgain(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('invoices').set({ status: 'issued', cancellation_motive: null, updated_at: now }).where('id', '=', id).where('status', '=', 'cancelled').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When a purchase was paid (its move to `paid`), or undefined for one never paid. */
export async function paidAtOf(db: Kysely<Database>, purchaseId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_status_changes')
    .select('created_at')
    .where('purchase_id', '=', purchaseId)
    .where('to_status', '=', 'paid')
    .orderBy('id')
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * The sales of a period no invoice covers yet: purchases paid between `from` and `until` (their move
 * to `paid`), still paid or partly cancelled, with something charged. Oldest first.
 */
export async function uninvoicedSales(db: Kysely<Database>, from: string, until: string): Promise<{ id: string; event_id: number; paid_at: string }[]> {
  return db
    .selectFrom('order_status_changes as paid')
    .innerJoin('purchases', 'purchases.id', 'paid.purchase_id')
    .leftJoin('invoiced_purchases', 'invoiced_purchases.purchase_id', 'purchases.id')
    .select(['purchases.id', 'purchases.event_id', 'paid.created_at as paid_at'])
    .where('paid.to_status', '=', 'paid')
    .where('paid.created_at', '>=', from)
    .where('paid.created_at', '<=', until)
    .where('purchases.status', 'in', ['paid', 'partially_cancelled'])
    .where((eb) => eb('purchases.amount_cents', '+', eb.ref('purchases.products_cents')), '>', 0)
    .where('invoiced_purchases.purchase_id', 'is', null)
    .orderBy('paid.created_at')
    .orderBy('purchases.id')
    .execute();
}

/** The fiscal data a buyer saved (with consent), by their e-mail (lower case). */
export async function findFiscalProfile(db: Kysely<Database>, email: string): Promise<Record<string, string> | undefined> {
  const row = await db.selectFrom('fiscal_profiles').select('data_json').where('email', '=', email).executeTakeFirst();
  return row ? (JSON.parse(row.data_json) as Record<string, string>) : undefined;
}

export async function saveFiscalProfile(db: Kysely<Database>, email: string, data: Record<string, string>, now: string): Promise<void> {
  const data_json = JSON.stringify(data);
  await db
    .insertInto('fiscal_profiles')
    .values({ email, data_json, updated_at: now })
    .onConflict((oc) => oc.column('email').doUpdateSet({ data_json, updated_at: now }))
    .execute();
}

/** A buyer's partial cancellations of an order with what each gives back (their credit notes' amounts), oldest first. */
export async function buyerRefundsOf(db: Kysely<Database>, purchaseId: string): Promise<{ id: string; refund_cents: number }[]> {
  return db.selectFrom('buyer_cancellations').select(['id', 'refund_cents']).where('purchase_id', '=', purchaseId).orderBy('created_at').orderBy('id').execute();
}

/** Purchases whose buyer may still give (or take back) fiscal data at the payment step: not paid yet. */
const BEFORE_PAYMENT = ['held', 'pending'] as const;

/**
 * Keeps (or, with null, drops) the buyer's fiscal data given at the payment step with their purchase,
 * while it is not paid yet; false when it is no longer held or pending.
 */
export async function setCheckoutInvoiceRequest(db: Kysely<Database>, purchaseId: string, json: string | null, now: string): Promise<boolean> {
  const result = await db.updateTable('purchases').set({ invoice_request_json: json, updated_at: now }).where('id', '=', purchaseId).where('status', 'in', [...BEFORE_PAYMENT]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the fiscal data a paid purchase kept from its payment step, once (compare-and-set to null); undefined when none or taken. */
export async function takeCheckoutInvoiceRequest(db: Kysely<Database>, purchaseId: string): Promise<string | undefined> {
  const row = await db.selectFrom('purchases').select('invoice_request_json').where('id', '=', purchaseId).executeTakeFirst();
  const json = row?.invoice_request_json;
  if (!json) return undefined;
  const result = await db.updateTable('purchases').set({ invoice_request_json: null }).where('id', '=', purchaseId).where('invoice_request_json', '=', json).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? json : undefined;
}
