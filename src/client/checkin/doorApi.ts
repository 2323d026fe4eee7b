import type { CheckinScan, CheckinScansResponse, CheckinSearchResponse, CheckinSyncResponse } from '../../shared/api';

/** A scanner call the server refused (401: the device was revoked or never paired). A network failure is a TypeError instead. */
export class DoorRequestError extends Error {
  constructor(readonly status: number) {
    super(`Door request failed with ${status}`);
  }
}

/** The scanner's calls, with its device token as bearer (never in a query string). */
export function createDoorApi(token: () => string, language: () => string) {
  const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(url, {
      ...init,
      cache: 'no-store',
      headers: { ...(init.headers ?? {}), authorization: `Bearer ${token()}`, 'accept-language': language() },
    });
    if (!response.ok) throw new DoorRequestError(response.status);
    return (await response.json()) as T;
  };
  return {
    sync: (since: string) => call<CheckinSyncResponse>(since ? `/api/checkin/sync?since=${encodeURIComponent(since)}` : '/api/checkin/sync'),
    scans: (scans: CheckinScan[]) =>
      call<CheckinScansResponse>('/api/checkin/scans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scans }) }),
    search: (q: string) => call<CheckinSearchResponse>(`/api/checkin/search?q=${encodeURIComponent(q)}`),
  };
}

export type DoorApi = ReturnType<typeof createDoorApi>;
