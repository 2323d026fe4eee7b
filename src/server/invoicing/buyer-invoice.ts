import type { InvoiceRequest, InvoiceStatusResponse } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findFiscalProfile, findInvoiceByKey, findInvoiceCovering, paidAtOf, saveFiscalProfile, type InvoiceRow } from '../repositories/invoice.repository';
import type { Order } from '../repositories/order.repository';
import { listPaymentsOfPurchase } from '../repositories/payment-attempt.repository';
import { customerOf, ingresoBody, orderTotalCents } from './cfdi-body';
import { checkedReceiver } from './invoice-request';
import { invoiceAfterRefund } from './after-refund';
import { queueInvoiceMail } from './invoice-mail';
import { issueOnce, newInvoiceId, orderInvoiceKey } from './issue';
import { invoicePaymentOf, payingAttempt } from './payment-form';
import { invoicingProviderOf } from './provider';
import { invoicingSettings, requestUntil } from './settings';

/** Statuses whose sale may be invoiced: paid, whole or in part. */
const INVOICEABLE = new Set(['paid', 'partially_cancelled']);

/** Until when this order's invoice may be requested, or null when it cannot be (nothing charged, not paid, no provider). */
async function windowOf(ctx: AppContext, order: Order): Promise<Date | null> {
  if (invoicingProviderOf(ctx).mode === 'off' || orderTotalCents(order) === 0) return null;
  const paidAt = await paidAtOf(ctx.db.kysely, order.purchase.id);
  return paidAt ? requestUntil(invoicingSettings(order.event), new Date(paidAt)) : null;
}

function documentOf(invoice: InvoiceRow, purchaseId: string) {
  return { uuid: invoice.uuid!, total: centsToPesos(invoice.total_cents), pdf: `/api/orders/${purchaseId}/invoice.pdf`, xml: `/api/orders/${purchaseId}/invoice.xml` };
}

/** `GET /api/orders/{id}/invoice`: where the order's invoice stands, and the buyer's saved fiscal data. */
export async function invoiceStatus(ctx: AppContext, order: Order): Promise<InvoiceStatusResponse> {
  const id = order.purchase.id;
  const saved = order.purchase.buyer?.email ? await findFiscalProfile(ctx.db.kysely, order.purchase.buyer.email.toLowerCase()) : undefined;
  const datos_guardados = saved ? { rfc: saved.rfc, razon_social: saved.razon_social, regimen_fiscal: saved.regimen_fiscal, codigo_postal: saved.codigo_postal, uso_cfdi: saved.uso_cfdi } : null;
  const base = { solicitar_hasta: null, factura: null, datos_guardados };
  const covering = await findInvoiceCovering(ctx.db.kysely, id);
  if (covering?.kind === 'global') return { ...base, estado: 'en_factura_global' };
  if (covering?.status === 'issuing') return { ...base, estado: 'en_proceso' };
  if (covering?.status === 'issued') return { ...base, estado: 'emitida', factura: documentOf(covering, id) };
  if (covering?.status === 'cancelled') return { ...base, estado: 'cancelada', factura: documentOf(covering, id) };
  const until = INVOICEABLE.has(order.purchase.status) ? await windowOf(ctx, order) : null;
  if (!until) return { ...base, estado: 'no_facturable' };
  if (ctx.now() > until) return { ...base, estado: 'plazo_vencido', solicitar_hasta: until.toISOString() };
  return { ...base, estado: 'disponible', solicitar_hasta: until.toISOString() };
}

/**
 * `POST /api/orders/{id}/invoice`: the buyer's data checked (`checkedReceiver`), the window open, the
 * order paid with something charged; then its ingreso issued once (a repeated or simultaneous request
 * answers the same invoice), the buyer's data saved when they consent, and the PDF and XML e-mailed to
 * the address given. Answers the new state.
 */
export async function requestInvoice(ctx: AppContext, order: Order, request: InvoiceRequest): Promise<InvoiceStatusResponse> {
  const receiver = checkedReceiver(request);
  const id = order.purchase.id;
  const before = await invoiceStatus(ctx, order);
  if (before.estado === 'emitida' || before.estado === 'en_proceso') return before;
  if (before.estado === 'en_factura_global') throw errors.invoiceInGlobal();
  if (before.estado === 'plazo_vencido') throw errors.invoiceWindowClosed(before.solicitar_hasta!);
  if (before.estado !== 'disponible') throw errors.invoiceNotAvailable();
  const attempt = payingAttempt(await listPaymentsOfPurchase(ctx.db.kysely, id));
  if (!attempt) throw errors.invoiceNotAvailable();
  const invoiceId = newInvoiceId();
  const claim = {
    id: invoiceId, unique_key: orderInvoiceKey(id), kind: 'ingreso' as const, purchase_id: id, related_invoice_id: null,
    receiver_json: JSON.stringify({ ...customerOf(receiver), use: receiver.use }), total_cents: orderTotalCents(order),
  };
  const issued = await issueOnce(ctx, claim, [id], (key) => ingresoBody(order, receiver, invoicePaymentOf(attempt), key));
  const now = ctx.now().toISOString();
  if (issued) {
    await queueInvoiceMail(ctx, order, issued.id, receiver.email);
    // Tickets the buyer cancelled before asking: the invoice states what was charged, their credit notes what went back.
    if (order.purchase.status === 'partially_cancelled') await invoiceAfterRefund(ctx, id);
  } else if ((await findInvoiceByKey(ctx.db.kysely, orderInvoiceKey(id))) === undefined) {
    // Not our claim and not an ingreso of this order: the sale went into a global invoice meanwhile.
    throw errors.invoiceInGlobal();
  }
  if (request.guardar_datos === true && order.purchase.buyer?.email) {
    const { rfc, legalName, regime, zip, use } = receiver;
    await saveFiscalProfile(ctx.db.kysely, order.purchase.buyer.email.toLowerCase(), { rfc, razon_social: legalName, regimen_fiscal: regime, codigo_postal: zip, uso_cfdi: use }, now);
  }
  return invoiceStatus(ctx, order);
}

/** The order's stamped invoice (its ingreso, issued or cancelled), for the downloads; 404 otherwise. */
export async function orderInvoice(ctx: AppContext, order: Order): Promise<InvoiceRow> {
  const invoice = await findInvoiceByKey(ctx.db.kysely, orderInvoiceKey(order.purchase.id));
  if (!invoice || invoice.status === 'issuing') throw errors.invoiceNotFound();
  return invoice;
}
