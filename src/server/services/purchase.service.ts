import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { centsToPesos } from '../../shared/money';
import { orderTotalsToApi, type OrderTotals } from '../../shared/pricing';
import type { AppContext } from '../context';
import { withStockLock } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import {
  findDiscountCodeById,
  findEventById,
  findEventByUrl,
  listProducts,
  listTicketTypes,
  type DiscountCodeRow,
  type EventRow,
  type ProductRow,
  type TicketTypeRow,
} from '../repositories/event.repository';
import { deleteLines, findPurchase, insertLines, insertPurchase, listLines, updatePurchase, type PurchaseLineRow, type PurchaseRow } from '../repositories/purchase.repository';
import { heldByItem, remaining } from '../repositories/stock.repository';
import { insertAccessKey } from '../repositories/purchase-access.repository';
import { newAccessKey } from './access-keys';
import { offeredTicketTypes } from './catalogue.service';
import { usableDiscountCode } from './discount.service';
import { assertClientMayHold, holdLimitsOf } from './hold-limits.service';
import { priceForEvent, ticketLineFor } from './order-pricing';

export interface TicketRequestLine { ticket_id: number; cantidad: number }
export interface ProductRequestLine { id: number; cantidad: number; opciones?: Record<string, string> }

/** Ticket lines of a request matched to the event's catalogue; refuses unknown ids, repeats and bad quantities. */
export function matchTicketLines(catalogue: TicketTypeRow[], lines: TicketRequestLine[]): { ticket: TicketTypeRow; quantity: number }[] {
  const wanted = lines.filter((l) => l.cantidad > 0);
  if (wanted.length === 0) throw errors.noTickets();
  const seen = new Set<number>();
  return wanted.map((line) => {
    if (seen.has(line.ticket_id)) throw errors.duplicateLine('tipo de entrada', line.ticket_id);
    seen.add(line.ticket_id);
    const ticket = catalogue.find((t) => t.external_id === line.ticket_id);
    if (!ticket) throw errors.unknownTicket(line.ticket_id);
    if (line.cantidad < ticket.minimum || line.cantidad > ticket.maximum_per_order) {
      throw errors.quantityOutOfRange(ticket.name, ticket.minimum, ticket.maximum_per_order);
    }
    return { ticket, quantity: line.cantidad };
  });
}

/** Whether any ticket in the order has attendee fields to fill. */
export function needsAttendeeForm(tickets: TicketTypeRow[]): boolean {
  return tickets.some((t) => (JSON.parse(t.form_json) as unknown[]).length > 0);
}

/** The amount fields the API answers with (pesos), from server-side totals. */
export function amountsResponse(totals: OrderTotals) {
  const api = orderTotalsToApi(totals);
  return {
    amount: api.amount,
    comission: api.comission,
    amountOutDiscount: api.amountOutDiscount,
    amountDiscount: api.amountDiscount,
    amountProductos: api.amountProductos,
  };
}

function totalsColumns(totals: OrderTotals) {
  return {
    tickets_cents: totals.ticketsCents,
    tickets_discount_cents: totals.discountCodeCents,
    products_cents: totals.productsCents,
    comission_cents: totals.comissionCents,
    amount_cents: totals.amountCents,
    amount_out_discount_cents: totals.amountOutDiscountCents,
  };
}

/** Creates a purchase and holds its ticket lines, atomically against every other buyer. */
export async function createPurchase(
  ctx: AppContext,
  input: { url: string; tickets: TicketRequestLine[]; code?: string | null; identificador?: string | null; access?: string | null; clientKey: string },
) {
  const event = await findEventByUrl(ctx.db.kysely, input.url);
  if (!event) throw errors.eventNotFound();
  const catalogue = offeredTicketTypes(await listTicketTypes(ctx.db.kysely, event.id), input.access);
  const chosen = matchTicketLines(catalogue, input.tickets);
  const pricedLines = chosen.map((c) => ticketLineFor(c.ticket, c.quantity));
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const expiresAt = new Date(nowDate.getTime() + event.hold_minutes * 60_000).toISOString();
  const id = randomUUID();
  const accessKey = newAccessKey();

  const result = await withStockLock(ctx.db, event.id, async (trx) => {
    const discount = input.code ? await usableDiscountCode(trx, event.id, input.code, pricedLines, now) : undefined;
    const units = chosen.reduce((sum, c) => sum + c.quantity, 0);
    await assertClientMayHold(trx, holdLimitsOf(event, ctx.config), event.id, input.clientKey, units, now);
    // Re-read inside the lock: `sold` may have moved since the catalogue was read above.
    const current = new Map((await listTicketTypes(trx, event.id, true)).map((t) => [t.id, t]));
    const held = await heldByItem(trx, event.id, 'ticket', now);
    for (const { ticket, quantity } of chosen) {
      if (remaining(current.get(ticket.id)!, ticket.capacity, held) < quantity) throw errors.soldOut(ticket.name);
    }
    const totals = priceForEvent(event, pricedLines, [], discount);
    await insertPurchase(trx, {
      id,
      event_id: event.id,
      status: 'held',
      identificador: input.identificador ?? null,
      discount_code_id: discount?.id ?? null,
      ...totalsColumns(totals),
      expires_at: expiresAt,
      stock_until: expiresAt,
      buyer_info_json: null,
      form_json: null,
      form_completed: 0,
      emission_id: null,
      client_key: input.clientKey,
      created_at: now,
      updated_at: now,
    });
    await insertLines(
      trx,
      chosen.map(({ ticket, quantity }) => ({
        purchase_id: id, kind: 'ticket' as const, item_id: ticket.id, quantity, unit_price_cents: ticket.price_cents, options_json: null,
      })),
    );
    await insertAccessKey(trx, { key_hash: accessKey.hash, purchase_id: id, issued_to: 'browser', created_at: now });
    return { totals, discount };
  });

  return {
    purchase_id: id,
    // Given once: the buyer's proof of ownership (the id alone is only a reference).
    access_key: accessKey.key,
    ...amountsResponse(result.totals),
    expiresTickets: expiresAt,
    tickets_emited: false,
    code: result.discount?.code ?? null,
    isFormRequiered: needsAttendeeForm(chosen.map((c) => c.ticket)),
  };
}

