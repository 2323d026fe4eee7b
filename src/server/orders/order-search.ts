import type { AdminOrderRow, AdminOrderSearchQuery, AdminOrderSearchResponse, AdminOrderStatus } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import type { PurchaseStatus } from '../db/schema';
import { errors } from '../http/app-error';
import { eventIdsOfUrls, purchasesMatching, searchPurchases, type SearchKeys, type SearchRow } from '../repositories/order-search.repository';
import { effectiveStatus } from '../services/purchase.service';

/** Rows of a page unless the caller asks another number, from 1 to `SEARCH_LIMIT_MAX` (else 400 `ORDER_SEARCH_INVALID`). */
export const SEARCH_LIMIT_DEFAULT = 25;
export const SEARCH_LIMIT_MAX = 100;

/** Characters a phone is typed with besides its digits. */
const PHONE_SEPARATORS = /[\s().+-]/g;

/**
 * What one search text may be, each looked up by its own index: always a purchase id; an e-mail (with `@`); a folio
 * (up to 9 digits, leading zeros as printed); a phone (7 digits or more, typed with spaces, dashes, brackets or `+`);
 * the start of a name (2 characters or more, with a letter).
 */
export function searchKeys(text: string): SearchKeys {
  const q = text.trim();
  if (!q) return {};
  const keys: SearchKeys = { reference: q };
  if (q.includes('@')) return { ...keys, email: q.toLowerCase() };
  if (/^\d{1,9}$/.test(q)) keys.folio = Number(q);
  const digits = q.replace(PHONE_SEPARATORS, '');
  if (/^\d{7,}$/.test(digits)) keys.phone = digits;
  if (q.length >= 2 && /\p{L}/u.test(q)) keys.namePrefix = q.toLowerCase();
  return keys;
}

/** The keyset of a page (the last row's creation time and id), opaque to the caller. */
function encodeCursor(row: SearchRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {
    // Falls through to the refusal.
  }
  throw errors.orderSearchInvalid();
}

/** An ISO time as stored (UTC, `toISOString`), or the refusal of a date that is none. */
function storedTime(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw errors.orderSearchInvalid();
  return time.toISOString();
}

function rowOf(row: SearchRow, now: string): AdminOrderRow {
  const buyer = row.buyer_info_json ? (JSON.parse(row.buyer_info_json) as Record<string, unknown>) : null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    purchase_id: row.id,
    event: { url: row.event_url, name: row.event_name },
    buyer: { name: text(buyer?.name), email: text(buyer?.email), phone: text(buyer?.phone) },
    status: effectiveStatus(row, now) as AdminOrderStatus,
    method: row.method,
    total: centsToPesos(row.amount_cents),
    created_at: row.created_at,
    paid_at: row.paid_at,
    tickets: row.tickets,
  };
}

/**
 * `GET /api/admin/orders`: the purchases a text names (`searchKeys`) under the filters, newest first, a page of `limit`
 * with the cursor of the next; only among `allowedUrls` (null: every event). An event outside them, or unknown, finds nothing.
 */
export async function searchOrders(ctx: AppContext, query: AdminOrderSearchQuery, allowedUrls: string[] | null): Promise<AdminOrderSearchResponse> {
  const db = ctx.db.kysely;
  const limit = query.limit === undefined ? SEARCH_LIMIT_DEFAULT : Number(query.limit);
  if (limit < 1 || limit > SEARCH_LIMIT_MAX) throw errors.orderSearchInvalid();
  const urls = query.event !== undefined ? (allowedUrls === null || allowedUrls.includes(query.event) ? [query.event] : []) : allowedUrls;
  const now = ctx.now().toISOString();
  const filters = {
    eventIds: urls === null ? null : await eventIdsOfUrls(db, urls),
    status: query.status as PurchaseStatus | undefined,
    now,
    method: query.method,
    ticketTypeExternalId: query.ticket_type === undefined ? undefined : Number(query.ticket_type),
    from: storedTime(query.from),
    to: storedTime(query.to),
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
  };
  const ids = await purchasesMatching(db, searchKeys(query.q ?? ''));
  // One row more than the page tells whether another page follows.
  const rows = await searchPurchases(db, ids, filters, limit + 1);
  const page = rows.slice(0, limit);
  return { orders: page.map((row) => rowOf(row, now)), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}
