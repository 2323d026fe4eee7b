import type { PaymentProviderName } from '../db/schema';
import { errors } from '../http/app-error';
import { ProviderError, WebhookRejected, type WebhookNotice, type WebhookRequest } from './provider';
import type { PaymentsRuntime } from './runtime';
import { finishWebhook, receiveWebhook, retryWebhook } from '../repositories/webhook-inbox.repository';
import { observeAndApply } from './observe';

/** A delivery still `received` after this long was abandoned by a process that died while processing it. */
const STALE_PROCESSING_MS = 5 * 60_000;

export interface WebhookOutcome { received: true; duplicate?: true; ignored?: true }

/**
 * A webhook delivery: verified with the provider's scheme (refused with 401 otherwise),
 * stored in the inbox once per provider event id (a replay is answered 200 and not
 * processed again), then the payment it names is re-read from the provider and run
 * through the confirm path. A failure while processing answers 503 so the provider
 * retries; the retry is let through because the inbox row says `failed`.
 */
export async function handleWebhook(rt: PaymentsRuntime, providerName: PaymentProviderName, request: WebhookRequest): Promise<WebhookOutcome> {
  const db = rt.ctx.db.kysely;
  const provider = rt.providers[providerName];
  let notice: WebhookNotice;
  try {
    notice = await provider.verifyWebhook(request, rt.ctx.now());
  } catch (error) {
    if (error instanceof WebhookRejected) {
      rt.log.warn({ provider: providerName, reason: error.reason }, 'webhook refused');
      throw errors.webhookRejected(error.reason);
    }
    if (error instanceof ProviderError) {
      rt.log.error({ err: error }, `${providerName}: could not verify a webhook`);
      throw errors.paymentProviderUnavailable();
    }
    throw error;
  }
  const stored = await receiveWebhook(db, {
    provider: providerName,
    event_id: notice.eventId.slice(0, 200),
    event_type: notice.eventType.slice(0, 100),
    resource_id: notice.resourceId?.slice(0, 200) ?? null,
    body: request.rawBody,
    received_at: rt.ctx.now().toISOString(),
  });
  const now = rt.ctx.now();
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_MS).toISOString();
  if (!stored && !(await retryWebhook(db, providerName, notice.eventId, now.toISOString(), staleBefore))) return { received: true, duplicate: true };
  if (!notice.lookup) {
    await finishWebhook(db, providerName, notice.eventId, 'ignored', rt.ctx.now().toISOString());
    return { received: true, ignored: true };
  }
  try {
    const attempt = await observeAndApply(rt, providerName, notice.lookup);
    await finishWebhook(db, providerName, notice.eventId, attempt ? 'processed' : 'ignored', rt.ctx.now().toISOString());
    return attempt ? { received: true } : { received: true, ignored: true };
  } catch (error) {
    rt.log.error({ err: error, provider: providerName, event: notice.eventId }, 'webhook processing failed; the provider will retry');
    await finishWebhook(db, providerName, notice.eventId, 'failed', rt.ctx.now().toISOString(), error instanceof Error ? error.message.slice(0, 500) : String(error));
    throw errors.paymentProviderUnavailable();
  }
}
