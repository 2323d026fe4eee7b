import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BuyerInfo } from '../../shared/api';
import type { OrderFormAnswers } from '../../shared/attendee-form/attendee-form.types';
import type { Database, PurchaseAccessKeyTable, PurchaseLineTable, PurchaseTable } from '../db/schema';
import { precompiled } from './precompiled';
import { insertAccessKey } from './purchase-access.repository';

// The buyer (`buyer_info_json`) is stored as the API returns it; the attendee answers (`form_json`)
// as the add-info request sent them: per ticket type (its external id), one answer object per unit.
type JsonColumns = 'buyer_info_json' | 'form_json';
/** A purchase with its buyer and attendee answers decoded (null until given, and after an unpaid purchase's data is erased). */
export type PurchaseRow = Omit<Selectable<PurchaseTable>, JsonColumns> & { buyer: BuyerInfo | null; attendee_answers: OrderFormAnswers | null };
export type NewPurchase = Omit<Insertable<PurchaseTable>, JsonColumns> & { buyer: BuyerInfo | null; attendee_answers: OrderFormAnswers | null };
/**
 * A change to a purchase; `buyer` / `attendee_answers` are written only when present (null erases them).
 * Never its status: that moves through `orders/lifecycle.ts` alone.
 */
export type PurchasePatch = Omit<Updateable<PurchaseTable>, JsonColumns | 'status'> & { buyer?: BuyerInfo | null; attendee_answers?: OrderFormAnswers | null };

/** A line with its product options decoded (option id → chosen value; null on ticket lines). */
export type PurchaseLineRow = Omit<Selectable<PurchaseLineTable>, 'options_json'> & { options: Record<string, string> | null };
export type NewPurchaseLine = Omit<Insertable<PurchaseLineTable>, 'options_json'> & { options: Record<string, string> | null };

/** Whatever shape an older row holds, the buyer comes out with every field a string and the language es unless en. */
function decodeBuyer(json: string | null): BuyerInfo | null {
  if (!json) return null;
  const info = JSON.parse(json) as Partial<Record<keyof BuyerInfo, unknown>>;
  return { name: String(info.name ?? ''), email: String(info.email ?? ''), phone: String(info.phone ?? ''), lang: info.lang === 'en' ? 'en' : 'es' };
}

function decodePurchase({ buyer_info_json, form_json, ...row }: Selectable<PurchaseTable>): PurchaseRow {
  return { ...row, buyer: decodeBuyer(buyer_info_json), attendee_answers: form_json ? (JSON.parse(form_json) as OrderFormAnswers) : null };
}

function encodeJson(value: unknown): string | null | undefined {
  return value === undefined ? undefined : value === null ? null : JSON.stringify(value);
}

/** A patch as its columns are stored (buyer and answers encoded). */
export function storedPatch({ buyer, attendee_answers, ...patch }: PurchasePatch): Updateable<PurchaseTable> {
  const encoded: Updateable<PurchaseTable> = { ...patch };
  if (buyer !== undefined) encoded.buyer_info_json = encodeJson(buyer);
  if (attendee_answers !== undefined) encoded.form_json = encodeJson(attendee_answers);
  return encoded;
}

type StoredPurchase = Insertable<PurchaseTable>;
type StoredLine = Insertable<PurchaseLineTable>;
// Every column a new purchase or line is written with, in one fixed order: the insert is compiled once (precompiled.ts).
const purchaseColumns = [
  'id', 'event_id', 'status', 'referrer', 'discount_code_id', 'tickets_cents', 'tickets_discount_cents', 'products_cents', 'comission_cents',
  'amount_cents', 'amount_out_discount_cents', 'expires_at', 'stock_until', 'buyer_info_json', 'form_json', 'form_completed', 'emission_id',
  'client_key', 'stock_counted', 'created_at', 'updated_at',
] as const satisfies readonly (keyof StoredPurchase)[];
const lineColumns = ['purchase_id', 'kind', 'item_id', 'quantity', 'unit_price_cents', 'options_json'] as const satisfies readonly (keyof StoredLine)[];
type Row<C extends readonly string[]> = Record<C[number], unknown>;
const insertPurchaseRow = precompiled<Row<typeof purchaseColumns>>(purchaseColumns, (db, p) => db.insertInto('purchases').values(p as StoredPurchase));
const insertOneLine = precompiled<Row<typeof lineColumns>>(lineColumns, (db, p) => db.insertInto('purchase_lines').values(p as StoredLine));

/** A new purchase as its row is stored (buyer and answers encoded). */
export function storedPurchase({ buyer, attendee_answers, ...row }: NewPurchase): StoredPurchase {
  return { ...row, buyer_info_json: encodeJson(buyer) ?? null, form_json: encodeJson(attendee_answers) ?? null };
}

/** A new line as its row is stored (options encoded). */
export function storedLine({ options, ...line }: NewPurchaseLine): StoredLine & { options_json: string | null } {
  return { ...line, options_json: encodeJson(options) ?? null };
}

/** Stores a new purchase. */
export async function insertPurchase(db: Kysely<Database>, purchase: NewPurchase): Promise<void> {
  const stored = storedPurchase(purchase);
  // The precompiled insert when the row has exactly its columns; any other shape (a column left to its default) the plain way.
  const keys = Object.keys(stored) as (keyof StoredPurchase)[];
  const exact = keys.length === purchaseColumns.length && purchaseColumns.every((column) => stored[column] !== undefined);
  if (exact) await insertPurchaseRow(db, stored as Row<typeof purchaseColumns>);
  else await db.insertInto('purchases').values(stored).execute();
}

