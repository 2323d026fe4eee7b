import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../shared/node/same-secret';

/** The browser's cookie: its id, signed, so a place cannot be claimed by guessing or copying another's id into a new cookie. */
export const BROWSER_COOKIE = 'sala_espera';

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** A new browser id and its cookie value (`id.signature`). */
export function newBrowserCookie(secret: string): { browserId: string; cookie: string } {
  const browserId = randomBytes(16).toString('base64url');
  return { browserId, cookie: `${browserId}.${sign(secret, `waiting-room-browser:${browserId}`)}` };
}

/** The browser id of a cookie value this server signed; undefined for anything else. */
export function browserIdOf(secret: string, cookie: string | undefined): string | undefined {
  const [browserId, signature, extra] = (cookie ?? '').split('.');
  if (!browserId || !signature || extra !== undefined) return undefined;
  return sameSecret(signature, sign(secret, `waiting-room-browser:${browserId}`)) ? browserId : undefined;
}

/** What an admission pass says: the event, the place let in, the browser it belongs to, until when (ms). */
export interface AdmissionPass {
  eventId: number;
  seq: number;
  browserId: string;
  expiresMs: number;
}

/** The pass's id in `used_tokens` (spent once; a re-issued pass of the same place is the same id). */
export const passId = (pass: Pick<AdmissionPass, 'eventId' | 'seq'>) => `waiting-room:${pass.eventId}:${pass.seq}`;

/** An admission pass: `event.seq.browser.expires.signature`, HMAC-SHA256 with SIGNING_SECRET. */
export function signPass(secret: string, pass: AdmissionPass): string {
  const body = `${pass.eventId}.${pass.seq}.${pass.browserId}.${pass.expiresMs}`;
  return `${body}.${sign(secret, `waiting-room-pass:${body}`)}`;
}

/** The pass a token carries when this server signed it; undefined when forged or malformed (its end is the caller's to judge). */
export function readPass(secret: string, token: string | null | undefined): AdmissionPass | undefined {
  const parts = (token ?? '').split('.');
  if (parts.length !== 5) return undefined;
  const [eventText, seqText, browserId, expiresText, signature] = parts;
  const body = `${eventText}.${seqText}.${browserId}.${expiresText}`;
  if (!sameSecret(signature, sign(secret, `waiting-room-pass:${body}`))) return undefined;
  const [eventId, seq, expiresMs] = [Number(eventText), Number(seqText), Number(expiresText)];
  if (![eventId, seq, expiresMs].every(Number.isSafeInteger)) return undefined;
  return { eventId, seq, browserId, expiresMs };
}
