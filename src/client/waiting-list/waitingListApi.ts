import type { WaitingListConfirmResponse, WaitingListJoinRequest, WaitingListJoinResponse } from '../../shared/api';
import { ApiError } from '../api/ApiError';

/** The waiting list's calls, in the page's language; a refusal is an `ApiError` (its `code` has a sentence in api-errors). */
async function call<T>(url: string, json: unknown, language: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST', cache: 'no-store', headers: { 'accept-language': language, 'content-type': 'application/json' }, body: JSON.stringify(json),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(response.status, body.mensaje as string | undefined, body.code as string | undefined, []);
  return body as T;
}

export const joinWaitingList = (url: string, body: WaitingListJoinRequest, language: string) =>
  call<WaitingListJoinResponse>(`/api/event/${encodeURIComponent(url)}/waiting-list`, body, language);

export const confirmWaitingList = (key: string, language: string) => call<WaitingListConfirmResponse>('/api/waiting-list/confirm', { key }, language);
