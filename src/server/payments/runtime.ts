import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { SendMail } from '../fulfilment/mailer';
import type { PaymentProviders } from './registry';

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
