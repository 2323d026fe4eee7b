import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { pesosToCents } from '../../shared/money';
import { validateEventFile } from '../../shared/event-file/validate-event-file';
import type { EventFile } from '../../shared/event-file/event-file.types';
import type { AppContext } from '../context';
import { lockEventByUrl, withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { listProducts, listTicketTypes, normaliseCode } from '../repositories/event.repository';
import { heldByItem } from '../repositories/stock.repository';
import { sanitizeOperatorHtml } from './sanitize-html';

/** The link that shows and sells one hidden ticket type (relative to the storefront's origin). */
export interface HiddenTicketLink { ticket_id: number; name: string; link: string }

export interface ImportResult { url: string; created: boolean; version: number; tickets: number; productos: number; hidden_links: HiddenTicketLink[] }

/** 128 random bits, URL-safe: a hidden type's link cannot be found by trying ids or codes. */
function newAccessCode(): string {
  return randomBytes(16).toString('base64url');
}

const DEFAULT_HOLD_MINUTES = 15;

/** Checks an event file and returns it typed, or throws 400 with every problem (pointer + sentence). */
export function parseEventFile(input: unknown, lang: 'es' | 'en' = 'es'): EventFile {
  const result = validateEventFile(input, lang);
  if (!result.valid) throw errors.eventInvalid(result.problems);
  return result.event;
}

/**
 * Creates or updates an event from its file, in one transaction under the event's
 * stock lock. Sold and held units are never lost: items the file no longer lists are
 * deactivated (purchases still point at them), and lowering a capacity or stock
 * below what is already sold or held is refused.
 */
export async function importEvent(ctx: AppContext, input: unknown): Promise<ImportResult> {
  const file = parseEventFile(input);
  const now = ctx.now().toISOString();
  // The version is read under the event's lock, so parallel imports queue and each gets its own.
  return withWriteTransaction(ctx.db, async (trx) => {
    const eventRow = {
      name: file.event.name,
      image_path: file.event.image_path ?? null,
      config_json: JSON.stringify(file.event.config ?? {}),
      html_json: JSON.stringify((file.event.html ?? []).map((b) => ({ posicion: b.posicion, html: sanitizeOperatorHtml(b.html) }))),
      hold_minutes: file.hold_minutes ?? DEFAULT_HOLD_MINUTES,
      hold_limits_json: JSON.stringify(file.hold_limits ?? {}),
      updated_at: now,
    };
    // A first import that races another first import: the loser's insert waits for the winner's
    // commit and does nothing, then this import locks the winner's row and updates it.
    const inserted = await trx
      .insertInto('events')
      .values({ ...eventRow, url: file.url, version: 1 })
      .onConflict((oc) => oc.column('url').doNothing())
      .returning('id')
      .executeTakeFirst();
    let eventId: number;
    let version = 1;
    if (inserted) {
      eventId = Number(inserted.id);
    } else {
      const existing = (await lockEventByUrl(ctx.db, trx, file.url))!;
      eventId = existing.id;
      version = existing.version + 1;
      await trx.updateTable('events').set({ ...eventRow, version }).where('id', '=', eventId).execute();
    }
    const hiddenLinks = await upsertTickets(trx, eventId, file, now);
    await upsertProducts(trx, eventId, file, now);
    await upsertDiscountCodes(trx, eventId, file);
    return { url: file.url, created: Boolean(inserted), version, tickets: file.tickets.length, productos: (file.productos ?? []).length, hidden_links: hiddenLinks };
  });
}

/** Stores the ticket types; returns the link of each hidden one (its access code: the file's, else the stored one, else new). */
async function upsertTickets(trx: Kysely<Database>, eventId: number, file: EventFile, now: string): Promise<HiddenTicketLink[]> {
  const current = await listTicketTypes(trx, eventId, true);
  const held = await heldByItem(trx, eventId, 'ticket', now);
  const listed = new Set<number>();
  const links: HiddenTicketLink[] = [];
  for (const [index, ticket] of file.tickets.entries()) {
    listed.add(ticket.id);
    const row = current.find((t) => t.external_id === ticket.id);
    const used = row ? row.sold + (held.get(row.id) ?? 0) : 0;
    if (ticket.capacity < used) throw errors.capacityBelowSold(ticket.name, ticket.capacity, used);
    // Kept across re-imports so links already handed out keep working.
    const accessCode = ticket.access_code ?? row?.access_code ?? (ticket.hidden ? newAccessCode() : null);
    if (ticket.hidden && accessCode) {
      links.push({ ticket_id: ticket.id, name: ticket.name, link: `/${file.url}?ticket=${ticket.id}&access=${accessCode}` });
    }
    const values = {
      name: ticket.name,
      price_cents: pesosToCents(ticket.price),
      description: sanitizeOperatorHtml(ticket.description ?? ''),
      minimum: ticket.minimum ?? 1,
      maximum_per_order: ticket.maximum ?? 10,
      capacity: ticket.capacity,
      hidden: ticket.hidden ? 1 : 0,
      access_code: accessCode,
      active: 1,
      md: ticket.md ? 1 : 0,
      md_quantity: ticket.md ? (ticket.md_quantity ?? null) : null,
      md_ispercentage: ticket.md_ispercentage ? 1 : 0,
      md_minimum: ticket.md ? (ticket.md_minimum ?? null) : null,
      form_json: JSON.stringify(ticket.form ?? []),
      sort_order: index,
    };
    if (row) await trx.updateTable('ticket_types').set(values).where('id', '=', row.id).execute();
    else await trx.insertInto('ticket_types').values({ ...values, event_id: eventId, external_id: ticket.id }).execute();
  }
  const removed = current.filter((t) => !listed.has(t.external_id)).map((t) => t.id);
  if (removed.length > 0) await trx.updateTable('ticket_types').set({ active: 0 }).where('id', 'in', removed).execute();
  return links;
}

async function upsertProducts(trx: Kysely<Database>, eventId: number, file: EventFile, now: string): Promise<void> {
  const current = await listProducts(trx, eventId, true);
  const held = await heldByItem(trx, eventId, 'product', now);
  const listed = new Set<number>();
  for (const [index, product] of (file.productos ?? []).entries()) {
    listed.add(product.id);
    const row = current.find((p) => p.external_id === product.id);
    const used = row ? row.sold + (held.get(row.id) ?? 0) : 0;
    if (product.stock < used) throw errors.capacityBelowSold(product.nombre, product.stock, used);
    const values = {
      nombre: product.nombre,
      precio_cents: pesosToCents(product.precio),
      minimo: product.minimo ?? 1,
      maximo: product.maximo ?? 10,
      stock: product.stock,
      active: 1,
      imagenes_json: JSON.stringify(product.imagenes ?? []),
      descripcion: sanitizeOperatorHtml(product.descripcion ?? ''),
      opciones_json: JSON.stringify(product.opciones ?? []),
      sort_order: index,
    };
    if (row) await trx.updateTable('products').set(values).where('id', '=', row.id).execute();
    else await trx.insertInto('products').values({ ...values, event_id: eventId, external_id: product.id }).execute();
  }
  const removed = current.filter((p) => !listed.has(p.external_id)).map((p) => p.id);
  if (removed.length > 0) await trx.updateTable('products').set({ active: 0 }).where('id', 'in', removed).execute();
}

async function upsertDiscountCodes(trx: Kysely<Database>, eventId: number, file: EventFile): Promise<void> {
  const current = await trx.selectFrom('discount_codes').selectAll().where('event_id', '=', eventId).execute();
  const listed = new Set<string>();
  for (const discount of file.discount_codes ?? []) {
    const code = normaliseCode(discount.code);
    listed.add(code);
    const values = {
      percent: discount.percent ?? null,
      amount_cents: discount.amount === undefined || discount.amount === null ? null : pesosToCents(discount.amount),
      max_uses: discount.max_uses ?? null,
      valid_from: discount.valid_from ? new Date(discount.valid_from).toISOString() : null,
      valid_until: discount.valid_until ? new Date(discount.valid_until).toISOString() : null,
      ticket_ids_json: discount.ticket_ids && discount.ticket_ids.length > 0 ? JSON.stringify(discount.ticket_ids) : null,
      active: 1,
    };
    const row = current.find((d) => d.code === code);
    if (row) await trx.updateTable('discount_codes').set(values).where('id', '=', row.id).execute();
    else await trx.insertInto('discount_codes').values({ ...values, event_id: eventId, code }).execute();
  }
  const removed = current.filter((d) => !listed.has(d.code)).map((d) => d.id);
  if (removed.length > 0) await trx.updateTable('discount_codes').set({ active: 0 }).where('id', 'in', removed).execute();
}
