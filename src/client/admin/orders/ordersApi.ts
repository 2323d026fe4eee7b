import type {
  AdminCancelOrderRequest, AdminCancelOrderResponse, AdminEventListResponse, AdminOrderResponse, AdminOrderSearchQuery, AdminOrderSearchResponse,
  AdminResendResponse, AttendeeListQuery, AttendeeListResponse, ConfirmPayoutResponse, CorrectAnswersResponse,
} from '../../../shared/api';
import { useMemo } from 'react';
import type { AdminApi } from '../adminApi';
import { useAdmin } from '../useAdmin';

/** A query string of the values given (empty ones left out), with its `?`, or nothing. */
export function queryString(values: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (typeof value === 'string' && value !== '') query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

const orderUrl = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;
const attendeesUrl = (eventUrl: string) => `/api/admin/events/${encodeURIComponent(eventUrl)}/attendees`;

/** The filters of an attendee list without its paging: what its CSV and XLSX downloads take. */
export type AttendeeFilters = Pick<AttendeeListQuery, 'q' | 'status' | 'ticket_type'>;

/** The CSV or XLSX download of an event's attendees with the list's filters (a plain link: the session cookie goes with it). */
export function attendeesFileUrl(eventUrl: string, format: 'csv' | 'xlsx', filters: AttendeeFilters): string {
  return `${attendeesUrl(eventUrl)}.${format}${queryString(filters)}`;
}

/** The console's orders and attendees calls, over the console's `request` (session cookie, CSRF header). */
export function ordersApi({ request }: AdminApi) {
  return {
    events: () => request<AdminEventListResponse>('GET', '/api/admin/events'),
    search: (query: AdminOrderSearchQuery) => request<AdminOrderSearchResponse>('GET', `/api/admin/orders${queryString(query)}`),
    order: (id: string) => request<AdminOrderResponse>('GET', orderUrl(id)),
    resend: (id: string) => request<AdminResendResponse>('POST', `${orderUrl(id)}/resend`),
    correct: (id: string, ticketId: string, respuestas: Record<string, unknown>) =>
      request<CorrectAnswersResponse>('PUT', `${orderUrl(id)}/tickets/${encodeURIComponent(ticketId)}/answers`, { respuestas }),
    cancel: (id: string, body: AdminCancelOrderRequest) => request<AdminCancelOrderResponse>('POST', `${orderUrl(id)}/cancel`, body),
    confirmPayout: (payoutId: string) => request<ConfirmPayoutResponse>('POST', `/api/admin/payouts/${encodeURIComponent(payoutId)}/confirm`),
    attendees: (eventUrl: string, query: AttendeeListQuery) => request<AttendeeListResponse>('GET', `${attendeesUrl(eventUrl)}${queryString(query)}`),
  };
}

export type OrdersApi = ReturnType<typeof ordersApi>;

/** The orders calls of the signed-in console. */
export function useOrdersApi(): OrdersApi {
  const { api } = useAdmin();
  return useMemo(() => ordersApi(api), [api]);
}
