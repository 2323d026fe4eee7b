import type { FastifyInstance } from 'fastify';
import type { InstallmentsResponse, MercadoPagoAccountInstallmentsRequest, MercadoPagoInstallmentsRequest, StripeConfirmRequest, StripeConfirmResponse, StripeInstallmentsRequest } from '../../../shared/api';
import { answers } from '../../http/api-schemas';
import { rateLimited } from '../../plugins/security';
import { purchaseKeyRequired } from '../../services/access-keys';
import { mercadoPagoPlans } from '../installment-offers';
import { confirmStripeWithPlan, stripePlans } from '../stripe-installments';
import { cardOfMethod, readMethod } from '../supertoken';
import { requestOrigin } from './payment.routes';
import type { PaymentsRuntime } from '../runtime';

/** The card plans (meses sin intereses) the storefront offers, asked of the provider by the server for the purchase's total. */
export async function installmentsRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const keyed = purchaseKeyRequired(rt.ctx);
  app.post<{ Body: MercadoPagoInstallmentsRequest; Reply: InstallmentsResponse }>(
    '/api/payments/mercadopago/installments',
    { schema: { body: { $ref: 'api/mercadopago-installments.request#' }, response: answers('installments') }, config: rateLimited, preHandler: keyed },
    async (request) => ({
      plans: await mercadoPagoPlans(rt, request.body.purchase_id, ['card'], async () => ({ bin: request.body.bin, paymentMethodId: request.body.payment_method_id })),
    }),
  );

  // A saved card's BIN is never the browser's word: the method is read from MercadoPago by its token.
  app.post<{ Body: MercadoPagoAccountInstallmentsRequest; Reply: InstallmentsResponse }>(
    '/api/payments/mercadopago/account-installments',
    { schema: { body: { $ref: 'api/mercadopago-account-installments.request#' }, response: answers('installments') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { purchase_id: purchaseId, token, id, type } = request.body;
      return { plans: await mercadoPagoPlans(rt, purchaseId, ['card', 'superToken'], async () => cardOfMethod(await readMethod(rt, { token, methodId: id, methodType: type }))) };
    },
  );

  app.post<{ Body: StripeInstallmentsRequest; Reply: InstallmentsResponse }>(
    '/api/payments/stripe/installments',
    { schema: { body: { $ref: 'api/stripe-installments.request#' }, response: answers('installments') }, config: rateLimited, preHandler: keyed },
    async (request) => ({ plans: await stripePlans(rt, { purchaseId: request.body.purchase_id, paymentMethodId: request.body.payment_method_id }) }),
  );

  app.post<{ Body: StripeConfirmRequest; Reply: StripeConfirmResponse }>(
    '/api/payments/stripe/confirm',
    { schema: { body: { $ref: 'api/stripe-confirm.request#' }, response: answers('stripe-confirm') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { paymentIntent, redirectUrl } = await confirmStripeWithPlan(rt, { purchaseId: request.body.purchase_id, installments: request.body.installments, origin: requestOrigin(rt, request) });
      return redirectUrl ? { payment_intent: paymentIntent, redirect_url: redirectUrl } : { payment_intent: paymentIntent };
    },
  );
}
