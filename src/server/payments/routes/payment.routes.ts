import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../http/public-origin';
import type { PaymentsRuntime } from '../runtime';
import { rateLimited } from '../../plugins/security';
import { purchaseKeyRequired, requestKey } from '../../services/access-keys';
import { verifyBotCheck } from '../../services/bot-check.service';
import { attemptByReference, latestAttempt, processLoader } from '../observe';
import { payByCard } from '../card';
import { payBySuperToken } from '../supertoken';
import { startPayment } from '../start';
import { openpayRoutes } from './openpay.routes';
import { installmentsRoutes } from './installments.routes';
import { startStripeIntent } from '../stripe';
import { answers } from '../../http/api-schemas';
import type {
  CreatePreferenceRequest,
  CreatePreferenceResponse,
  FintocLoaderRequest,
  FintocSessionRequest,
  FintocSessionResponse,
  FreeLoaderRequest,
  LoaderResponse,
  MercadopagoLoaderRequest,
  PaypalCreateOrderRequest,
  PaypalLoaderRequest,
  PaypalOrderResponse,
  ProcessCardPaymentRequest,
  ProcessCardPaymentResponse,
  SuperTokenOrderRequest,
  SuperTokenOrderResponse,
  StripeCreateOrderRequest,
  StripeCreateOrderResponse,
  StripeLoaderRequest,
  VerifyFreeRequest,
  VerifyFreeResponse,
} from '../../../shared/api';
import { named } from '../../../shared/node/fastify-plugin-name';

/** The browser-facing origin of provider return links and webhook URLs (`publicOrigin`: never the request's Host header). */
export function requestOrigin(rt: PaymentsRuntime, request: FastifyRequest): string {
  return publicOrigin(rt.ctx.config, request.server);
}

function loaderSchema(required: string[]) {
  return { body: { type: 'object', allOf: [{ $ref: 'api/payment-loader.request#' }, { type: 'object', required }] }, response: answers('purchase-status') };
}

/**
 * The payment routes (docs/api.md): start a payment with each provider, and the
 * loader calls that resolve it ({status, reload}; reload only with the purchase's access
 * key). Every start checks the order (held, form done, method on, total); every loader
 * re-reads the payment from its provider.
 */
