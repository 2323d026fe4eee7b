import type { OrderTicket, OrderViewResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { formatFolio } from '../fulfilment/emit-tickets';
import { hasCalendarTime } from '../fulfilment/event-calendar';
import { listTicketsOfPurchase } from '../repositories/emission.repository';
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

/** Each ticket's position among the tickets of its type in the purchase: the index of its answers in the attendee form. */
export function unitOfType(tickets: TicketOfOrder[]): Map<string, number> {
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

/**
 * One ticket as the order page shows it. While the order is paid: its QR payload, its PDF by a
 * short-lived signed link (as the wallet dialog's) and its pass page (the Apple and Google Wallet
 * buttons, as the thank-you page's); once called off, none of them (they would open nothing).
 */
export function ticketView(ctx: AppContext, purchase: PurchaseRow, ticket: TicketOfOrder, type: TicketTypeRow, unit: number): OrderTicket {
  const base = ctx.config.publicUrl ?? '';
  const paid = purchase.status === 'paid';
  const pdf = new URLSearchParams({ ticket_id: ticket.id, purchase_id: purchase.id, token: ticketLinkToken(ctx, purchase.id, ticket.id) });
  const answers = type.form.length > 0 ? (purchase.attendee_answers?.[String(type.external_id)]?.[unit] ?? {}) : null;
  return {
    id: ticket.id,
    folio: formatFolio(ticket.folio),
    tipo: ticket.ticket_type_name,
    tipo_id: type.external_id,
    asiento: ticket.seat_label,
    titular: ticket.attendee_name,
    qr: paid ? ticket.qr_secret : null,
    pdf_url: paid ? `${base}/api/emissions/download/ticket?${pdf}` : null,
    pase_url: paid ? `${base}${passPagePath(ticket.id, passToken(ctx.config.signingSecret, ticket.id))}` : null,
    respuestas: answers,
    bloqueados: type.form.filter((f) => f.locked_after_purchase).map((f) => f.id),
  };
}

/** `GET /api/orders/{id}`: the order page's whole view of an order its buyer opened (`order-access.ts`). */
export async function orderView(ctx: AppContext, order: Order): Promise<OrderViewResponse> {
  const db = ctx.db.kysely;
  const { purchase, event } = order;
  const types = new Map(order.tickets.map(({ ticket }) => [ticket.id, ticket]));
  const tickets = await listTicketsOfPurchase(db, purchase.id);
  const units = unitOfType(tickets);
  const paid = purchase.status === 'paid';
  const open = paid && changesOpen(event, ctx.now());
  const base = ctx.config.publicUrl ?? '';
  return {
    purchase_id: purchase.id,
    estado: purchase.status as OrderViewResponse['estado'],
    comprador: { nombre: purchase.buyer?.name ?? '', email: purchase.buyer?.email ?? '' },
    evento: {
      nombre: event.name,
      url: event.url,
      inicio: event.starts_at,
      fin: event.ends_at,
      lugar: event.venue ? { nombre: event.venue.name, direccion: event.venue.address ?? null, mapa_url: mapUrl(event.venue) } : null,
      calendario_url: hasCalendarTime(event.starts_at) ? `${base}/api/event/${encodeURIComponent(event.url)}/calendar.ics` : null,
    },
    boletos: tickets.map((t) => ticketView(ctx, purchase, t, types.get(t.ticket_type_id)!, units.get(t.id)!)),
    pagos: (await listPaymentsOfPurchase(db, purchase.id)).map((a) => ({
      metodo: a.provider, estado: a.status, monto: centsToPesos(a.amount_cents), moneda: a.currency, fecha: a.updated_at,
    })),
    montos: amountsResponse(storedTotals(purchase)),
    historial: (await orderHistory(db, purchase.id)).map((h) => ({ fecha: h.created_at, estado: h.status, motivo: h.reason })),
    acciones: {
      changes_until: changesUntil(event),
      corregir_respuestas: open && order.tickets.some(({ ticket }) => ticket.form.length > 0),
      reenviar: paid && Boolean(purchase.buyer?.email),
    },
  };
}
