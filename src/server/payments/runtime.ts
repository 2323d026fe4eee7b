import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createMailer, type SendMail } from '../fulfilment/mailer';
import { selfUrl } from '../http/self-url';
import { buildPaymentProviders, type PaymentProviders } from './registry';

/** What the payment and fulfilment code needs besides the AppContext: the provider adapters and a logger. */
export interface PaymentsRuntime {
  ctx: AppContext;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** How this server reaches itself (the sandbox's APIs and webhook deliveries). */
  selfUrl: () => string;
  /** Sends one buyer e-mail (SMTP, or an .eml file in the outbox folder). */
  sendMail: SendMail;
}

/** The provider adapters from the configuration (the real service with keys, the built-in sandbox without) and the mailer. */
export function createPaymentsRuntime(ctx: AppContext, app: FastifyInstance): PaymentsRuntime {
  const self = () => selfUrl(ctx.config, app);
  return { ctx, providers: buildPaymentProviders(ctx.config, self), log: app.log, selfUrl: self, sendMail: createMailer(ctx.config) };
}
