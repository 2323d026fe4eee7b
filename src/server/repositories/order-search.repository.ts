import type { Kysely } from 'kysely';
import type { Database, PurchaseStatus } from '../db/schema';

/** Most purchases one key of a search may name (a common first name): the page is cut from these, newest first. */
export const KEY_MATCHES_MAX = 1000;

/** What a search looks for, already normalised by its caller (`orders/order-search.ts`). */
export interface SearchKeys {
  /** A purchase id, exact. */
  reference?: string;
  /** Lower-cased: an e-mail (buyer's or a ticket holder's), exact. */
  email?: string;
  /** Lower-cased: the start of a buyer's or a ticket holder's name. */
  namePrefix?: string;
  /** Digits only: a buyer's phone, exact. */
  phone?: string;
  /** A ticket's folio number. */
  folio?: number;
}

/** The filters of a search; `eventIds` null: every event. */
export interface SearchFilters {
  eventIds: number[] | null;
  /** `expired`: a `held` purchase past its hold at `now` (a status never stored); `held`: one still within it. */
  status?: PurchaseStatus;
  now: string;
  method?: string;
  ticketTypeExternalId?: number;
  from?: string;
  to?: string;
  /** The keyset: rows strictly older than this (created_at, id). */
  before?: { createdAt: string; id: string };
}

/** The byte-wise upper bound of every string that starts with `prefix` (the generated keys compare byte by byte). */
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * The purchases each key names, every lookup through its own index (migration 0049), at most `KEY_MATCHES_MAX` each;
 * null when no key is given (the search is the filters alone).
 */
export async function purchasesMatching(db: Kysely<Database>, keys: SearchKeys): Promise<string[] | null> {
  const lookups: Promise<{ id: string }[]>[] = [];
  const purchases = () => db.selectFrom('purchases').select('id').limit(KEY_MATCHES_MAX);
  const tickets = () => db.selectFrom('tickets').select('purchase_id as id').limit(KEY_MATCHES_MAX);
  if (keys.reference) lookups.push(purchases().where('id', '=', keys.reference).execute());
  if (keys.email) {
    lookups.push(purchases().where('buyer_email_key', '=', keys.email).execute());
    lookups.push(tickets().where('holder_email', '=', keys.email).execute());
  }
  if (keys.namePrefix) {
    const [low, high] = [keys.namePrefix, prefixEnd(keys.namePrefix)];
    lookups.push(purchases().where('buyer_name_key', '>=', low).where('buyer_name_key', '<', high).execute());
    lookups.push(tickets().where('attendee_name_key', '>=', low).where('attendee_name_key', '<', high).execute());
  }
  if (keys.phone) lookups.push(purchases().where('buyer_phone_key', '=', keys.phone).execute());
  if (keys.folio !== undefined) lookups.push(tickets().where('folio', '=', keys.folio).execute());
  if (lookups.length === 0) return null;
  return [...new Set((await Promise.all(lookups)).flat().map((row) => row.id))];
}

/** One row of the operators' order list, before its money and names are put the API's way. */
export interface SearchRow {
  id: string;
  status: PurchaseStatus;
  expires_at: string;
  created_at: string;
  amount_cents: number;
  buyer_info_json: string | null;
  event_url: string;
  event_name: string;
  paid_at: string | null;
  method: string | null;
  tickets: number;
}

/**
 * A page of purchases, newest first (created_at, then id, both descending: the keyset of `before`), among `ids` when a
 * key narrowed them, under the filters; `limit` rows. Each with its event, its paying (else newest) payment's provider,
 * when it was paid, and the tickets it bought.
 */
export async function searchPurchases(db: Kysely<Database>, ids: string[] | null, filters: SearchFilters, limit: number): Promise<SearchRow[]> {
  if (ids !== null && ids.length === 0) return [];
  if (filters.eventIds !== null && filters.eventIds.length === 0) return [];
  let query = db
    .selectFrom('purchases as p')
    .innerJoin('events as e', 'e.id', 'p.event_id')
    .select((eb) => [
      'p.id', 'p.status', 'p.expires_at', 'p.created_at', 'p.amount_cents', 'p.buyer_info_json', 'e.url as event_url', 'e.name as event_name',
      eb.selectFrom('order_status_changes as c').select((c) => c.fn.min('c.created_at').as('at')).whereRef('c.purchase_id', '=', 'p.id').where('c.to_status', '=', 'paid').as('paid_at'),
      eb.selectFrom('payment_attempts as a').select('a.provider').whereRef('a.purchase_id', '=', 'p.id')
        .orderBy((o) => o.case().when('a.status', 'in', ['approved', 'refunded']).then(0).else(1).end()).orderBy('a.created_at', 'desc').limit(1).as('method'),
      eb.selectFrom('purchase_lines as l').select((l) => l.fn.coalesce(l.fn.sum<number>('l.quantity'), l.lit(0)).as('n')).whereRef('l.purchase_id', '=', 'p.id').where('l.kind', '=', 'ticket').as('tickets'),
    ]);
  if (ids !== null) query = query.where('p.id', 'in', ids);
  if (filters.eventIds !== null) query = query.where('p.event_id', 'in', filters.eventIds);
  if (filters.status === 'expired') query = query.where('p.status', '=', 'held').where('p.expires_at', '<=', filters.now);
  else if (filters.status) query = query.where('p.status', '=', filters.status);
  if (filters.status === 'held') query = query.where('p.expires_at', '>', filters.now);
  if (filters.method) {
    const method = filters.method;
    query = query.where((eb) => eb.exists(eb.selectFrom('payment_attempts as a').select('a.id').whereRef('a.purchase_id', '=', 'p.id').where('a.provider', '=', method as never)));
  }
  if (filters.ticketTypeExternalId !== undefined) {
    const external = filters.ticketTypeExternalId;
    query = query.where((eb) => eb.exists(eb.selectFrom('purchase_lines as l').innerJoin('ticket_types as tt', 'tt.id', 'l.item_id')
      .select('l.id').whereRef('l.purchase_id', '=', 'p.id').where('l.kind', '=', 'ticket').where('tt.external_id', '=', external)));
  }
  if (filters.from) query = query.where('p.created_at', '>=', filters.from);
  if (filters.to) query = query.where('p.created_at', '<', filters.to);
  if (filters.before) {
    const { createdAt, id } = filters.before;
    query = query.where((eb) => eb.or([eb('p.created_at', '<', createdAt), eb.and([eb('p.created_at', '=', createdAt), eb('p.id', '<', id)])]));
  }
  const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, tickets: Number(row.tickets ?? 0), method: row.method ?? null, paid_at: row.paid_at ?? null }));
}

/** The ids of the events with these urls (those that exist). */
export async function eventIdsOfUrls(db: Kysely<Database>, urls: string[]): Promise<number[]> {
  if (urls.length === 0) return [];
  return (await db.selectFrom('events').select('id').where('url', 'in', urls).execute()).map((row) => row.id);
}
