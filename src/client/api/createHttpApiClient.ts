import type { ApiClient } from './ApiClient';
import { PURCHASE_KEY_HEADER } from '../../shared/purchase-access';
import type { ApiErrorBody } from '../../shared/api';
import { ApiError, type ApiFieldError } from './ApiError';
import { createPaymentCalls } from './paymentCalls';

/** What the HTTP layer reports by itself (the 401 and 429 toasts, raised once here for every call). */
export type HttpProblem = 'unauthorized' | 'tooManyRequests';

export interface HttpApiClientOptions {
  /** Prefix of every call; same origin by default. */
  baseUrl?: string;
  /** Called for the statuses toasted globally (401, 429); the error still reaches the caller. */
  onProblem?: (problem: HttpProblem) => void;
  fetchImpl?: typeof fetch;
  /** The access key of a purchase (null: of this tab's newest purchase), sent as X-Purchase-Key on the calls about it. */
  purchaseKey?: (purchaseId: string | null) => string | null;
  /**
   * The buyer's language (the language switch), sent as Accept-Language on every call so a
   * server `mensaje` shown as a toast matches the page rather than the browser's own setting.
   */
  language?: () => string | null | undefined;
}

/** The `errors` list of a validation answer, keeping only well-formed entries. */
function fieldErrorsOf(value: unknown): ApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is ApiFieldError => typeof entry?.path === 'string' && typeof entry?.message === 'string');
}

/** Builds the fetch-based API client the browser uses. */
export function createHttpApiClient(options: HttpApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  /** The headers of a call; `purchaseId` (null: the newest purchase) adds that purchase's access key. */
  function headersFor(body: unknown, accept: string, purchaseId: string | null | undefined): Record<string, string> {
    const headers: Record<string, string> = body === undefined ? { accept } : { 'content-type': 'application/json', accept };
    const key = purchaseId === undefined ? null : (options.purchaseKey?.(purchaseId) ?? null);
    if (key) headers[PURCHASE_KEY_HEADER] = key;
    const language = options.language?.();
    if (language) headers['accept-language'] = language;
    return headers;
  }

  /** The successful response, or an ApiError carrying the server's mensaje, code and field errors. */
  async function send(method: string, path: string, body?: unknown, accept = 'application/json', purchaseId?: string | null): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: headersFor(body, accept, purchaseId),
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (cause) {
      // Network failure: status 0 so callers treat it like any other failed call.
      throw new ApiError(0, undefined, cause instanceof Error ? cause.message : undefined);
    }
    if (response.ok) return response;
    if (response.status === 401) options.onProblem?.('unauthorized');
    if (response.status === 429) options.onProblem?.('tooManyRequests');
    // Checked field by field: a proxy or a crash may answer with anything.
    const errorBody = ((await response.json().catch(() => undefined)) ?? {}) as { [K in keyof ApiErrorBody]?: unknown };
    throw new ApiError(
      response.status,
      typeof errorBody.mensaje === 'string' ? errorBody.mensaje : undefined,
      typeof errorBody.code === 'string' ? errorBody.code : undefined,
      fieldErrorsOf(errorBody.errors),
      typeof errorBody.payment_id === 'string' && errorBody.payment_id ? errorBody.payment_id : undefined,
    );
  }

  async function request<T>(method: string, path: string, body?: unknown, purchaseId?: string | null): Promise<T> {
    const response = await send(method, path, body, 'application/json', purchaseId);
    return (await response.json().catch(() => undefined)) as T;
  }

  return {
    getConfig: () => request('GET', '/config'),
    getEvent: (url, ticket, access) => {
      const query = new URLSearchParams();
      if (ticket) query.set('ticket', ticket);
      if (access) query.set('access', access);
      const search = query.toString();
      return request('GET', `/event/${encodeURIComponent(url)}${search ? `?${search}` : ''}`);
    },
    newPurchase: (body) => request('POST', '/payments/new-purchase', body),
    verifyDiscount: (body) => request('POST', '/payments/verify-discount', body),
    updateProducts: (purchaseId, productos) =>
      request('PUT', '/payments/update-productos-purchase', { purchase_id: purchaseId, productos }, purchaseId),
    getPurchase: (purchaseId) => request('GET', `/payments/purchase/${encodeURIComponent(purchaseId)}`, undefined, purchaseId),
    releaseSeats: (purchaseId) => request('POST', '/payments/release-seats', { purchase_id: purchaseId }, purchaseId),
    addInfo: (purchaseId, form) => request('PUT', '/payments/add-info-purchase', { purchase_id: purchaseId, form }, purchaseId),
    ...createPaymentCalls({ request, send }),
  };
}
