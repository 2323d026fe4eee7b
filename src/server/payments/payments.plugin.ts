import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createMailer } from '../fulfilment/mailer';
import { deliverMail } from '../fulfilment/outbox';
import { attemptsOwingRefund } from '../repositories/payment-attempt.repository';
import { emissionRoutes } from '../routes/emission.routes';
import { paymentMethodRoutes } from '../routes/payment-method.routes';
import { webhookRoutes } from '../routes/webhook.routes';
import { settleRefund, STALE_REFUND_MS } from './refund';
import { buildPaymentProviders } from './registry';
import type { PaymentsRuntime } from './runtime';
import { paymentSandboxRoutes } from './sandbox';

/** `http://127.0.0.1:PORT` of the socket this server listens on (how the sandbox reaches itself). */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The payment sandbox needs the server listening on TCP (or INTERNAL_URL set).');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Sends e-mails still queued and refunds still owed (after a crash, an SMTP outage, a provider outage). */
export async function retryPendingWork(rt: PaymentsRuntime): Promise<void> {
  const staleBefore = new Date(rt.ctx.now().getTime() - STALE_REFUND_MS).toISOString();
  for (const attempt of await attemptsOwingRefund(rt.ctx.db.kysely, staleBefore)) await settleRefund(rt, attempt);
  await deliverMail(rt);
}

/**
 * Payments and fulfilment: builds the provider adapters from the configuration (real
 * service with keys, the built-in sandbox without), then registers the payment,
 * webhook, emission and sandbox routes, and a retry loop for e-mails and refunds.
 */
export async function paymentsPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const selfUrl = () => ctx.config.internalUrl ?? listeningUrl(app);
  const rt: PaymentsRuntime = { ctx, providers: buildPaymentProviders(ctx.config, selfUrl), log: app.log, selfUrl, sendMail: createMailer(ctx.config) };
  await app.register(paymentMethodRoutes, { rt });
  await app.register(webhookRoutes, { rt });
  await app.register(emissionRoutes, { rt });
  await app.register(paymentSandboxRoutes, { rt });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const sandboxed = (['mercadopago', 'paypal', 'fintoc'] as const).filter((name) => rt.providers[name].mode === 'sandbox');
    if (sandboxed.length > 0) {
      app.log.warn(`Pagos en sandbox (sin cargos reales) para: ${sandboxed.join(', ')}. Define sus claves para cobrar de verdad, o PAYMENT_SANDBOX=off para impedirlo.`);
    }
    if (ctx.config.retryIntervalSeconds > 0) {
      timer = setInterval(() => {
        retryPendingWork(rt).catch((error: unknown) => app.log.error({ err: error }, 'retry of pending e-mails and refunds failed'));
      }, ctx.config.retryIntervalSeconds * 1000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
