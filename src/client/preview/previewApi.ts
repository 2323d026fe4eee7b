import { PREVIEW_API, type EventPreviewResponse, type WatchedPreviewResponse } from '../../shared/api';

/** A preview call the server refused: 401 (wrong token), 404 (no watched file), anything else. */
export class PreviewRequestError extends Error {
  constructor(readonly status: number) {
    super(`Preview request failed with ${status}`);
  }
}

/**
 * The preview page's HTTP calls, outside the storefront's ApiClient: they carry the admin
 * bearer token, which no buyer call ever does.
 */
export function createPreviewApi(token: () => string, language: () => string) {
  const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(url, {
      ...init,
      headers: { ...(init.headers ?? {}), authorization: `Bearer ${token()}`, 'accept-language': language() },
    });
    if (!response.ok) throw new PreviewRequestError(response.status);
    return (await response.json()) as T;
  };
  return {
    preview: (source: string) =>
      call<EventPreviewResponse>(PREVIEW_API.preview, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source }) }),
    /** The watched file's preview; with `after`, once its version is past it (a long poll). */
    watched: (after?: number, signal?: AbortSignal) =>
      call<WatchedPreviewResponse>(after === undefined ? PREVIEW_API.file : `${PREVIEW_API.file}?after=${after}`, { signal }),
  };
}

export type PreviewApi = ReturnType<typeof createPreviewApi>;