/** Prices tickets with an optional code without holding anything (the discount block). */
export async function verifyDiscount(ctx: AppContext, input: { url: string; code: string; tickets: TicketRequestLine[]; access?: string | null }) {
  const event = await findEventByUrl(ctx.db.kysely, input.url);
  if (!event) throw errors.eventNotFound();
  if (input.tickets.every((t) => t.cantidad <= 0)) throw errors.noTickets();
  const chosen = matchTicketLines(offeredTicketTypes(await listTicketTypes(ctx.db.kysely, event.id), input.access), input.tickets);
  const priced = chosen.map((c) => ticketLineFor(c.ticket, c.quantity));
  const discount = await usableDiscountCode(ctx.db.kysely, event.id, input.code, priced, ctx.now().toISOString());
  const totals = priceForEvent(event, priced, [], discount);
  const amounts = amountsResponse(totals);
  return { code: discount.code, amount: amounts.amount, amountOutDiscount: amounts.amountOutDiscount, amountDiscount: amounts.amountDiscount, comission: amounts.comission };
}

/** A purchase that may still change: it exists, is held, and its hold has not run out. */
export async function openPurchase(db: Kysely<Database>, purchaseId: string, now: string): Promise<PurchaseRow> {
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  if (purchase.status === 'expired' || (purchase.status === 'held' && purchase.expires_at <= now)) throw errors.purchaseExpired();
  if (purchase.status !== 'held') throw errors.purchaseClosed();
  return purchase;
}

interface ProductChoice { product: ProductRow; quantity: number; options: Record<string, string> }

/** Product lines of a request matched to the catalogue, with every option required and valid. */
function matchProductLines(catalogue: ProductRow[], lines: ProductRequestLine[]): ProductChoice[] {
  const seen = new Set<number>();
  return lines
    .filter((l) => l.cantidad > 0)
    .map((line) => {
      if (seen.has(line.id)) throw errors.duplicateLine('producto', line.id);
      seen.add(line.id);
      const product = catalogue.find((p) => p.external_id === line.id);
      if (!product) throw errors.unknownProduct(line.id);
      if (line.cantidad < product.minimo || line.cantidad > product.maximo) {
        throw errors.quantityOutOfRange(product.nombre, product.minimo, product.maximo);
      }
      const definitions = JSON.parse(product.opciones_json) as { id: string; label: string; options: { values: string[] } }[];
      const options: Record<string, string> = {};
      for (const option of definitions) {
        const value = line.opciones?.[option.id];
        if (typeof value !== 'string' || !option.options.values.includes(value)) throw errors.invalidOption(product.nombre, option.label);
        options[option.id] = value;
      }
      const unknown = Object.keys(line.opciones ?? {}).find((key) => !definitions.some((d) => d.id === key));
      if (unknown) throw errors.invalidOption(product.nombre, unknown);
      return { product, quantity: line.cantidad, options };
    });
}

function productResponse(choice: { product: ProductRow; quantity: number; options: Record<string, string> }) {
  return {
    id: choice.product.external_id,
    nombre: choice.product.nombre,
    cantidad: choice.quantity,
    precio: centsToPesos(choice.product.precio_cents),
    opciones: choice.options,
  };
}

/** Ticket rows and quantities of a purchase's ticket lines. */
function ticketChoices(lines: PurchaseLineRow[], catalogue: TicketTypeRow[]) {
  return lines
    .filter((l) => l.kind === 'ticket')
    .map((l) => ({ ticket: catalogue.find((t) => t.id === l.item_id)!, quantity: l.quantity, unitPriceCents: l.unit_price_cents }));
}

