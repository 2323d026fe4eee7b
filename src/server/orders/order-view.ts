import type { OrderTicket, OrderViewResponse } from '../../shared/api';
import { planResponse, storedPlanOf } from '../../shared/installments-words';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { formatFolio } from '../fulfilment/emit-tickets';
import { hasCalendarTime } from '../fulfilment/event-calendar';
import { findEmissionOfPurchase, issuedTicketsOfPurchase, listTicketsOfPurchase } from '../repositories/emission.repository';
import { liveTicketsOf } from '../repositories/order-changes.repository';
import { findAttempt } from '../repositories/payment-attempt.repository';
import { before, refundMethod, refundPolicy, transferPolicy } from './order-policy';
import { ticketsLive } from './statuses';
import { transfersBehind } from './transfer-ticket';
import type { TicketTypeRow } from '../repositories/event.repository';
import { orderHistory } from '../repositories/order-history.repository';
import type { Order } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import type { PurchaseRow } from '../repositories/purchase.repository';
import { ticketLinkToken } from '../services/access-keys';
import { amountsResponse, storedTotals } from '../services/purchase.service';
import { passPagePath, passToken } from '../wallet/pass-token';
import { changesOpen, changesUntil } from './changes-window';

export type TicketOfOrder = Awaited<ReturnType<typeof listTicketsOfPurchase>>[number];

/**
 * Each ticket's position among the tickets of its type issued at payment (`issuedTicketsOfPurchase`, revoked ones
 * included, so a ticket cancelled or given away does not shift the others): the index of its answers in the form.
 */
export function unitOfType(tickets: { id: string; ticket_type_id: number }[]): Map<string, number> {
  const seen = new Map<number, number>();
  return new Map(tickets.map((t) => {
    const unit = seen.get(t.ticket_type_id) ?? 0;
    seen.set(t.ticket_type_id, unit + 1);
    return [t.id, unit];
  }));
}

