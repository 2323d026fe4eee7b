import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  WebhookAttemptView, WebhookDeliveryView, WebhookEndpointCreateRequest, WebhookEndpointUpdateRequest, WebhookEndpointView,
} from '../../shared/api';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { findEventByUrl } from '../repositories/event.repository';
import {
  attemptsOfDeliveries, eventUrlsOf, findWebhookEndpoint, insertWebhookEndpoint, updateWebhookEndpoint,
  type WebhookDeliveryRow, type WebhookEndpointRow,
} from '../repositories/webhook.repository';
import { seal, webhookSecretPlace } from '../secrets-at-rest';
import { newWebhookSecret } from './deliver';
import { checkEndpointUrl } from './target';

/** The endpoints as the console shows them (never the secret). */
export async function endpointViews(db: Kysely<Database>, rows: WebhookEndpointRow[]): Promise<WebhookEndpointView[]> {
  const urls = await eventUrlsOf(db, [...new Set(rows.flatMap((row) => (row.event_id === null ? [] : [row.event_id])))]);
  return rows.map((row) => ({
    id: row.id, event_url: row.event_id === null ? null : (urls.get(row.event_id) ?? null), url: row.url, description: row.description,
    event_types: row.event_types.filter((type) => type !== 'webhook.test'), enabled: row.enabled === 1, disabled_reason: row.disabled_reason,
    failing_since: row.failing_since, created_at: row.created_at, updated_at: row.updated_at,
  }));
}

/** Deliveries with their attempts, as the delivery log shows them. */
export async function deliveryViews(db: Kysely<Database>, rows: WebhookDeliveryRow[]): Promise<WebhookDeliveryView[]> {
  const attempts = await attemptsOfDeliveries(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id, message_id: row.message_id, type: row.type, status: row.status, attempts: row.attempts,
    next_attempt_at: row.next_attempt_at, delivered_at: row.delivered_at, created_at: row.created_at,
    payload: JSON.parse(row.payload) as WebhookDeliveryView['payload'],
    attempt_log: attempts.filter((a) => a.delivery_id === row.id).map((a): WebhookAttemptView => ({
      number: a.number, manual: a.manual === 1, started_at: a.started_at, duration_ms: a.duration_ms,
      status_code: a.status_code, error: a.error, response_body: a.response_body,
    })),
  }));
}

/** Creates an endpoint (its URL checked, `target.ts`) with a new secret; the event must exist. */
export async function createEndpoint(ctx: AppContext, request: WebhookEndpointCreateRequest): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const db = ctx.db.kysely;
  let eventId: number | null = null;
  if (request.event_url !== null) {
    const event = await findEventByUrl(db, request.event_url);
    if (!event) throw errors.eventNotFound();
    eventId = event.id;
  }
  const now = ctx.now().toISOString();
  const enabled = request.enabled ?? true;
  const endpoint: WebhookEndpointRow = {
    id: randomUUID(), event_id: eventId, url: await checkEndpointUrl(request.url, ctx.config), description: request.description ?? '',
    event_types: [...request.event_types], enabled: enabled ? 1 : 0, disabled_reason: enabled ? null : 'operator', secret: '',
    failing_since: null, created_at: now, updated_at: now,
  };
  const secret = newWebhookSecret();
  endpoint.secret = seal(ctx.config, webhookSecretPlace(endpoint.id), secret);
  await insertWebhookEndpoint(db, endpoint);
  return { endpoint, secret };
}

/** Changes an endpoint; enabling one clears its failing streak, disabling one by hand says so. */
export async function updateEndpoint(ctx: AppContext, endpoint: WebhookEndpointRow, request: WebhookEndpointUpdateRequest): Promise<WebhookEndpointRow> {
  const patch: Parameters<typeof updateWebhookEndpoint>[2] = { updated_at: ctx.now().toISOString() };
  if (request.url !== undefined) patch.url = await checkEndpointUrl(request.url, ctx.config);
  if (request.description !== undefined) patch.description = request.description;
  if (request.event_types !== undefined) patch.event_types = [...request.event_types];
  if (request.enabled === true) Object.assign(patch, { enabled: 1, disabled_reason: null, failing_since: null });
  if (request.enabled === false && endpoint.enabled === 1) Object.assign(patch, { enabled: 0, disabled_reason: 'operator' });
  await updateWebhookEndpoint(ctx.db.kysely, endpoint.id, patch);
  return (await findWebhookEndpoint(ctx.db.kysely, endpoint.id))!;
}

/** A new secret for an endpoint; the old one stops signing at once. */
export async function rotateEndpointSecret(ctx: AppContext, endpoint: WebhookEndpointRow): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  await updateWebhookEndpoint(ctx.db.kysely, endpoint.id, { secret: seal(ctx.config, webhookSecretPlace(endpoint.id), secret), updated_at: ctx.now().toISOString() });
  return { endpoint: (await findWebhookEndpoint(ctx.db.kysely, endpoint.id))!, secret };
}
