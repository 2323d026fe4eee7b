import { randomBytes, randomUUID } from 'node:crypto';
import { unseal, webhookSecretPlace } from '../secrets-at-rest';
import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../context';
import type { WebhookDeliveryTable } from '../db/schema';
import {
  claimWebhookDelivery, dueWebhookDeliveries, findWebhookEndpoint, finishWebhookDelivery, insertWebhookAttempt, updateWebhookEndpoint,
  type WebhookAttemptRow, type WebhookDeliveryRow,
} from '../repositories/webhook.repository';
import { postWebhook } from './post';

/**
 * After the first attempt fails, the next ones wait this long after the one before (5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h: eight attempts over about 28 hours); after the last the delivery is `failed` (an operator may resend it).
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
/** An endpoint none of whose deliveries went through for this long (its oldest unanswered failure) is disabled. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
/** A delivery taken longer ago than this by a process that never finished it (a POST lasts at most 10 s) is taken again. */
const STALE_SENDING_MS = 2 * 60_000;
/** Deliveries sent at once by one run of the loop. */
const BATCH = 10;

/** A new signing secret: `whsec_` and 24 random bytes in base64, as Standard Webhooks spells it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const staleBefore = (now: Date) => new Date(now.getTime() - STALE_SENDING_MS).toISOString();

/** One run of the loop: the due deliveries of enabled endpoints, each claimed (one process sends it) and attempted; how many were due. */
export async function deliverDueWebhooks(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await dueWebhookDeliveries(ctx.db.kysely, now.toISOString(), staleBefore(now), BATCH);
  await Promise.all(due.map(async (row) => {
    const claimed = await claimWebhookDelivery(ctx.db.kysely, row.id, { now: now.toISOString(), staleBefore: staleBefore(now), dueAt: now.toISOString() });
    if (claimed) await attemptDelivery(ctx, claimed, { manual: false, before: 'pending' });
  }));
  return due.length;
}

/**
 * An operator's attempt now (resend, test message), outside the schedule: undefined while another process is
 * sending it. A delivery still pending goes on with its schedule if this attempt fails; a delivered or failed one
 * stays as it was.
 */
export async function attemptNow(ctx: AppContext, delivery: WebhookDeliveryRow): Promise<WebhookAttemptRow | undefined> {
  const now = ctx.now();
  const claimed = await claimWebhookDelivery(ctx.db.kysely, delivery.id, { now: now.toISOString(), staleBefore: staleBefore(now), dueAt: null });
  if (!claimed) return undefined;
  return attemptDelivery(ctx, claimed, { manual: true, before: delivery.status === 'sending' ? 'pending' : delivery.status });
}

/**
 * One signed POST of a claimed delivery (its `attempts` already counts it), recorded in the delivery log; then the
 * delivery is delivered (2xx), due again after its next delay, or failed; the endpoint's failing streak is kept, and
 * an endpoint failing for DISABLE_AFTER_MS is disabled (`disabled_reason: failing`).
 */
async function attemptDelivery(ctx: AppContext, delivery: WebhookDeliveryRow, how: { manual: boolean; before: WebhookDeliveryTable['status'] }): Promise<WebhookAttemptRow> {
  const db = ctx.db.kysely;
  const endpoint = (await findWebhookEndpoint(db, delivery.endpoint_id))!;
  const startedAt = ctx.now().toISOString();
  // The receiver compares `webhook-timestamp` with its own clock: it is the moment of sending, by the wall clock.
  const signedAt = new Date();
  const headers = {
    'webhook-id': delivery.message_id,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': new Webhook(unseal(ctx.config, webhookSecretPlace(endpoint.id), endpoint.secret)).sign(delivery.message_id, signedAt, delivery.payload),
  };
  const outcome = await postWebhook(endpoint.url, headers, delivery.payload, ctx.config.production);
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const attempt: WebhookAttemptRow = {
    id: randomUUID(), delivery_id: delivery.id, number: delivery.attempts, manual: how.manual ? 1 : 0, started_at: startedAt,
    duration_ms: outcome.durationMs, status_code: outcome.statusCode, error: ok ? null : (outcome.error ?? `answered ${outcome.statusCode}`), response_body: outcome.answer,
  };
  await insertWebhookAttempt(db, attempt);
  const now = ctx.now();
  if (ok) {
    await finishWebhookDelivery(db, delivery.id, { status: 'delivered', delivered_at: now.toISOString(), next_attempt_at: null });
    if (endpoint.failing_since) await updateWebhookEndpoint(db, endpoint.id, { failing_since: null });
    return attempt;
  }
  const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
  if (how.before !== 'pending') await finishWebhookDelivery(db, delivery.id, { status: how.before });
  else if (delay === undefined) await finishWebhookDelivery(db, delivery.id, { status: 'failed', next_attempt_at: null });
  else await finishWebhookDelivery(db, delivery.id, { status: 'pending', next_attempt_at: new Date(now.getTime() + delay).toISOString() });
  const failingSince = endpoint.failing_since ?? startedAt;
  if (endpoint.enabled && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS) {
    await updateWebhookEndpoint(db, endpoint.id, { enabled: 0, disabled_reason: 'failing', failing_since: failingSince, updated_at: now.toISOString() });
  } else if (!endpoint.failing_since) {
    await updateWebhookEndpoint(db, endpoint.id, { failing_since: failingSince });
  }
  return attempt;
}
