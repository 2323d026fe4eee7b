import type { Kysely } from 'kysely';
// What the routes pass in (the wire's request lines), and what they answer.
import type { ProductLineRequest, TicketLineRequest, VerifyDiscountRequest } from '../../shared/api';
import type { OrderAmounts, PurchaseProductLine, PurchaseStatusResponse, PurchaseTicketLine, UpdateProductsResponse, VerifyDiscountResponse } from '../../shared/api';
import { planResponse, storedPlanOf } from '../../shared/installments-words';
import { centsToPesos } from '../../shared/money';
import { orderTotalsToApi, type ApiAmountSource, type OrderTotals } from '../../shared/pricing';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { findEventByUrl, listProducts, listTicketTypes, type ProductRow, type TicketTypeRow } from '../repositories/event.repository';
import { loadOrder, type Order } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import { deleteLines, insertLines, updatePurchase, type PurchaseRow } from '../repositories/purchase.repository';
import { moveCounters, takeHeld } from '../repositories/stock.repository';
import { offeredTicketTypes } from './catalogue.service';
import { usableDiscountCode } from './discount.service';
import { priceForEvent, ticketLineFor } from './order-pricing';
import { holdWithRelease, NotEnoughStock } from './stock.service';
import { seatLabelsByTicket } from '../seats/purchase-seats';
import { ticketsLive } from '../orders/statuses';

// Creating a purchase (the hold) is create-purchase.service.ts; the rest of a held purchase's life is here.

/** Ticket lines of a request matched to the event's catalogue; refuses unknown ids, repeats and bad quantities. */
export function matchTicketLines(catalogue: TicketTypeRow[], lines: TicketLineRequest[]): { ticket: TicketTypeRow; quantity: number }[] {
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
  return tickets.some((t) => t.form.length > 0);
}

/** The five amount fields every purchase answer carries (pesos; no answer sends `total`), mapped by the shared pricing module. */
export function amountsResponse(totals: ApiAmountSource): OrderAmounts {
  const { total: _total, ...amounts } = orderTotalsToApi(totals);
  return amounts;
}

/** A purchase's stored amounts as the totals the API mapping reads (they were priced when the order last changed). */
export function storedTotals(purchase: PurchaseRow): ApiAmountSource {
  return {
    amountCents: purchase.amount_cents,
    comissionCents: purchase.comission_cents,
    amountOutDiscountCents: purchase.amount_out_discount_cents,
    discountCodeCents: purchase.tickets_discount_cents,
    amountProductosCents: purchase.products_cents,
    totalCents: purchase.amount_cents + purchase.products_cents,
  };
}

/** A purchase's amount columns from its priced totals. */
export function totalsColumns(totals: OrderTotals) {
  return {
    tickets_cents: totals.ticketsCents,
    tickets_discount_cents: totals.discountCodeCents,
    products_cents: totals.productsCents,
    comission_cents: totals.comissionCents,
    amount_cents: totals.amountCents,
    amount_out_discount_cents: totals.amountOutDiscountCents,
  };
}

/** Prices tickets with an optional code without holding anything (the discount block). */
export async function verifyDiscount(ctx: AppContext, input: VerifyDiscountRequest): Promise<VerifyDiscountResponse> {
  const event = await findEventByUrl(ctx.db.kysely, input.url);
  if (!event) throw errors.eventNotFound();
  if (input.tickets.every((t) => t.cantidad <= 0)) throw errors.noTickets();
  const chosen = matchTicketLines(offeredTicketTypes(await listTicketTypes(ctx.db.kysely, event.id), input.access), input.tickets);
  const priced = chosen.map((c) => ticketLineFor(c.ticket, c.quantity));
  const discount = await usableDiscountCode(ctx.db.kysely, event.id, input.code, priced, ctx.now().toISOString());
  const totals = priceForEvent(event, priced, [], discount);
  // The discount block shows no products: every amount but `amountProductos`.
  const { amountProductos: _products, ...amounts } = amountsResponse(totals);
  return { code: discount.code, ...amounts };
}

/** The order of a purchase that may still change: it exists, is held, and its hold has not run out. */
export async function openOrder(db: Kysely<Database>, purchaseId: string, now: string): Promise<Order> {
  const order = await loadOrder(db, purchaseId);
  if (!order) throw errors.purchaseNotFound();
  const { purchase } = order;
  if (purchase.status === 'expired' || (purchase.status === 'held' && purchase.expires_at <= now)) throw errors.purchaseExpired();
  if (purchase.status !== 'held') throw errors.purchaseClosed();
  return order;
}

interface ProductChoice { product: ProductRow; quantity: number; options: Record<string, string> }

/** Product lines of a request matched to the catalogue, with every option required and valid. */
function matchProductLines(catalogue: ProductRow[], lines: ProductLineRequest[]): ProductChoice[] {
  const seen = new Set<number>();
  return lines
    .filter((l) => l.cantidad > 0)
    .map((line) => {
      if (seen.has(line.id)) throw errors.duplicateLine('producto', line.id);
      seen.add(line.id);
      const product = catalogue.find((p) => p.external_id === line.id);
      if (!product) throw errors.unknownProduct(line.id);
      if (line.cantidad < product.minimum || line.cantidad > product.maximum_per_order) {
        throw errors.quantityOutOfRange(product.name, product.minimum, product.maximum_per_order);
      }
      const options: Record<string, string> = {};
      for (const option of product.options) {
        const value = line.opciones?.[option.id];
        if (typeof value !== 'string' || !option.options.values.includes(value)) throw errors.invalidOption(product.name, option.label);
        options[option.id] = value;
      }
      const unknown = Object.keys(line.opciones ?? {}).find((key) => !product.options.some((d) => d.id === key));
      if (unknown) throw errors.invalidOption(product.name, unknown);
      return { product, quantity: line.cantidad, options };
    });
}

