import type { ApiClient } from './ApiClient';
import { ApiError } from './ApiError';

/** What the HTTP layer reports by itself (spec §8: 401 and 429 toasts). */
export type HttpProblem = 'unauthorized' | 'tooManyRequests';

export interface HttpApiClientOptions {
  /** Prefix of every call; same origin by default. */
  baseUrl?: string;
  /** Called for the statuses the spec toasts globally; the error still reaches the caller. */
  onProblem?: (problem: HttpProblem) => void;
  fetchImpl?: typeof fetch;
}

/** Builds the fetch-based API client the browser uses. */
export function createHttpApiClient(options: HttpApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch (cause) {
      // Network failure: status 0 so callers treat it like any other failed call.
      throw new ApiError(0, undefined, cause instanceof Error ? cause.message : undefined);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      if (response.status === 401) options.onProblem?.('unauthorized');
      if (response.status === 429) options.onProblem?.('tooManyRequests');
      const errorBody = (payload ?? {}) as { mensaje?: unknown; code?: unknown };
      throw new ApiError(
        response.status,
        typeof errorBody.mensaje === 'string' ? errorBody.mensaje : undefined,
        typeof errorBody.code === 'string' ? errorBody.code : undefined,
      );
    }
    return payload as T;
  }

  return {
    getConfig: () => request('GET', '/config'),
    getBotCheckToken: async (action) =>
      (await request<{ token: string }>('POST', '/sandbox/bot-check/token', { action })).token,
    getEvent: (url, ticket) =>
      request('GET', `/event/${encodeURIComponent(url)}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`),
    newPurchase: (body) => request('POST', '/payments/new-purchase', body),
    verifyDiscount: (body) => request('POST', '/payments/verify-discount', body),
    updateProducts: (purchaseId, productos) =>
      request('PUT', '/payments/update-productos-purchase', { purchase_id: purchaseId, productos }),
    getPurchase: (purchaseId) => request('GET', `/payments/purchase/${encodeURIComponent(purchaseId)}`),
  };
}
