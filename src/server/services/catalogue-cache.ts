import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findDiscountCode, findEventByUrl, findEventVersionByUrl, listTicketTypes, type DiscountCodeRow, type EventRow, type TicketTypeRow } from '../repositories/event.repository';

/**
 * An event and its active ticket types as a purchase reads them, kept per database and url while
 * the event's `version` stays the same: every catalogue change is an import, and an import raises
 * the version in the same transaction. A purchase then reads one indexed (id, version) row instead
 * of the event and its ticket types, and decodes no JSON. The stock counters (`sold`, `held`) in
 * these rows are NOT current: stock is only ever read and taken through its own statements
 * (stock.repository.ts); these rows are for matching, limits, prices, forms and names.
 */
export interface CachedCatalogue {
  event: EventRow;
  ticketTypes: TicketTypeRow[];
  /** Active discount codes looked up at this version, as typed (null: no such active code); filled by `cachedDiscountCode`. */
  codes: Map<string, DiscountCodeRow | null>;
}

const byDatabase = new WeakMap<Kysely<Database>, Map<string, CachedCatalogue>>();
/** Urls kept per database: far more than the events on sale at once; a full map starts over. */
const MAX_EVENTS = 200;
/** Codes kept per event version, found or not (what buyers type is unbounded); a full map starts over. */
const MAX_CODES = 1_000;

/** The event under `url` and its active ticket types (undefined: no such event), from the cache when its version is current. */
export async function purchaseCatalogue(db: Kysely<Database>, url: string): Promise<CachedCatalogue | undefined> {
  const current = await findEventVersionByUrl(db, url, false);
  if (!current) return undefined;
  let cache = byDatabase.get(db);
  const cached = cache?.get(url);
  if (cached && cached.event.id === current.id && cached.event.version === current.version) return cached;
  const event = await findEventByUrl(db, url);
  if (!event) return undefined;
  const entry: CachedCatalogue = { event, ticketTypes: await listTicketTypes(db, event.id), codes: new Map() };
  if (!cache) byDatabase.set(db, (cache = new Map()));
  if (cache.size >= MAX_EVENTS) cache.clear();
  // Only a version read together with the rows is kept: an import between the two reads leaves
  // `event.version` newer than `current`, and the next purchase reads again.
  cache.set(url, entry);
  return entry;
}

/**
 * The catalogue kept for `url`, without reading anything: its version is NOT checked. Only for a
 * write that checks the version itself, in the same statement (PostgreSQL's hold call), and reads
 * the catalogue again when it changed.
 */
export function uncheckedCatalogue(db: Kysely<Database>, url: string): CachedCatalogue | undefined {
  return byDatabase.get(db)?.get(url);
}

/**
 * The active discount code `code` of a cached catalogue's event, read once per event version:
 * codes change only by an import, which raises the version (a new catalogue, with no codes looked
 * up yet). A code's uses are not in its row: a usage-limited code is still counted by its own query.
 */
export async function cachedDiscountCode(db: Kysely<Database>, catalogue: CachedCatalogue, code: string): Promise<DiscountCodeRow | undefined> {
  const known = catalogue.codes.get(code);
  if (known !== undefined) return known ?? undefined;
  const row = await findDiscountCode(db, catalogue.event.id, code);
  if (catalogue.codes.size >= MAX_CODES) catalogue.codes.clear();
  catalogue.codes.set(code, row ?? null);
  return row;
}
