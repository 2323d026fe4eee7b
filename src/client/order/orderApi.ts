import type {
  CancelOrderRequest, CancelOrderResponse, CorrectAnswersResponse, FindOrderResponse, OrderViewResponse, ResendTicketsResponse, TransferTicketRequest, TransferTicketResponse,
} from '../../shared/api';
import { PURCHASE_KEY_HEADER } from '../../shared/purchase-access';
import { ApiError } from '../api/ApiError';

/** The order page's calls (`/api/orders/…`), with the purchase's key and the page's language; a refusal is an `ApiError`. */
export function createOrderApi(language: () => string) {
  const call = async <T>(url: string, init: RequestInit & { key?: string; json?: unknown } = {}): Promise<T> => {
    const { key, json, ...rest } = init;
    const response = await fetch(url, {
      ...rest,
      cache: 'no-store',
      headers: {
        'accept-language': language(),
        ...(key ? { [PURCHASE_KEY_HEADER]: key } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      throw new ApiError(response.status, body.mensaje as string | undefined, body.code as string | undefined, (body.errors as ApiError['validationErrors'] | undefined) ?? []);
    }
    return body as T;
  };
  const order = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
  return {
    view: (id: string, key: string) => call<OrderViewResponse>(order(id), { key }),
    find: (email: string, purchaseId: string) => call<FindOrderResponse>('/api/orders/find', { method: 'POST', json: { email, purchase_id: purchaseId } }),
    resend: (id: string, key: string) => call<ResendTicketsResponse>(`${order(id)}/resend`, { method: 'POST', key }),
    correct: (id: string, key: string, ticketId: string, respuestas: Record<string, unknown>) =>
      call<CorrectAnswersResponse>(`${order(id)}/tickets/${encodeURIComponent(ticketId)}/answers`, { method: 'PUT', key, json: { respuestas } }),
    transfer: (id: string, key: string, ticketId: string, body: TransferTicketRequest) =>
      call<TransferTicketResponse>(`${order(id)}/tickets/${encodeURIComponent(ticketId)}/transfer`, { method: 'POST', key, json: body }),
    cancel: (id: string, key: string, body: CancelOrderRequest) => call<CancelOrderResponse>(`${order(id)}/cancel`, { method: 'POST', key, json: body }),
  };
}

export type OrderApi = ReturnType<typeof createOrderApi>;