function productResponse(choice: ProductChoice): PurchaseProductLine {
  return {
    id: choice.product.external_id,
    nombre: choice.product.name,
    cantidad: choice.quantity,
    precio: centsToPesos(choice.product.price_cents),
    opciones: choice.options,
  };
}

/** Replaces the products of a held purchase, holding their stock, and reprices it. */
export async function updateProducts(ctx: AppContext, purchaseId: string, lines: ProductLineRequest[]): Promise<UpdateProductsResponse> {
  const now = ctx.now().toISOString();
  const { event } = await openOrder(ctx.db.kysely, purchaseId, now);
  const chosen = matchProductLines(await listProducts(ctx.db.kysely, event.id), lines);

  const { order, totals } = await holdWithRelease(ctx.db, event.id, now, () => withWriteTransaction(ctx.db, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    const order = await openOrder(trx, purchaseId, now);
    const { purchase } = order;
    // A held purchase within its time is always counted; a released one has no hold left to change.
    if (!purchase.stock_counted) throw errors.purchaseExpired();
    // Only the difference moves: units this purchase already holds are its own.
    const change = new Map<number, number>();
    for (const { product, quantity } of order.products) change.set(product.id, (change.get(product.id) ?? 0) - quantity);
    for (const { product, quantity } of chosen) change.set(product.id, (change.get(product.id) ?? 0) + quantity);
    for (const [productId, units] of [...change].sort((a, b) => a[0] - b[0])) {
      if (units > 0 && !(await takeHeld(trx, 'product', productId, units))) {
        throw new NotEnoughStock(errors.productSoldOut(chosen.find((c) => c.product.id === productId)!.product.name));
      }
      if (units < 0) await moveCounters(trx, 'product', productId, units);
    }
    const totals = priceForEvent(
      order.event,
      order.tickets.map((t) => ({ ...ticketLineFor(t.ticket, t.quantity), unitPriceCents: t.unitPriceCents })),
      chosen.map((c) => ({ productId: c.product.external_id, quantity: c.quantity, unitPriceCents: c.product.price_cents })),
      order.discount,
    );
    await deleteLines(trx, purchase.id, 'product');
    await insertLines(
      trx,
      chosen.map((c) => ({
        purchase_id: purchase.id, kind: 'product' as const, item_id: c.product.id, quantity: c.quantity,
        unit_price_cents: c.product.price_cents, options: c.options,
      })),
    );
    await updatePurchase(trx, purchase.id, { ...totalsColumns(totals), updated_at: now });
    return { order, totals };
  }));

  return {
    productos: chosen.map(productResponse),
    // Ticket lines never change after the hold: the ones read under the lock are the purchase's.
    isFormRequiered: needsAttendeeForm(order.tickets.map((t) => t.ticket)),
    ...amountsResponse(totals),
  };
}

/** The status a buyer sees: a held purchase past its expiry reads as expired, without any sweeper. */
export function effectiveStatus(purchase: Pick<PurchaseRow, 'status' | 'expires_at'>, now: string): string {
  return purchase.status === 'held' && purchase.expires_at <= now ? 'expired' : purchase.status;
}

/** Everything a page refresh needs to rebuild the order state; loader answers carry the same `reload`. */
export async function purchaseReload(ctx: AppContext, purchaseId: string): Promise<Required<PurchaseStatusResponse>> {
  const order = await loadOrder(ctx.db.kysely, purchaseId);
  if (!order) throw errors.purchaseNotFound();
  const { purchase, event } = order;
  const status = effectiveStatus(purchase, ctx.now().toISOString());
  if (status === 'expired') throw errors.purchaseExpired();
  const productos = order.products.map(productResponse);
  const seatLabels = await seatLabelsByTicket(ctx.db.kysely, order);
  // The card plan of the payment that paid it, for the thank-you page (none while unpaid or for one payment).
  const plan = purchase.status === 'paid' ? storedPlanOf((await listPaymentsOfPurchase(ctx.db.kysely, purchase.id)).find((a) => a.status === 'approved')) : null;
  const tickets = order.tickets.map((t): PurchaseTicketLine => ({
    ticket_id: t.ticket.external_id,
    cantidad: t.quantity,
    price: centsToPesos(t.unitPriceCents),
    name: t.ticket.name,
    ...(t.ticket.volume_discount
      ? { md_quantity: t.ticket.volume_discount_value, md_ispercentage: Boolean(t.ticket.volume_discount_is_percentage), md_minimum: t.ticket.volume_discount_minimum }
      : {}),
    ...(seatLabels.has(t.ticket.external_id) ? { seats: seatLabels.get(t.ticket.external_id) } : {}),
  }));
  return {
    status,
    reload: {
      purchase_id: purchase.id,
      url: event.url,
      tickets,
      productos,
      resumen: { tickets, productos },
      amounts: amountsResponse(storedTotals(purchase)),
      expires_at: purchase.expires_at,
      code: order.discount?.code ?? null,
      buyer_info: purchase.buyer,
      // The tickets open only while the purchase is paid (an order called off keeps its emission, not its tickets).
      emission_id: ticketsLive(purchase.status) ? purchase.emission_id : null,
      isFormRequiered: needsAttendeeForm(order.tickets.map((t) => t.ticket)),
      form_completed: Boolean(purchase.form_completed),
      ...(plan ? { meses: planResponse(plan) } : {}),
    },
  };
}
