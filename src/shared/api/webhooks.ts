/** The admin API of outbound webhooks (`/api/admin/webhooks/…`, permission `webhooks`); see docs/webhooks.md. */

/** What an endpoint may ask to hear about; `webhook.test` is only sent when an operator asks. */
export type WebhookSubscribableType = 'order.paid' | 'order.cancelled' | 'order.refunded' | 'ticket.transferred' | 'ticket.checked_in';
export type WebhookMessageType = WebhookSubscribableType | 'webhook.test';

/** An endpoint as the console shows it (never its secret). */
export interface WebhookEndpointView {
  id: string;
  /** The event it hears about (its url); null: every event of the account. */
  event_url: string | null;
  url: string;
  description: string;
  event_types: WebhookSubscribableType[];
  enabled: boolean;
  /** `operator`: switched off by hand; `failing`: no delivery went through for 5 days. */
  disabled_reason: 'operator' | 'failing' | null;
  /** Since when its deliveries fail (null while the last one went through). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** `POST /api/admin/webhooks/endpoints` (201). */
export interface WebhookEndpointCreateRequest {
  event_url: string | null;
  url: string;
  description?: string;
  event_types: WebhookSubscribableType[];
  enabled?: boolean;
}

/** `PATCH /api/admin/webhooks/endpoints/{id}`: what changes (the event it belongs to does not). */
export interface WebhookEndpointUpdateRequest {
  url?: string;
  description?: string;
  event_types?: WebhookSubscribableType[];
  enabled?: boolean;
}

/** The answer of a creation and of `POST …/{id}/rotate-secret`: the only times the secret is shown. */
export interface WebhookEndpointSecretResponse {
  endpoint: WebhookEndpointView;
  secret: string;
}

/** `GET /api/admin/webhooks/endpoints`, and the answer of `PATCH`. */
export interface WebhookEndpointListResponse {
  endpoints: WebhookEndpointView[];
}
export interface WebhookEndpointResponse {
  endpoint: WebhookEndpointView;
}

/** One POST of a delivery. */
export interface WebhookAttemptView {
  number: number;
  /** An operator's resend or test, outside the retry schedule. */
  manual: boolean;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** The answer's first bytes. */
  response_body: string | null;
}

/** One message to one endpoint, with its attempts. */
export interface WebhookDeliveryView {
  id: string;
  /** The `webhook-id` header. */
  message_id: string;
  type: WebhookMessageType;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  /** The body as it was signed: `{type, timestamp, data}`. */
  payload: { type: WebhookMessageType; timestamp: string; data: Record<string, unknown> };
  attempt_log: WebhookAttemptView[];
}

/** `GET /api/admin/webhooks/endpoints/{id}/deliveries?limit=&cursor=`: newest first; `next_cursor` asks for the next page. */
export interface WebhookDeliveryListResponse {
  deliveries: WebhookDeliveryView[];
  next_cursor: string | null;
}

/** `POST …/deliveries/{id}/resend` and `POST …/{id}/test`: the delivery after the attempt made now. */
export interface WebhookDeliveryResponse {
  delivery: WebhookDeliveryView;
}
