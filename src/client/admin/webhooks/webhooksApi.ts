import type {
  WebhookDeliveryListResponse, WebhookDeliveryResponse, WebhookEndpointCreateRequest, WebhookEndpointListResponse, WebhookEndpointResponse,
  WebhookEndpointSecretResponse, WebhookEndpointUpdateRequest, WebhookSubscribableType,
} from '../../../shared/api';
import type { AdminApi } from '../adminApi';

/** The types an endpoint may ask for, in the order the form lists them. */
export const WEBHOOK_TYPES: WebhookSubscribableType[] = ['order.paid', 'order.cancelled', 'order.refunded', 'ticket.transferred', 'ticket.checked_in'];

const ENDPOINTS = '/api/admin/webhooks/endpoints';
const one = (id: string) => `${ENDPOINTS}/${encodeURIComponent(id)}`;

/** The outbound webhooks' admin calls (docs/webhooks.md) over the console's `request`. */
export function webhooksApi({ request }: AdminApi) {
  return {
    list: () => request<WebhookEndpointListResponse>('GET', ENDPOINTS),
    create: (body: WebhookEndpointCreateRequest) => request<WebhookEndpointSecretResponse>('POST', ENDPOINTS, body),
    update: (id: string, body: WebhookEndpointUpdateRequest) => request<WebhookEndpointResponse>('PATCH', one(id), body),
    remove: (id: string) => request<void>('DELETE', one(id)),
    rotateSecret: (id: string) => request<WebhookEndpointSecretResponse>('POST', `${one(id)}/rotate-secret`),
    test: (id: string) => request<WebhookDeliveryResponse>('POST', `${one(id)}/test`),
    deliveries: (id: string) => request<WebhookDeliveryListResponse>('GET', `${one(id)}/deliveries`),
    resend: (id: string, delivery: string) => request<WebhookDeliveryResponse>('POST', `${one(id)}/deliveries/${encodeURIComponent(delivery)}/resend`),
  };
}

export type WebhooksApi = ReturnType<typeof webhooksApi>;
