import type { WaitingRoomStatusResponse } from '../../shared/api';
import { browserStorage } from '../lib/browserStorage';

/** The waiting room's calls (the browser's place rides on its HttpOnly cookie, sent by the browser itself). */
async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<WaitingRoomStatusResponse> {
  const response = await fetch(`/api/waiting-room/${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`waiting room answered ${response.status}`);
  return (await response.json()) as WaitingRoomStatusResponse;
}

export const readRoomStatus = (url: string) => call('GET', encodeURIComponent(url));
export const joinRoom = (url: string, token: string) => call('POST', `${encodeURIComponent(url)}/join`, { token });
export const roomStreamUrl = (url: string) => `/api/waiting-room/${encodeURIComponent(url)}/stream`;

const passKey = (url: string) => `waiting-room-pass:${url}`;

/** The admission pass of this tab for the event, while it lasts (sent with new-purchase as `turno`). */
export function storedPass(url: string, nowMs = Date.now()): string | null {
  const stored = browserStorage('sessionStorage').getItem(passKey(url));
  if (!stored) return null;
  const { turno, vence } = JSON.parse(stored) as { turno: string; vence: string };
  return Date.parse(vence) > nowMs ? turno : null;
}

export function keepPass(url: string, status: WaitingRoomStatusResponse): void {
  if (status.turno && status.turno_vence) browserStorage('sessionStorage').setItem(passKey(url), JSON.stringify({ turno: status.turno, vence: status.turno_vence }));
}

/** Forgets the pass (spent, or refused): the page asks the room again. */
export function dropPass(url: string): void {
  browserStorage('sessionStorage').removeItem(passKey(url));
}
