import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findWebhookDelivery, type WebhookDeliveryRow, type WebhookEndpointRow } from '../repositories/webhook.repository';
import { attemptNow } from './deliver';
import { messageIdOf, queueDeliveries, webhookBody } from './emit';

/** A new attempt of one of the endpoint's deliveries, now (409 while another process is sending it); the delivery after it. */
export async function resendDelivery(ctx: AppContext, endpoint: WebhookEndpointRow, deliveryId: string): Promise<WebhookDeliveryRow> {
  const delivery = await findWebhookDelivery(ctx.db.kysely, deliveryId);
  if (!delivery || delivery.endpoint_id !== endpoint.id) throw errors.webhookDeliveryNotFound();
  if (!(await attemptNow(ctx, delivery))) throw errors.webhookDeliveryBusy();
  return (await findWebhookDelivery(ctx.db.kysely, deliveryId))!;
}

/**
 * A `webhook.test` message to one endpoint, sent now (whether or not it is enabled, whatever types it wants): its
 * data names the endpoint and says it is a test. Logged like any delivery; if it fails it is retried on the schedule.
 */
export async function sendTestMessage(ctx: AppContext, endpoint: WebhookEndpointRow): Promise<WebhookDeliveryRow> {
  const now = ctx.now().toISOString();
  const body = webhookBody('webhook.test', now, { endpoint_id: endpoint.id, test: true });
  const [id] = await queueDeliveries(ctx.db.kysely, [endpoint], { id: messageIdOf(`webhook.test:${randomUUID()}`), type: 'webhook.test', body }, now);
  const delivery = (await findWebhookDelivery(ctx.db.kysely, id))!;
  await attemptNow(ctx, delivery);
  return (await findWebhookDelivery(ctx.db.kysely, id))!;
}