/** A map link for the venue: its coordinates when the file gives them, else its name and address. */
function mapUrl(venue: { name: string; address?: string; latitude?: number; longitude?: number }): string {
  const query = venue.latitude !== undefined && venue.longitude !== undefined ? `${venue.latitude},${venue.longitude}` : [venue.name, venue.address].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&${new URLSearchParams({ query })}`;
}

/** What the order page may offer for a ticket now (`order-policy.ts`): transfer it, cancel it. */
export interface TicketMoves {
  transferable: boolean;
  cancellable: boolean;
}

/**
 * One ticket as the order page shows it. While its tickets are live: its QR payload, its PDF by a short-lived
 * signed link (as the wallet dialog's) and its pass page (the Apple and Google Wallet buttons, as the thank-you
 * page's); once called off, none of them (they would open nothing). A transferred ticket's answers are its new
 * holder's; the others' are the purchase's, at the ticket's unit of its type (`unit`).
 */
export function ticketView(ctx: AppContext, purchase: PurchaseRow, ticket: TicketOfOrder, type: TicketTypeRow, unit: number, moves: TicketMoves = { transferable: false, cancellable: false }): OrderTicket {
  const base = ctx.config.publicUrl ?? '';
  const live = ticketsLive(purchase.status);
  const pdf = new URLSearchParams({ ticket_id: ticket.id, purchase_id: purchase.id, token: ticketLinkToken(ctx, purchase.id, ticket.id) });
  const holderAnswers = ticket.holder_answers_json ? (JSON.parse(ticket.holder_answers_json) as Record<string, unknown>) : null;
  const answers = type.form.length > 0 ? (holderAnswers ?? purchase.attendee_answers?.[String(type.external_id)]?.[unit] ?? {}) : null;
  return {
    id: ticket.id,
    folio: formatFolio(ticket.folio),
    tipo: ticket.ticket_type_name,
    tipo_id: type.external_id,
    asiento: ticket.seat_label,
    titular: ticket.attendee_name,
    qr: live ? ticket.qr_secret : null,
    pdf_url: live ? `${base}/api/emissions/download/ticket?${pdf}` : null,
    pase_url: live ? `${base}${passPagePath(ticket.id, passToken(ctx.config.signingSecret, ticket.id))}` : null,
    respuestas: answers,
    bloqueados: type.form.filter((f) => f.locked_after_purchase).map((f) => f.id),
    transferible: moves.transferable,
    cancelable: moves.cancellable,
  };
}

/**
 * `GET /api/orders/{id}`: the order page's view. With the buyer's key (`ticketId` null) the whole order: their live
 * tickets (not those given away), payments, history and what they may do; with a transferred ticket's holder's key,
 * that ticket alone, with the holder as the person, and no payments, history, corrections or cancellation.
 */
export async function orderView(ctx: AppContext, order: Order, ticketId: string | null = null): Promise<OrderViewResponse> {
  const db = ctx.db.kysely;
  const { purchase, event } = order;
  const now = ctx.now();
  const types = new Map(order.tickets.map(({ ticket }) => [ticket.id, ticket]));
  const tickets = await listTicketsOfPurchase(db, purchase.id, ticketId ?? undefined);
  const units = unitOfType(await issuedTicketsOfPurchase(db, purchase.id));
  const live = ticketsLive(purchase.status);
  const buyer = ticketId === null;
  const transfers = transferPolicy(event);
  const transferOpen = live && transfers.allowed && before(transfers.until, now);
  const refunds = refundPolicy(event);
  const cancelOpen = buyer && live && refunds !== null && before(refunds.until, now);
  const doors = new Map((await liveTicketsOf(db, purchase.id)).map((t) => [t.id, t.entered]));
  const handsBehind = new Map(await Promise.all(tickets.map(async (t) => [t.id, transferOpen ? await transfersBehind(db, t.id, transfers.maxPerTicket) : 0] as const)));
  const emission = cancelOpen ? await findEmissionOfPurchase(db, purchase.id) : undefined;
  const paying = emission ? await findAttempt(db, emission.attempt_id) : undefined;
  const open = buyer && live && changesOpen(event, now);
  const base = ctx.config.publicUrl ?? '';
  const holder = tickets[0];
  return {
    purchase_id: purchase.id,
    alcance: buyer ? 'compra' : 'boleto',
    estado: purchase.status as OrderViewResponse['estado'],
    comprador: buyer ? { nombre: purchase.buyer?.name ?? '', email: purchase.buyer?.email ?? '' } : { nombre: holder?.attendee_name ?? '', email: holder?.holder_email ?? '' },
    evento: {
      nombre: event.name,
      url: event.url,
      inicio: event.starts_at,
      fin: event.ends_at,
      lugar: event.venue ? { nombre: event.venue.name, direccion: event.venue.address ?? null, mapa_url: mapUrl(event.venue) } : null,
      calendario_url: hasCalendarTime(event.starts_at) ? `${base}/api/event/${encodeURIComponent(event.url)}/calendar.ics` : null,
    },
    boletos: tickets.map((t) => {
      const unused = doors.get(t.id) === false;
      return ticketView(ctx, purchase, t, types.get(t.ticket_type_id)!, units.get(t.id) ?? 0, {
        transferable: transferOpen && unused && handsBehind.get(t.id)! < transfers.maxPerTicket,
        cancellable: cancelOpen && unused && t.transferred_from === null,
      });
    }),
    pagos: buyer ? (await listPaymentsOfPurchase(db, purchase.id)).map((a) => {
      const plan = storedPlanOf(a);
      return {
        metodo: a.provider, estado: a.status, monto: centsToPesos(a.amount_cents), moneda: a.currency, fecha: a.updated_at,
        ...(plan ? { meses: planResponse(plan) } : {}),
      };
    }) : [],
    montos: buyer ? amountsResponse(storedTotals(purchase)) : null,
    historial: buyer ? (await orderHistory(db, purchase.id)).map((h) => ({ fecha: h.created_at, estado: h.status, motivo: h.reason })) : [],
    acciones: {
      changes_until: changesUntil(event),
      corregir_respuestas: open && order.tickets.some(({ ticket }) => ticket.form.length > 0),
      reenviar: buyer && live && Boolean(purchase.buyer?.email),
      transferir: transferOpen ? { hasta: transfers.until } : null,
      cancelar: cancelOpen && refunds ? { hasta: refunds.until, comision_porcentaje: refunds.feePercent, clabe_requerida: paying ? refundMethod(paying, 1) === 'payout' : false } : null,
    },
  };
}
