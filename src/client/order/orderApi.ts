import type {
  CancelOrderRequest, CancelOrderResponse, CheckoutInvoiceResponse, CorrectAnswersResponse, FindOrderResponse, InvoiceRequest, InvoiceStatusResponse, OrderViewResponse, ResendTicketsResponse,
  TransferTicketRequest, TransferTicketResponse,
} from '../../shared/api';
import { PURCHASE_KEY_HEADER } from '../../shared/purchase-access';
import { ApiError } from '../api/ApiError';

/** The order page's calls (`/api/orders/…`), with the purchase's key and the page's language; a refusal is an `ApiError`. */
export function createOrderApi(language: () => string) {
  const call = async <T>(url: string, init: RequestInit & { key?: string; json?: unknown; file?: boolean } = {}): Promise<T> => {
    const { key, json, file, ...rest } = init;
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
    if (file && response.ok) return (await response.blob()) as T;
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
    invoice: (id: string, key: string) => call<InvoiceStatusResponse>(`${order(id)}/invoice`, { key }),
    requestInvoice: (id: string, key: string, body: InvoiceRequest) => call<InvoiceStatusResponse>(`${order(id)}/invoice`, { method: 'POST', key, json: body }),
    /** "Quiero factura" at the payment step: the fiscal data kept with the held purchase (null withdraws them). */
    invoiceAtCheckout: (id: string, key: string, body: InvoiceRequest | null) =>
      call<CheckoutInvoiceResponse>('/api/payments/invoice-request', { method: body ? 'PUT' : 'DELETE', key, json: { purchase_id: id, ...(body ?? {}) } }),
    /** The stamped invoice's file (it needs the key in a header, so it is fetched, not linked). */
    invoiceFile: (id: string, key: string, format: 'pdf' | 'xml') => call<Blob>(`${order(id)}/invoice.${format}`, { key, file: true }),
  };
}

export type OrderApi = ReturnType<typeof createOrderApi>;
