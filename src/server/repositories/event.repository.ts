import type { Kysely, Selectable } from 'kysely';
import type { AttendeeField, CheckinList, EventShare, EventVenue, HoldLimitsFile, HtmlBlock, PassColors, ProductImage, ProductOption, InstallmentsFile, InvoicingFile, RefundPolicyFile, TransferPolicyFile, WaitingListFile } from '../../shared/event-file/event-file.types';
import type { Database, DiscountCodeTable, EventTable, ProductTable, TicketTypeTable } from '../db/schema';
import { precompiled } from './precompiled';

/** An event with its JSON columns decoded: the config as the operator wrote it, the HTML blocks, the hold caps. */
export type EventRow = Omit<Selectable<EventTable>, 'config_json' | 'html_json' | 'hold_limits_json' | 'venue_json' | 'pass_colors_json' | 'share_json' | 'checkin_lists_json' | 'transfers_json' | 'refund_policy_json' | 'invoicing_json' | 'installments_json' | 'waiting_list_json'> & {
  config: Record<string, unknown>;
  html: HtmlBlock[];
  hold_limits: HoldLimitsFile;
  venue: EventVenue | null;
  /** As the file wrote them (`{}` when absent); `passColours` in wallet/ fills the theme's defaults. */
  pass_colors: PassColors;
  /** As the file wrote it (`{}` when absent). */
  share: EventShare;
  /** The event file's `checkin_lists`, null when absent (`checkin/lists.ts` gives the default list). */
  checkin_lists: CheckinList[] | null;
  /** The event file's `transfers` and `refund_policy`, null when absent (`orders/order-policy.ts` gives the defaults). */
  transfers: TransferPolicyFile | null;
  refund_policy: RefundPolicyFile | null;
  /** The event file's `invoicing`, null when absent (`invoicing/settings.ts` gives the defaults). */
  invoicing: InvoicingFile | null;
  /** The event file's `installments`, null when absent (one payment; `payments/installments.ts`). */
  installments: InstallmentsFile | null;
  /** The event file's `waiting_list`, null when absent (`waiting-list/settings.ts` gives the defaults). */
  waiting_list: WaitingListFile | null;
};
/** A ticket type with its attendee fields decoded (`[]` when it has no form). */
export type TicketTypeRow = Omit<Selectable<TicketTypeTable>, 'form_json'> & { form: AttendeeField[] };
/** A product with its images and the options a buyer chooses decoded. */
export type ProductRow = Omit<Selectable<ProductTable>, 'images_json' | 'options_json'> & { images: ProductImage[]; options: ProductOption[] };
/** A discount code with the ticket types it applies to decoded (null: every type). */
export type DiscountCodeRow = Omit<Selectable<DiscountCodeTable>, 'ticket_ids_json'> & { ticket_ids: number[] | null };

export function decodeEvent({ config_json, html_json, hold_limits_json, venue_json, pass_colors_json, share_json, checkin_lists_json, transfers_json, refund_policy_json, invoicing_json, installments_json, waiting_list_json, ...row }: Selectable<EventTable>): EventRow {
  return {
    ...row,
    config: JSON.parse(config_json) as Record<string, unknown>,
    html: JSON.parse(html_json) as HtmlBlock[],
    hold_limits: JSON.parse(hold_limits_json || '{}') as HoldLimitsFile,
    venue: venue_json ? (JSON.parse(venue_json) as EventVenue) : null,
    pass_colors: pass_colors_json ? (JSON.parse(pass_colors_json) as PassColors) : {},
    share: share_json ? (JSON.parse(share_json) as EventShare) : {},
    checkin_lists: checkin_lists_json ? (JSON.parse(checkin_lists_json) as CheckinList[]) : null,
    transfers: transfers_json ? (JSON.parse(transfers_json) as TransferPolicyFile) : null,
    refund_policy: refund_policy_json ? (JSON.parse(refund_policy_json) as RefundPolicyFile) : null,
    invoicing: invoicing_json ? (JSON.parse(invoicing_json) as InvoicingFile) : null,
    installments: installments_json ? (JSON.parse(installments_json) as InstallmentsFile) : null,
    waiting_list: waiting_list_json ? (JSON.parse(waiting_list_json) as WaitingListFile) : null,
  };
}

function decodeTicketType({ form_json, ...row }: Selectable<TicketTypeTable>): TicketTypeRow {
  return { ...row, form: JSON.parse(form_json) as AttendeeField[] };
}

function decodeProduct({ images_json, options_json, ...row }: Selectable<ProductTable>): ProductRow {
  return { ...row, images: JSON.parse(images_json) as ProductImage[], options: JSON.parse(options_json) as ProductOption[] };
}

function decodeDiscountCode({ ticket_ids_json, ...row }: Selectable<DiscountCodeTable>): DiscountCodeRow {
  return { ...row, ticket_ids: ticket_ids_json ? (JSON.parse(ticket_ids_json) as number[]) : null };
}

// Every purchase reads these three: compiled once (precompiled.ts).
const eventByUrl = precompiled<{ url: string }>(['url'], (db, p) => db.selectFrom('events').selectAll().where('url', '=', p.url));
const eventVersionByUrl = precompiled<{ url: string }>(['url'], (db, p) => db.selectFrom('events').select(['id', 'version']).where('url', '=', p.url));
const activeTicketTypes = precompiled<{ eventId: number }>(['eventId'], (db, p) =>
  db.selectFrom('ticket_types').selectAll().where('event_id', '=', p.eventId).where('active', '=', 1).orderBy('sort_order').orderBy('id'));
