import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createMailer, type SendMail } from '../fulfilment/mailer';
import { selfUrlOf } from '../http/self-url';
import { buildPaymentProviders, type PaymentProviders } from './registry';

/** What the payment and fulfilment code needs besides the AppContext: the provider adapters and a logger. */
export interface PaymentsRuntime {
  ctx: AppContext;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** How this server reaches itself (a provider URL given as a path is one of its own). */
  selfUrl: () => string;
  /** Sends one buyer e-mail (SMTP, or an .eml file in the outbox folder). */
  sendMail: SendMail;
}

/** The provider adapters from the configuration and the mailer. */
export function createPaymentsRuntime(ctx: AppContext, app: FastifyInstance): PaymentsRuntime {
  const selfUrl = selfUrlOf(app, ctx.config.internalUrl);
  return { ctx, providers: buildPaymentProviders(ctx.config, selfUrl), log: app.log, selfUrl, sendMail: createMailer(ctx.config) };
}