const holdColumns = [...purchaseColumns, 'line_kind', 'line_item_id', 'line_quantity', 'line_unit_price_cents', 'line_options_json', 'key_hash', 'key_issued_to', 'key_created_at'] as const;
/**
 * PostgreSQL: a new purchase, its one line and its access key in one statement (data-modifying
 * CTEs; the foreign keys are checked at the statement's end, when the purchase is there): one round
 * trip inside the holding transaction instead of three.
 */
const insertHoldOneStatement = precompiled<Row<typeof holdColumns>>(holdColumns, (db, p) => db
  .with('p', (qb) => qb.insertInto('purchases').values(Object.fromEntries(purchaseColumns.map((c) => [c, p[c]])) as StoredPurchase).returning('id'))
  .with('l', (qb) => qb.insertInto('purchase_lines').values({
    purchase_id: p.id, kind: p.line_kind, item_id: p.line_item_id, quantity: p.line_quantity, unit_price_cents: p.line_unit_price_cents, options_json: p.line_options_json,
  } as StoredLine).returning('id'))
  .insertInto('purchase_access_keys').values({ key_hash: p.key_hash, purchase_id: p.id, issued_to: p.key_issued_to, created_at: p.key_created_at } as Insertable<PurchaseAccessKeyTable>));

/**
 * Stores a new held purchase with its lines and its access key. `oneStatement` (PostgreSQL): an
 * order of one line is written by one statement; anything else, and SQLite (no round trips to
 * save), by `insertPurchase`, `insertLines` and the key's insert.
 */
export async function insertHeldPurchase(
  db: Kysely<Database>,
  purchase: NewPurchase,
  lines: NewPurchaseLine[],
  key: Insertable<PurchaseAccessKeyTable>,
  oneStatement: boolean,
): Promise<void> {
  const [line] = lines;
  if (oneStatement && lines.length === 1 && line.purchase_id === purchase.id && key.purchase_id === purchase.id) {
    const stored = storedPurchase(purchase);
    if (Object.keys(stored).length === purchaseColumns.length && purchaseColumns.every((column) => stored[column] !== undefined)) {
      await insertHoldOneStatement(db, {
        ...(stored as Row<typeof purchaseColumns>),
        line_kind: line.kind, line_item_id: line.item_id, line_quantity: line.quantity, line_unit_price_cents: line.unit_price_cents,
        line_options_json: encodeJson(line.options) ?? null, key_hash: key.key_hash, key_issued_to: key.issued_to, key_created_at: key.created_at,
      });
      return;
    }
  }
  await insertPurchase(db, purchase);
  await insertLines(db, lines);
  await insertAccessKey(db, key);
}

/** Stores the lines of a purchase (no-op for an empty list). */
export async function insertLines(db: Kysely<Database>, lines: NewPurchaseLine[]): Promise<void> {
  if (lines.length === 0) return;
  const stored = lines.map(storedLine);
  // One line (the usual order: one ticket type) runs the precompiled insert; several, one multi-row insert.
  if (stored.length === 1) await insertOneLine(db, stored[0]);
  else await db.insertInto('purchase_lines').values(stored).execute();
}

/** The purchase with this id, or undefined. */
export async function findPurchase(db: Kysely<Database>, id: string): Promise<PurchaseRow | undefined> {
  const row = await db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodePurchase(row);
}

/** The url of the event a purchase belongs to, or undefined for an unknown purchase. */
export async function eventUrlOfPurchase(db: Kysely<Database>, purchaseId: string): Promise<string | undefined> {
  const row = await db.selectFrom('purchases').innerJoin('events', 'events.id', 'purchases.event_id').select('events.url').where('purchases.id', '=', purchaseId).executeTakeFirst();
  return row?.url;
}

/** Lines of a purchase, tickets first, in insertion order. */
export async function listLines(db: Kysely<Database>, purchaseId: string): Promise<PurchaseLineRow[]> {
  const rows = await db.selectFrom('purchase_lines').selectAll().where('purchase_id', '=', purchaseId).orderBy('kind', 'desc').orderBy('id').execute();
  return rows.map(({ options_json, ...line }) => ({ ...line, options: options_json ? (JSON.parse(options_json) as Record<string, string>) : null }));
}

/** Removes the lines of one kind (products are replaced wholesale on every update). */
export async function deleteLines(db: Kysely<Database>, purchaseId: string, kind: 'ticket' | 'product'): Promise<void> {
  await db.deleteFrom('purchase_lines').where('purchase_id', '=', purchaseId).where('kind', '=', kind).execute();
}

/** PostgreSQL: locks a purchase's row for the transaction, taken before any item row so stock writers lock in one order. */
export async function lockPurchaseRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.selectFrom('purchases').select('id').where('id', '=', id).forUpdate().execute();
}

/** Applies `patch` to a purchase. */
export async function updatePurchase(db: Kysely<Database>, id: string, patch: PurchasePatch): Promise<void> {
  await db.updateTable('purchases').set(storedPatch(patch)).where('id', '=', id).execute();
}
