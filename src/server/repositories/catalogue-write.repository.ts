import type { Insertable, Kysely } from 'kysely';
import type { AttendeeField, CheckinList, EventShare, EventVenue, HoldLimitsFile, HtmlBlock, PassColors, ProductImage, ProductOption, InstallmentsFile, InvoicingFile, RefundPolicyFile, TransferPolicyFile, WaitingListFile } from '../../shared/event-file/event-file.types';
import type { Database, DiscountCodeTable, EventTable, ProductTable, TicketTypeTable } from '../db/schema';

/**
 * The writes of an event import: the event row, its ticket types, products and discount codes,
 * each given decoded and encoded here (JSON columns are written by repositories only).
 * Items the file no longer lists are deactivated, never deleted: purchases point at them.
 */

export type EventValues = Omit<Insertable<EventTable>, 'id' | 'url' | 'version' | 'config_json' | 'html_json' | 'hold_limits_json' | 'venue_json' | 'pass_colors_json' | 'share_json' | 'checkin_lists_json' | 'transfers_json' | 'refund_policy_json' | 'invoicing_json' | 'installments_json' | 'waiting_list_json'> & {
  config: Record<string, unknown>;
  html: HtmlBlock[];
  hold_limits: HoldLimitsFile;
  venue: EventVenue | null;
  pass_colors: PassColors | null;
  share: EventShare | null;
  checkin_lists: CheckinList[] | null;
  transfers: TransferPolicyFile | null;
  refund_policy: RefundPolicyFile | null;
  invoicing: InvoicingFile | null;
  installments: InstallmentsFile | null;
  waiting_list: WaitingListFile | null;
};
export type TicketTypeValues = Omit<Insertable<TicketTypeTable>, 'id' | 'event_id' | 'external_id' | 'sold' | 'held' | 'form_json'> & { form: AttendeeField[] };
export type ProductValues = Omit<Insertable<ProductTable>, 'id' | 'event_id' | 'external_id' | 'sold' | 'held' | 'images_json' | 'options_json'> & {
  images: ProductImage[];
  options: ProductOption[];
};
export type DiscountCodeValues = Omit<Insertable<DiscountCodeTable>, 'id' | 'event_id' | 'code' | 'ticket_ids_json'> & { ticket_ids: number[] | null };

function encodeEvent({ config, html, hold_limits, venue, pass_colors, share, checkin_lists, transfers, refund_policy, invoicing, installments, waiting_list, ...values }: EventValues) {
  return {
    ...values,
    config_json: JSON.stringify(config),
    html_json: JSON.stringify(html),
    hold_limits_json: JSON.stringify(hold_limits),
    venue_json: venue ? JSON.stringify(venue) : null,
    pass_colors_json: pass_colors ? JSON.stringify(pass_colors) : null,
    share_json: share ? JSON.stringify(share) : null,
    checkin_lists_json: checkin_lists ? JSON.stringify(checkin_lists) : null,
    transfers_json: transfers ? JSON.stringify(transfers) : null,
    refund_policy_json: refund_policy ? JSON.stringify(refund_policy) : null,
    invoicing_json: invoicing ? JSON.stringify(invoicing) : null,
    installments_json: installments ? JSON.stringify(installments) : null,
    waiting_list_json: waiting_list ? JSON.stringify(waiting_list) : null,
  };
}

function encodeTicketType({ form, ...values }: TicketTypeValues) {
  return { ...values, form_json: JSON.stringify(form) };
}

function encodeProduct({ images, options, ...values }: ProductValues) {
  return { ...values, images_json: JSON.stringify(images), options_json: JSON.stringify(options) };
}

function encodeDiscountCode({ ticket_ids, ...values }: DiscountCodeValues) {
  return { ...values, ticket_ids_json: ticket_ids && ticket_ids.length > 0 ? JSON.stringify(ticket_ids) : null };
}

/**
 * Stores a new event at version 1 unless one with this url exists; its id when this call stored it.
 * A first import racing another waits for the winner's commit and stores nothing.
 */
export async function insertEventUnlessExists(trx: Kysely<Database>, url: string, values: EventValues): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('events')
    .values({ ...encodeEvent(values), url, version: 1 })
    .onConflict((oc) => oc.column('url').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

/** Replaces an event's details and sets its new version (caches keyed by version go stale). */
export async function updateEvent(trx: Kysely<Database>, eventId: number, values: EventValues, version: number): Promise<void> {
  await trx.updateTable('events').set({ ...encodeEvent(values), version }).where('id', '=', eventId).execute();
}

export async function insertTicketType(trx: Kysely<Database>, eventId: number, externalId: number, values: TicketTypeValues): Promise<void> {
  await trx.insertInto('ticket_types').values({ ...encodeTicketType(values), event_id: eventId, external_id: externalId }).execute();
}

export async function updateTicketType(trx: Kysely<Database>, id: number, values: TicketTypeValues): Promise<void> {
  await trx.updateTable('ticket_types').set(encodeTicketType(values)).where('id', '=', id).execute();
}

export async function deactivateTicketTypes(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.updateTable('ticket_types').set({ active: 0 }).where('id', 'in', ids).execute();
}

export async function insertProduct(trx: Kysely<Database>, eventId: number, externalId: number, values: ProductValues): Promise<void> {
  await trx.insertInto('products').values({ ...encodeProduct(values), event_id: eventId, external_id: externalId }).execute();
}

export async function updateProduct(trx: Kysely<Database>, id: number, values: ProductValues): Promise<void> {
  await trx.updateTable('products').set(encodeProduct(values)).where('id', '=', id).execute();
}

export async function deactivateProducts(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.updateTable('products').set({ active: 0 }).where('id', 'in', ids).execute();
}

/** Stores a new discount code (`code` already normalised, see normaliseCode). */
export async function insertDiscountCode(trx: Kysely<Database>, eventId: number, code: string, values: DiscountCodeValues): Promise<void> {
  await trx.insertInto('discount_codes').values({ ...encodeDiscountCode(values), event_id: eventId, code }).execute();
}

export async function updateDiscountCode(trx: Kysely<Database>, id: number, values: DiscountCodeValues): Promise<void> {
  await trx.updateTable('discount_codes').set(encodeDiscountCode(values)).where('id', '=', id).execute();
}

export async function deactivateDiscountCodes(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.updateTable('discount_codes').set({ active: 0 }).where('id', 'in', ids).execute();
}