export async function paymentRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const { ctx } = rt;
  // A payment start stores the buyer and may issue tickets (free): it needs the purchase's access key.
  const keyed = purchaseKeyRequired(ctx);
  await app.register(named(openpayRoutes), { rt });
  await app.register(named(installmentsRoutes), { rt });

  app.post<{ Body: CreatePreferenceRequest; Reply: CreatePreferenceResponse }>(
    '/api/payments/mercadopago/create-preference',
    { schema: { body: { $ref: 'api/mercadopago-create-preference.request#' }, response: answers('mercadopago-create-preference') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { result } = await startPayment(rt, { provider: 'mercadopago', purchaseId: request.body.purchase_id, buyer: request.body.buyer_info, lang: request.body.lang, origin: requestOrigin(rt, request) });
      return { preference_id: result.reference, init_point: result.redirectUrl };
    },
  );

  app.post<{ Body: ProcessCardPaymentRequest; Reply: ProcessCardPaymentResponse }>(
    '/api/payments/mercadopago/process-payment',
    { schema: { body: { $ref: 'api/mercadopago-process-payment.request#' }, response: answers('mercadopago-process-payment') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const b = request.body;
      const { paymentId, challenge } = await payByCard(rt, {
        purchaseId: b.purchase_id, token: b.token, paymentMethodId: b.paymentMethodId, installments: b.installments, issuer: b.issuer, email: b.email, buyer: b.buyer_info, lang: b.lang, origin: requestOrigin(rt, request),
      });
      return challenge ? { payment_id: paymentId, three_ds_info: { external_resource_url: challenge.url, creq: challenge.creq } } : { payment_id: paymentId };
    },
  );

  app.post<{ Body: MercadopagoLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/mercadopago/loader-process',
    { schema: loaderSchema(['payment_id']), config: rateLimited },
    async (request) => processLoader(rt, 'mercadopago', { paymentId: String(request.body.payment_id) }, undefined, requestKey(request)),
  );

  app.post<{ Body: SuperTokenOrderRequest; Reply: SuperTokenOrderResponse }>(
    '/api/payments/mercadopago-supertoken/create-order',
    { schema: { body: { $ref: 'api/mercadopago-supertoken-create-order.request#' }, response: answers('mercadopago-supertoken-create-order') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const b = request.body;
      const { paymentId } = await payBySuperToken(rt, {
        purchaseId: b.purchase_id, token: b.token, methodId: b.id, methodType: b.type, installments: b.installments ?? 1, email: b.email, lang: b.lang, origin: requestOrigin(rt, request),
      });
      return { payment_id: paymentId };
    },
  );

  // A super-token payment is a MercadoPago payment: its loader is the card loader's, to the same confirm path.
  app.post<{ Body: MercadopagoLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/mercadopago-supertoken/loader-process',
    { schema: loaderSchema(['payment_id']), config: rateLimited },
    async (request) => processLoader(rt, 'mercadopago', { paymentId: String(request.body.payment_id) }, undefined, requestKey(request)),
  );

  app.post<{ Body: PaypalCreateOrderRequest; Reply: PaypalOrderResponse }>(
    '/api/payments/paypal/create-order',
    { schema: { body: { $ref: 'api/paypal-create-order.request#' }, response: answers('paypal-create-order') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { result } = await startPayment(rt, { provider: 'paypal', purchaseId: request.body.purchase_id, lang: request.body.lang, origin: requestOrigin(rt, request) });
      // The storefront opens links[1]: self first, the approval link second.
      const links = result.links ?? [];
      const self = links.find((l) => l.rel === 'self') ?? { href: result.redirectUrl, rel: 'self', method: 'GET' };
      const approve = { ...(links.find((l) => l.rel === 'approve' || l.rel === 'payer-action') ?? { href: result.redirectUrl, method: 'GET' }), rel: 'approve' };
      const rest = links.filter((l) => l !== self && l.rel !== 'approve' && l.rel !== 'payer-action');
      return { order: { id: result.reference, status: 'CREATED', links: [self, approve, ...rest] } };
    },
  );

  app.post<{ Body: PaypalLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/paypal/loader-process',
    { schema: loaderSchema(['token']), config: rateLimited },
    async (request) => {
      const attempt = await attemptByReference(rt, 'paypal', request.body.token);
      return processLoader(rt, 'paypal', { reference: request.body.token, attemptId: attempt.id }, attempt, requestKey(request));
    },
  );

  app.post<{ Body: FintocSessionRequest; Reply: FintocSessionResponse }>(
    '/api/payments/fintoc/create-session',
    { schema: { body: { $ref: 'api/fintoc-create-session.request#' }, response: answers('fintoc-create-session') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const { result } = await startPayment(rt, { provider: 'fintoc', purchaseId: request.body.purchase_id, buyer: request.body.buyer_info, lang: request.body.lang, origin: requestOrigin(rt, request) });
      return { session_token: result.sessionToken ?? null, widget_url: result.redirectUrl };
    },
  );

  app.post<{ Body: FintocLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/fintoc/loader-process',
    { schema: loaderSchema(['purchase_id']), config: rateLimited },
    async (request) => {
      const attempt = await latestAttempt(rt, 'fintoc', request.body.purchase_id);
      return processLoader(rt, 'fintoc', { reference: attempt.provider_reference, attemptId: attempt.id }, attempt, requestKey(request));
    },
  );

  app.post<{ Body: StripeCreateOrderRequest; Reply: StripeCreateOrderResponse }>(
    '/api/payments/stripe/create-order',
    { schema: { body: { $ref: 'api/stripe-create-order.request#' }, response: answers('stripe-create-order') }, config: rateLimited, preHandler: keyed },
    async (request) => startStripeIntent(rt, { purchaseId: request.body.purchase_id, lang: request.body.lang, origin: requestOrigin(rt, request) }),
  );

  app.post<{ Body: StripeLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/stripe/loader-process',
    { schema: loaderSchema(['payment_intent', 'url']), config: rateLimited },
    async (request) => {
      const intentId = request.body.payment_intent;
      const attempt = await attemptByReference(rt, 'stripe', intentId);
      return processLoader(rt, 'stripe', { reference: intentId, attemptId: attempt.id }, attempt, requestKey(request));
    },
  );

  app.post<{ Body: VerifyFreeRequest; Reply: VerifyFreeResponse }>(
    '/api/payments/free/verify-free',
    { schema: { body: { $ref: 'api/free-verify.request#' }, response: answers('free-verify') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      await verifyBotCheck(ctx, request.body.token, 'validate_free_access', request);
      const { result } = await startPayment(rt, { provider: 'free', purchaseId: request.body.purchase_id, buyer: request.body.buyer_info, lang: request.body.lang, origin: requestOrigin(rt, request) });
      return { secretuuid: result.reference };
    },
  );

  app.post<{ Body: FreeLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/free/loader-process',
    { schema: loaderSchema(['token', 'g_token']), config: rateLimited },
    async (request) => {
      await verifyBotCheck(ctx, request.body.g_token, 'validate_free_access_loader', request);
      const attempt = await attemptByReference(rt, 'free', request.body.token);
      return processLoader(rt, 'free', { reference: request.body.token, attemptId: attempt.id }, attempt, requestKey(request));
    },
  );
}
