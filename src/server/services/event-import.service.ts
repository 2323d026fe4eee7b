import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { HiddenTicketLink, ImportEventResponse } from '../../shared/api';
import { pesosToCents } from '../../shared/money';
import type { ProblemLang } from '../../shared/event-file/event-file-problem';
import { validateEventFile } from '../../shared/event-file/validate-event-file';
import { plainTexts } from '../../shared/plain-text';
import type { EventFile } from '../../shared/event-file/event-file.types';
import type { AppContext } from '../context';
import type { Dialect } from '../db/dialect';
import { withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import {
  deactivateDiscountCodes,
  deactivateProducts,
  deactivateTicketTypes,
  insertDiscountCode,
  insertEventUnlessExists,
  insertProduct,
  insertTicketType,
  updateDiscountCode,
  updateEvent,
  updateProduct,
  updateTicketType,
  type DiscountCodeValues,
  type EventValues,
  type ProductValues,
  type TicketTypeValues,
} from '../repositories/catalogue-write.repository';
import { listDiscountCodes, listProducts, listTicketTypes, normaliseCode } from '../repositories/event.repository';
import { insertEventVersion } from '../repositories/event-version.repository';
import { expiredCounted, remaining } from '../repositories/stock.repository';
import { saveWaitingRoomSettings } from '../repositories/waiting-room.repository';
import { assertProvidersAvailable } from './event-providers.service';
import { sanitizeOperatorHtml } from './sanitize-html';

/** 128 random bits, URL-safe: a hidden type's link cannot be found by trying ids or codes. */
function newAccessCode(): string {
  return randomBytes(16).toString('base64url');
}

const DEFAULT_HOLD_MINUTES = 15;

/** Who imported a version: the CLI, the bearer ADMIN_TOKEN, a signed-in operator, or the demo's first start. */
export type VersionAuthor = 'cli' | 'token' | 'demo' | `operator:${string}`;

export interface ImportOptions {
  by: VersionAuthor;
  /** The language of the problems a refused file is answered with (default Spanish). */
  lang?: ProblemLang;
  /** Refuse (409 EVENT_EXISTS) instead of updating an event of the same url. */
  createOnly?: boolean;
}

/** The stored form of an imported file: pretty-printed JSON without `$schema` (a path that meant something only beside the file on disk). */
function storedFileText(file: EventFile): string {
  const { $schema: _schema, ...rest } = file;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

/**
 * Checks an event file and returns it typed, or throws 400 with every problem (pointer + sentence).
 * Its texts are stored without control, bidi-override or zero-width characters (`plainTexts`).
 */
export async function parseEventFile(input: unknown, lang: ProblemLang = 'es'): Promise<EventFile> {
  const result = await validateEventFile(plainTexts(input), lang);
  if (!result.valid) throw errors.eventInvalid(result.problems);
  return result.event;
}

/**
 * Creates or updates an event from its file, in one transaction under the event's
 * stock lock. Sold and held units are never lost: items the file no longer lists are
 * deactivated (purchases still point at them), and lowering a capacity or stock
 * below what is already sold or held is refused, and so is an event enabling a payment method or
 * seats whose provider has neither keys nor a stand-in here. Every import keeps its file as a new
 * stored version (`event_versions`, with who imported it) in the same transaction. Answers what the admin
 * import answers (the CLI prints the same), hidden types' links relative to the storefront's origin.
 */
export async function importEvent(ctx: AppContext, input: unknown, options: ImportOptions): Promise<ImportEventResponse> {
  const lang = options.lang ?? 'es';
  const file = await parseEventFile(input, lang);
  assertProvidersAvailable(ctx.config, file.event.config);
  const now = ctx.now().toISOString();
  // The version is read under the event's lock, so parallel imports queue and each gets its own.
  return withWriteTransaction(ctx.db, async (trx) => {
    const details: EventValues = {
      name: file.event.name,
      image_path: file.event.image_path ?? null,
      starts_at: file.event.starts_at ?? null,
      ends_at: file.event.ends_at ?? null,
      changes_until: file.event.changes_until ?? null,
      venue: file.event.venue ?? null,
      pass_colors: file.event.pass_colors ?? null,
      share: file.event.share ?? null,
      checkin_lists: file.checkin_lists ?? null,
      transfers: file.transfers ?? null,
      refund_policy: file.refund_policy ?? null,
      invoicing: file.invoicing ?? null,
      installments: file.installments ?? null,
      waiting_list: file.waiting_list ?? null,
      config: { ...(file.event.config ?? {}) },
      html: (file.event.html ?? []).map((b) => ({ posicion: b.posicion, html: sanitizeOperatorHtml(b.html) })),
      hold_minutes: file.hold_minutes ?? DEFAULT_HOLD_MINUTES,
      hold_limits: file.hold_limits ?? {},
      updated_at: now,
    };
    // A first import that races another first import: the loser's insert waits for the winner's
    // commit and does nothing, then this import locks the winner's row and updates it.
    const insertedId = await insertEventUnlessExists(trx, file.url, details);
    let eventId: number;
    let version = 1;
    if (insertedId !== undefined) {
      eventId = insertedId;
    } else if (options.createOnly) {
      throw errors.eventExists();
    } else {
      const existing = (await ctx.db.dialect.lockEventByUrl(trx, file.url))!;
      eventId = existing.id;
      version = existing.version + 1;
      await updateEvent(trx, eventId, details, version);
    }
    // The item rows are locked while checked (PostgreSQL), so a hold committing meanwhile cannot slip under a lowered capacity.
    const hiddenLinks = await upsertTickets(ctx.db.dialect, trx, eventId, file, now, lang);
    await upsertProducts(ctx.db.dialect, trx, eventId, file, now, lang);
    await upsertDiscountCodes(trx, eventId, file);
    const text = storedFileText(file);
    await saveWaitingRoomSettings(trx, eventId, file.waiting_room, now);
    await insertEventVersion(trx, { event_id: eventId, version, file_text: text, size_bytes: Buffer.byteLength(text), imported_at: now, imported_by: options.by });
    return { url: file.url, created: insertedId !== undefined, version, tickets: file.tickets.length, productos: (file.productos ?? []).length, hidden_links: hiddenLinks };
  });
}

/** Stores the ticket types; returns the link of each hidden one (its access code: the file's, else the stored one, else new). */
async function upsertTickets(dialect: Dialect, trx: Kysely<Database>, eventId: number, file: EventFile, now: string, lang: ProblemLang): Promise<HiddenTicketLink[]> {
  const current = await listTicketTypes(trx, eventId, true);
  const counters = await dialect.lockStockRows(trx, 'ticket', current.map((t) => t.id));
  const expired = await expiredCounted(trx, eventId, 'ticket', now);
  const listed = new Set<number>();
  const links: HiddenTicketLink[] = [];
  for (const [index, ticket] of file.tickets.entries()) {
    listed.add(ticket.id);
    const row = current.find((t) => t.external_id === ticket.id);
    const stock = row && counters.get(row.id);
    const used = stock ? stock.total - remaining(stock, stock.total, expired) : 0;
    if (ticket.capacity < used) throw errors.capacityBelowSold(ticket.name, ticket.capacity, used, { pointer: `/tickets/${index}/capacity`, lang });
    // Kept across re-imports so links already handed out keep working.
    const accessCode = ticket.access_code ?? row?.access_code ?? (ticket.hidden ? newAccessCode() : null);
    if (ticket.hidden && accessCode) {
      links.push({ ticket_id: ticket.id, name: ticket.name, link: `/${file.url}?ticket=${ticket.id}&access=${accessCode}` });
    }
    // The file's `md*` keys are the volume discount.
    const values: TicketTypeValues = {
      name: ticket.name,
      price_cents: pesosToCents(ticket.price),
      description: sanitizeOperatorHtml(ticket.description ?? ''),
      minimum: ticket.minimum ?? 1,
      maximum_per_order: ticket.maximum ?? 10,
      capacity: ticket.capacity,
      hidden: ticket.hidden ? 1 : 0,
      access_code: accessCode,
      active: 1,
      volume_discount: ticket.md ? 1 : 0,
      volume_discount_value: ticket.md ? (ticket.md_quantity ?? null) : null,
      volume_discount_is_percentage: ticket.md_ispercentage ? 1 : 0,
      volume_discount_minimum: ticket.md ? (ticket.md_minimum ?? null) : null,
      form: ticket.form ?? [],
      sort_order: index,
    };
    if (row) await updateTicketType(trx, row.id, values);
    else await insertTicketType(trx, eventId, ticket.id, values);
  }
  await deactivateTicketTypes(trx, current.filter((t) => !listed.has(t.external_id)).map((t) => t.id));
  return links;
}

async function upsertProducts(dialect: Dialect, trx: Kysely<Database>, eventId: number, file: EventFile, now: string, lang: ProblemLang): Promise<void> {
  const current = await listProducts(trx, eventId, true);
  const counters = await dialect.lockStockRows(trx, 'product', current.map((p) => p.id));
  const expired = await expiredCounted(trx, eventId, 'product', now);
  const listed = new Set<number>();
  for (const [index, product] of (file.productos ?? []).entries()) {
    listed.add(product.id);
    const row = current.find((p) => p.external_id === product.id);
    const stock = row && counters.get(row.id);
    const used = stock ? stock.total - remaining(stock, stock.total, expired) : 0;
    if (product.stock < used) throw errors.capacityBelowSold(product.nombre, product.stock, used, { pointer: `/productos/${index}/stock`, lang });
    const values: ProductValues = {
      name: product.nombre,
      price_cents: pesosToCents(product.precio),
      minimum: product.minimo ?? 1,
      maximum_per_order: product.maximo ?? 10,
      stock: product.stock,
      active: 1,
      images: product.imagenes ?? [],
      description: sanitizeOperatorHtml(product.descripcion ?? ''),
      options: product.opciones ?? [],
      sort_order: index,
    };
    if (row) await updateProduct(trx, row.id, values);
    else await insertProduct(trx, eventId, product.id, values);
  }
  await deactivateProducts(trx, current.filter((p) => !listed.has(p.external_id)).map((p) => p.id));
}

async function upsertDiscountCodes(trx: Kysely<Database>, eventId: number, file: EventFile): Promise<void> {
  const current = await listDiscountCodes(trx, eventId);
  const listed = new Set<string>();
  for (const discount of file.discount_codes ?? []) {
    const code = normaliseCode(discount.code);
    listed.add(code);
    const values: DiscountCodeValues = {
      percent: discount.percent ?? null,
      amount_cents: discount.amount === undefined || discount.amount === null ? null : pesosToCents(discount.amount),
      max_uses: discount.max_uses ?? null,
      valid_from: discount.valid_from ? new Date(discount.valid_from).toISOString() : null,
      valid_until: discount.valid_until ? new Date(discount.valid_until).toISOString() : null,
      ticket_ids: discount.ticket_ids ?? null,
      active: 1,
    };
    const row = current.find((d) => d.code === code);
    if (row) await updateDiscountCode(trx, row.id, values);
    else await insertDiscountCode(trx, eventId, code, values);
  }
  await deactivateDiscountCodes(trx, current.filter((d) => !listed.has(d.code)).map((d) => d.id));
}
