import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createMailer, type SendMail } from '../fulfilment/mailer';
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

/** `http://127.0.0.1:PORT` of the socket this server listens on (how the sandbox reaches itself). */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The payment sandbox needs the server listening on TCP (or INTERNAL_URL set).');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The provider adapters from the configuration (the real service with keys, the built-in sandbox without) and the mailer. */
export function createPaymentsRuntime(ctx: AppContext, app: FastifyInstance): PaymentsRuntime {
  const selfUrl = () => ctx.config.internalUrl ?? listeningUrl(app);
  return { ctx, providers: buildPaymentProviders(ctx.config, selfUrl), log: app.log, selfUrl, sendMail: createMailer(ctx.config) };
}