const activeCode = precompiled<{ eventId: number; code: string }>(['eventId', 'code'], (db, p) =>
  db.selectFrom('discount_codes').selectAll().where('event_id', '=', p.eventId).where('code', '=', p.code).where('active', '=', 1));

/** The event stored under `url`, or undefined. */
export async function findEventByUrl(db: Kysely<Database>, url: string): Promise<EventRow | undefined> {
  const row = (await eventByUrl(db, { url })).rows[0] as Selectable<EventTable> | undefined;
  return row && decodeEvent(row);
}

/** The event with this internal id, or undefined. */
export async function findEventById(db: Kysely<Database>, id: number): Promise<EventRow | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeEvent(row);
}

/** Ticket types of an event in the operator's order (inactive ones only when asked). */
export async function listTicketTypes(db: Kysely<Database>, eventId: number, includeInactive = false): Promise<TicketTypeRow[]> {
  if (!includeInactive) return ((await activeTicketTypes(db, { eventId })).rows as Selectable<TicketTypeTable>[]).map(decodeTicketType);
  const rows = await db.selectFrom('ticket_types').selectAll().where('event_id', '=', eventId).orderBy('sort_order').orderBy('id').execute();
  return rows.map(decodeTicketType);
}

/** Products of an event in the operator's order (inactive ones only when asked). */
export async function listProducts(db: Kysely<Database>, eventId: number, includeInactive = false): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll().where('event_id', '=', eventId);
  if (!includeInactive) query = query.where('active', '=', 1);
  return (await query.orderBy('sort_order').orderBy('id').execute()).map(decodeProduct);
}

/** Discount codes are stored upper-case, so buyers may type them in any case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The active discount code of an event matching `code` (any case), or undefined. */
export async function findDiscountCode(db: Kysely<Database>, eventId: number, code: string): Promise<DiscountCodeRow | undefined> {
  const row = (await activeCode(db, { eventId, code: normaliseCode(code) })).rows[0] as Selectable<DiscountCodeTable> | undefined;
  return row && decodeDiscountCode(row);
}

/** A discount code by internal id (active or not: a held purchase keeps the code it got). */
export async function findDiscountCodeById(db: Kysely<Database>, id: number): Promise<DiscountCodeRow | undefined> {
  const row = await db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeDiscountCode(row);
}

/** Every discount code of an event, active or not (the import matches the file against them). */
export async function listDiscountCodes(db: Kysely<Database>, eventId: number): Promise<DiscountCodeRow[]> {
  return (await db.selectFrom('discount_codes').selectAll().where('event_id', '=', eventId).execute()).map(decodeDiscountCode);
}

/** Every stored event's url and config (the start checks each against the providers it can reach). */
export async function listEventConfigs(db: Kysely<Database>): Promise<{ url: string; config: Record<string, unknown> }[]> {
  const rows = await db.selectFrom('events').select(['url', 'config_json']).orderBy('url').execute();
  return rows.map((row) => ({ url: row.url, config: JSON.parse(row.config_json) as Record<string, unknown> }));
}

/** Every event search engines may list (its file's `share.listed` is not false), by url: the sitemap. */
export async function listListedEvents(db: Kysely<Database>): Promise<{ url: string; updated_at: string }[]> {
  const rows = await db.selectFrom('events').select(['url', 'updated_at', 'share_json']).orderBy('url').execute();
  return rows
    .filter((row) => !row.share_json || (JSON.parse(row.share_json) as EventShare).listed !== false)
    .map((row) => ({ url: row.url, updated_at: row.updated_at }));
}

/** Count of events, to know whether the database is still empty. */
export async function countEvents(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Locks the event's row until the transaction ends (`SELECT … FOR UPDATE`, PostgreSQL): imports,
 * payment confirmations and orders with a usage-limited code of the event queue behind it (other
 * holds only lock the rows of their items). Only the PostgreSQL dialect calls it (`db/postgres.ts`).
 */
export async function lockEventRow(trx: Kysely<Database>, eventId: number): Promise<void> {
  await trx.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
}

/** The id and version of the event with this url, its row locked `FOR UPDATE` when `forUpdate` (PostgreSQL). */
export async function findEventVersionByUrl(trx: Kysely<Database>, url: string, forUpdate: boolean): Promise<{ id: number; version: number } | undefined> {
  if (!forUpdate) return (await eventVersionByUrl(trx, { url })).rows[0] as { id: number; version: number } | undefined;
  const query = trx.selectFrom('events').select(['id', 'version']).where('url', '=', url);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The `hold_limits` of the event whose seats config names `eventKey` (how a seat provider names the event); `{}` for none. */
export async function holdLimitsOfSeatEvent(db: Kysely<Database>, eventKey: string): Promise<HoldLimitsFile> {
  // A handful of events per database; the key lives in each event's config JSON, so they are read whole.
  const rows = await db.selectFrom('events').select(['config_json', 'hold_limits_json']).execute();
  for (const row of rows) {
    const seats = (JSON.parse(row.config_json) as { seats?: { eventKey?: unknown } }).seats;
    if (seats?.eventKey === eventKey) return JSON.parse(row.hold_limits_json || '{}') as HoldLimitsFile;
  }
  return {};
}
