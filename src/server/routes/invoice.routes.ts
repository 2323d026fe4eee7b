import type { FastifyInstance } from 'fastify';
import type { CheckoutInvoiceRequest, CheckoutInvoiceResponse, InvoiceRequest, InvoiceStatusResponse } from '../../shared/api';
import { answers } from '../http/api-schemas';
import { invoiceStatus, orderInvoice, requestInvoice } from '../invoicing/buyer-invoice';
import { dropCheckoutInvoiceRequest, keepCheckoutInvoiceRequest } from '../invoicing/checkout-request';
import { purchaseKeyRequired } from '../services/access-keys';
import { openOwnOrder } from '../orders/order-access';
import type { PaymentsRuntime } from '../payments/runtime';
import { deliverMail } from '../fulfilment/outbox';
import { limitedAs, rateLimited } from '../plugins/security';

const purchaseParams = {
  type: 'object', additionalProperties: false, required: ['purchaseId'], properties: { purchaseId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/**
 * The buyer's invoice of their order (docs/invoicing.md): its state, the request with their fiscal
 * data, the stamped PDF and XML, and the fiscal data given at the payment step (`invoicing.ask_at_checkout`). Every route takes the buyer's own key in `X-Purchase-Key`
 * (`openOwnOrder`: a ticket holder's key is refused). Answers are never cached.
 */
export async function invoiceRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const { ctx } = rt;

  app.get<{ Params: { purchaseId: string }; Reply: InvoiceStatusResponse }>(
    '/api/orders/:purchaseId/invoice',
    { schema: { params: purchaseParams, response: answers('order-invoice') }, config: rateLimited },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return invoiceStatus(ctx, await openOwnOrder(ctx, request, request.params.purchaseId));
    },
  );

  app.post<{ Params: { purchaseId: string }; Body: InvoiceRequest; Reply: InvoiceStatusResponse }>(
    '/api/orders/:purchaseId/invoice',
    { schema: { params: purchaseParams, body: { $ref: 'api/order-invoice.request#' }, response: answers('order-invoice') }, config: rateLimited },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await openOwnOrder(ctx, request, request.params.purchaseId);
      const answer = await requestInvoice(ctx, order, request.body);
      // The e-mail goes once the answer is settled; a failure is retried by the outbox, never the request's.
      void deliverMail(rt, order.purchase.id).catch((error) => request.log.error({ err: error }, 'invoice e-mail not sent yet'));
      return answer;
    },
  );

  // "Quiero factura" at the payment step: kept with the held purchase (its key), requested once it is paid.
  const keyed = purchaseKeyRequired(ctx);
  app.put<{ Body: CheckoutInvoiceRequest; Reply: CheckoutInvoiceResponse }>(
    '/api/payments/invoice-request',
    { schema: { body: { $ref: 'api/invoice-at-checkout.request#' }, response: answers('invoice-at-checkout') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { purchase_id, ...invoice } = request.body;
      return keepCheckoutInvoiceRequest(ctx, purchase_id, invoice);
    },
  );
  app.delete<{ Body: { purchase_id: string }; Reply: CheckoutInvoiceResponse }>(
    '/api/payments/invoice-request',
    {
      schema: { body: { type: 'object', additionalProperties: false, required: ['purchase_id'], properties: { purchase_id: { type: 'string', minLength: 1, maxLength: 64 } } }, response: answers('invoice-at-checkout') },
      config: rateLimited, preHandler: keyed,
    },
    async (request) => dropCheckoutInvoiceRequest(ctx, request.body.purchase_id),
  );

  for (const format of ['pdf', 'xml'] as const) {
    app.get<{ Params: { purchaseId: string } }>(
      `/api/orders/:purchaseId/invoice.${format}`,
      { schema: { params: purchaseParams }, config: limitedAs(ctx.config, 'pdf') },
      async (request, reply) => {
        const invoice = await orderInvoice(ctx, await openOwnOrder(ctx, request, request.params.purchaseId));
        reply.header('cache-control', 'private, no-store');
        reply.header('content-disposition', `attachment; filename="factura_${invoice.uuid}.${format}"`);
        return format === 'pdf'
          ? reply.type('application/pdf').send(Buffer.from(invoice.pdf_base64!, 'base64'))
          : reply.type('application/xml; charset=utf-8').send(invoice.xml);
      },
    );
  }
}
