import type { FastifyInstance } from 'fastify';
import { deliverMail } from '../fulfilment/outbox';
import { retryStaleInvoiceClaims } from '../invoicing/stale-claims';
import { runEvery } from '../plugins/interval-task';
import { settleCancellationRefund } from '../orders/cancel-by-buyer';
import { cancellationsOwingRefund } from '../repositories/order-changes.repository';
import { attemptsOwingRefund } from '../repositories/payment-attempt.repository';
import { settleMissedSeats } from '../seats/purchase-seats';
import { reconcileOpenAttempts } from './reconcile';
import { settleRefund, STALE_REFUND_MS } from './refund';
import type { PaymentsRuntime } from './runtime';

/**
 * Settles payments left open (a process died between the provider's answer and its commit), stamps
 * invoices left `issuing` (buyers', global, credit notes), sends e-mails still queued, refunds still owed (payments' and buyers' cancellations') and seat bookings or releases missed (after a crash, an
 * SMTP outage, a provider outage).
 */
export async function retryPendingWork(rt: PaymentsRuntime): Promise<void> {
  await reconcileOpenAttempts(rt);
  const staleBefore = new Date(rt.ctx.now().getTime() - STALE_REFUND_MS).toISOString();
  for (const attempt of await attemptsOwingRefund(rt.ctx.db.kysely, staleBefore)) await settleRefund(rt, attempt);
  for (const id of await cancellationsOwingRefund(rt.ctx.db.kysely, staleBefore)) await settleCancellationRefund(rt, id);
  await retryStaleInvoiceClaims(rt.ctx, rt.log);
  await deliverMail(rt);
  await settleMissedSeats(rt.ctx);
}

/**
 * Once the server is ready, starts the loop that settles open payments and retries queued e-mails, owed refunds and missed seat calls every RETRY_INTERVAL_SECONDS.
 */
export async function pendingWorkPlugin(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  runEvery(app, rt.ctx.config.retryIntervalSeconds * 1000, () => retryPendingWork(rt), (error) => app.log.error({ err: error }, 'retry of open payments, pending e-mails, refunds and seat calls failed'));
}