/** Replaces the products of a held purchase, holding their stock, and reprices it. */
export async function updateProducts(ctx: AppContext, input: { purchase_id: string; productos: ProductRequestLine[] }) {
  const now = ctx.now().toISOString();
  const initial = await openPurchase(ctx.db.kysely, input.purchase_id, now);
  const event = (await findEventById(ctx.db.kysely, initial.event_id))!;
  const catalogue = await listProducts(ctx.db.kysely, event.id);
  const chosen = matchProductLines(catalogue, input.productos);
  const ticketCatalogue = await listTicketTypes(ctx.db.kysely, event.id, true);

  const totals = await withStockLock(ctx.db, event.id, async (trx) => {
    const purchase = await openPurchase(trx, input.purchase_id, now);
    const current = new Map((await listProducts(trx, event.id, true)).map((p) => [p.id, p]));
    const held = await heldByItem(trx, event.id, 'product', now, purchase.id);
    for (const { product, quantity } of chosen) {
      if (remaining(current.get(product.id)!, product.stock, held) < quantity) throw errors.productSoldOut(product.nombre);
    }
    const tickets = ticketChoices(await listLines(trx, purchase.id), ticketCatalogue);
    const discount = purchase.discount_code_id ? await findDiscountCodeById(trx, purchase.discount_code_id) : undefined;
    const totals = priceForEvent(
      event,
      tickets.map((t) => ({ ...ticketLineFor(t.ticket, t.quantity), unitPriceCents: t.unitPriceCents })),
      chosen.map((c) => ({ productId: c.product.external_id, quantity: c.quantity, unitPriceCents: c.product.precio_cents })),
      discount,
    );
    await deleteLines(trx, purchase.id, 'product');
    await insertLines(
      trx,
      chosen.map((c) => ({
        purchase_id: purchase.id, kind: 'product' as const, item_id: c.product.id, quantity: c.quantity,
        unit_price_cents: c.product.precio_cents, options_json: JSON.stringify(c.options),
      })),
    );
    await updatePurchase(trx, purchase.id, { ...totalsColumns(totals), updated_at: now });
    return totals;
  });

  const tickets = ticketChoices(await listLines(ctx.db.kysely, input.purchase_id), ticketCatalogue);
  return {
    productos: chosen.map(productResponse),
    isFormRequiered: needsAttendeeForm(tickets.map((t) => t.ticket)),
    ...amountsResponse(totals),
  };
}

/** The status a buyer sees: a held purchase past its expiry reads as expired, without any sweeper. */
export function effectiveStatus(purchase: PurchaseRow, now: string): string {
  return purchase.status === 'held' && purchase.expires_at <= now ? 'expired' : purchase.status;
}

/** Everything a page refresh needs to rebuild the order state; loader answers carry the same `reload`. */
export async function purchaseReload(ctx: AppContext, purchaseId: string) {
  const db = ctx.db.kysely;
  const now = ctx.now().toISOString();
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  const status = effectiveStatus(purchase, now);
  if (status === 'expired') throw errors.purchaseExpired();
  const event = (await findEventById(db, purchase.event_id)) as EventRow;
  const lines = await listLines(db, purchase.id);
  const ticketCatalogue = await listTicketTypes(db, event.id, true);
  const productCatalogue = await listProducts(db, event.id, true);
  const tickets = ticketChoices(lines, ticketCatalogue);
  const discount: DiscountCodeRow | undefined = purchase.discount_code_id ? await findDiscountCodeById(db, purchase.discount_code_id) : undefined;
  const productos = lines
    .filter((l) => l.kind === 'product')
    .map((l) => productResponse({ product: productCatalogue.find((p) => p.id === l.item_id)!, quantity: l.quantity, options: JSON.parse(l.options_json ?? '{}') }));
  const amounts = {
    amount: centsToPesos(purchase.amount_cents),
    comission: centsToPesos(purchase.comission_cents),
    amountOutDiscount: centsToPesos(purchase.amount_out_discount_cents),
    amountDiscount: centsToPesos(purchase.tickets_discount_cents),
    amountProductos: centsToPesos(purchase.products_cents),
  };
  const resumen = {
    tickets: tickets.map((t) => ({
      ticket_id: t.ticket.external_id,
      cantidad: t.quantity,
      price: centsToPesos(t.unitPriceCents),
      name: t.ticket.name,
      ...(t.ticket.md ? { md_quantity: t.ticket.md_quantity, md_ispercentage: Boolean(t.ticket.md_ispercentage), md_minimum: t.ticket.md_minimum } : {}),
    })),
    productos,
  };
  return {
    status,
    reload: {
      purchase_id: purchase.id,
      url: event.url,
      tickets: resumen.tickets,
      productos,
      resumen,
      amounts,
      expires_at: purchase.expires_at,
      code: discount?.code ?? null,
      buyer_info: purchase.buyer_info_json ? JSON.parse(purchase.buyer_info_json) : null,
      emission_id: purchase.emission_id,
      isFormRequiered: needsAttendeeForm(tickets.map((t) => t.ticket)),
      form_completed: Boolean(purchase.form_completed),
    },
  };
}
