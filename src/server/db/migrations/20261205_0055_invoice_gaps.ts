import type { Kysely, Migration } from 'kysely';

/**
 * What invoices need of payments and held purchases:
 * - `payment_attempts.card_funding`: `credit`, `debit` or `prepaid` as the provider tells the card that
 *   paid (Stripe's `card.funding`, MercadoPago's `payment_type_id`, Openpay's `card.type`); null for
 *   other methods or when it does not say. A debit card's CFDI states FormaPago 28.
 * - `purchases.invoice_request_json`: the buyer's fiscal data given at the payment step ("Quiero
 *   factura", `invoicing.ask_at_checkout`), kept with the held purchase and requested once it is paid.
 */
export function invoiceGapsMigration(): Migration {
  return { up, down };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('card_funding', 'text').execute();
  await db.schema.alterTable('purchases').addColumn('invoice_request_json', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchases').dropColumn('invoice_request_json').execute();
  await db.schema.alterTable('payment_attempts').dropColumn('card_funding').execute();
}
