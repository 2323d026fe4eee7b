import type { CheckoutInvoiceResponse, InvoiceRequest } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { setCheckoutInvoiceRequest, takeCheckoutInvoiceRequest } from '../repositories/invoice.repository';
import { loadOrder } from '../repositories/order.repository';
import { requestInvoice } from './buyer-invoice';
import { checkedReceiver } from './invoice-request';
import { invoicingProviderOf } from './provider';
import { invoicingSettings } from './settings';

/**
 * `PUT /api/payments/invoice-request` ("Quiero factura" at the payment step, `invoicing.ask_at_checkout`):
 * the buyer's fiscal data checked as a request's are (`checkedReceiver`: 400 FORM_INVALID per field)
 * and kept with the purchase while it is not paid; `invoiceAfterPayment` requests the invoice once it
 * is. 409 INVOICE_NOT_AVAILABLE when the event does not ask at checkout, invoicing is off, or the
 * purchase is paid or over (the thank-you page asks then).
 */
export async function keepCheckoutInvoiceRequest(ctx: AppContext, purchaseId: string, request: InvoiceRequest): Promise<CheckoutInvoiceResponse> {
  const order = await loadOrder(ctx.db.kysely, purchaseId);
  if (!order || !invoicingSettings(order.event).askAtCheckout || invoicingProviderOf(ctx).mode === 'off') throw errors.invoiceNotAvailable();
  checkedReceiver(request);
  const { rfc, razon_social, regimen_fiscal, codigo_postal, uso_cfdi, email, guardar_datos } = request;
  const json = JSON.stringify({ rfc, razon_social, regimen_fiscal, codigo_postal, uso_cfdi, email, guardar_datos: guardar_datos === true });
  if (!(await setCheckoutInvoiceRequest(ctx.db.kysely, purchaseId, json, ctx.now().toISOString()))) throw errors.invoiceNotAvailable();
  return { purchase_id: purchaseId, factura: true };
}

/** `DELETE /api/payments/invoice-request`: the buyer unticked "Quiero factura" before paying. */
export async function dropCheckoutInvoiceRequest(ctx: AppContext, purchaseId: string): Promise<CheckoutInvoiceResponse> {
  if (!(await setCheckoutInvoiceRequest(ctx.db.kysely, purchaseId, null, ctx.now().toISOString()))) throw errors.invoiceNotAvailable();
  return { purchase_id: purchaseId, factura: false };
}

/**
 * After a payment confirmed (the confirm path's follow-up): the fiscal data kept from the payment step
 * leave the purchase (taken once) and the invoice is requested as the buyer would from the thank-you
 * page (issued once per order, e-mailed). A refusal (window, provider) is logged: the buyer can still
 * ask from the thank-you or order page.
 */
export async function invoiceAfterPayment(ctx: AppContext, purchaseId: string, log: { warn: (details: object, message: string) => void }): Promise<void> {
  const json = await takeCheckoutInvoiceRequest(ctx.db.kysely, purchaseId);
  if (!json) return;
  const order = await loadOrder(ctx.db.kysely, purchaseId);
  if (!order) return;
  try {
    await requestInvoice(ctx, order, JSON.parse(json) as InvoiceRequest);
  } catch (error) {
    log.warn({ err: error, purchase: purchaseId }, 'invoice asked for at the payment step not issued; the buyer may ask again from the order page');
  }
}
