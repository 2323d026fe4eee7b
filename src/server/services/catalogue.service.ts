import { hasWaitingRoom } from '../repositories/waiting-room.repository';
import type { PublicEventResponse, PublicProduct, PublicTicketType } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findEventByUrl, listProducts, listTicketTypes, type EventRow, type ProductRow, type TicketTypeRow } from '../repositories/event.repository';
import { expiredCounted, remaining } from '../repositories/stock.repository';
import { eventConfig } from './order-pricing';
import { invoicingProviderOf } from '../invoicing/provider';
import { invoicingSettings } from '../invoicing/settings';
import { sameSecret } from '../../shared/node/same-secret';
import { typesReservedForLine } from '../waiting-list/line-gate';
import { waitingListOf } from '../waiting-list/settings';

/** Config keys that never leave the server, whatever an operator writes. */
const PRIVATE_CONFIG_KEY = /secret|private|password|access_token|webhook/i;

/** The event config minus anything secret (the public answer carries no server-only data). */
export function publicConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !PRIVATE_CONFIG_KEY.test(key)));
}

function sameCode(stored: string | null, given: string | null | undefined): boolean {
  return Boolean(stored && given && sameSecret(given, stored));
}

/**
 * Ticket types a buyer may see and buy: the listed ones, and a hidden one only with the
 * access code of its link (`?ticket=ID&access=CODE`). An id alone unlocks nothing: ids are
 * small numbers anyone can try.
 */
export function offeredTicketTypes(types: TicketTypeRow[], access: string | null | undefined): TicketTypeRow[] {
  return types.filter((t) => !t.hidden || sameCode(t.access_code, access));
}

/** What a buyer may still take of an item: the per-order maximum capped by what is left; 0 when sold out. */
export function purchasableMaximum(perOrderMaximum: number, minimum: number, remaining: number): number {
  const maximum = Math.min(perOrderMaximum, remaining);
  return maximum < Math.max(minimum, 1) ? 0 : maximum;
}

function publicTicket(ticket: TicketTypeRow, remaining: number): PublicTicketType {
  return {
    id: ticket.external_id,
    name: ticket.name,
    price: centsToPesos(ticket.price_cents),
    description: ticket.description,
    minimum: ticket.minimum,
    maximum: purchasableMaximum(ticket.maximum_per_order, ticket.minimum, remaining),
    md: Boolean(ticket.volume_discount),
    md_quantity: ticket.volume_discount_value,
    md_ispercentage: Boolean(ticket.volume_discount_is_percentage),
    md_minimum: ticket.volume_discount_minimum,
    // Whether units need attendee blocks; the fields themselves ship in the attendee-validator module.
    has_form: ticket.form.length > 0,
  };
}

function publicProduct(product: ProductRow, remaining: number): PublicProduct {
  return {
    id: product.external_id,
    nombre: product.name,
    precio: centsToPesos(product.price_cents),
    minimo: product.minimum,
    maximo: purchasableMaximum(product.maximum_per_order, product.minimum, remaining),
    imagenes: product.images,
    descripcion: product.description,
    opciones: product.options,
  };
}

/** An event's public view (`answer`) beside its row and the listed types as anyone sees them (no access code). */
export interface PublicEventView {
  event: EventRow;
  answer: PublicEventResponse;
  /** The listed ticket types only, whatever access code the answer was made with: what a page head may show. */
  listedTickets: PublicTicketType[];
}

/**
 * The public view of an event (GET /api/event/{url}, and inlined in its page): what a buyer may
 * choose now. A hidden ticket type is listed only with its access code (see offeredTicketTypes).
 * Undefined: no such event.
 */
export async function publicEventView(ctx: AppContext, url: string, access?: string | null): Promise<PublicEventView | undefined> {
  const db = ctx.db.kysely;
  const event = await findEventByUrl(db, url);
  if (!event) return undefined;
  const now = ctx.now().toISOString();
  // The counters, with the holds that ran out but await release given back: exact without writing.
  const [ticketRows, products, ticketsExpired, productsExpired, waitingRoom] = await Promise.all([
    listTicketTypes(db, event.id),
    listProducts(db, event.id),
    expiredCounted(db, event.id, 'ticket', now),
    expiredCounted(db, event.id, 'product', now),
    hasWaitingRoom(db, event.id),
  ]);
  // A type with a waiting line is sold out to everyone else: what it frees goes to the line.
  const line = await typesReservedForLine(db, event, Date.parse(now));
  const toPublic = (t: TicketTypeRow) => publicTicket(t, line.has(t.id) ? 0 : remaining(t, t.capacity, ticketsExpired));
  const tickets = offeredTicketTypes(ticketRows, access).map((t) => ({ row: t, answer: toPublic(t) }));
  return {
    event,
    answer: {
      event: {
        url: event.url,
        name: event.name,
        image_path: event.image_path,
        starts_at: event.starts_at,
        ...(waitingListOf(event).enabled ? { waiting_list: tickets.filter((t) => t.answer.maximum === 0).map((t) => ({ id: t.row.external_id, maximum: t.row.maximum_per_order })) } : {}),
        config: publicConfig(eventConfig(event)),
        html: event.html,
        ...(waitingRoom ? { sala_espera: true } : {}),
        invoice_at_checkout: invoicingSettings(event).askAtCheckout && invoicingProviderOf(ctx).mode !== 'off',
      },
      tickets: tickets.map((t) => t.answer),
      productos: products.map((p) => publicProduct(p, remaining(p, p.stock, productsExpired))),
    },
    listedTickets: offeredTicketTypes(ticketRows, null).map(toPublic),
  };
}

/** GET /api/event/{url}: the public view, or EVENT_NOT_FOUND. */
export async function publicEvent(ctx: AppContext, url: string, access?: string): Promise<PublicEventResponse> {
  const view = await publicEventView(ctx, url, access);
  if (!view) throw errors.eventNotFound();
  return view.answer;
}
