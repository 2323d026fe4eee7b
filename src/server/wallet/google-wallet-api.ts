import { SignJWT } from 'jose';
import type { ServerConfig } from '../config';
import type { EventTicketObject } from './google-wallet-pass';
import { readServiceAccount, type GoogleWalletSigningKey } from './google-wallet-keys';

/** The one scope the Wallet REST API needs for an issuer's objects. */
export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** Longest a Google access-token grant may ask for; the token is reused until a minute before it ends. */
const ASSERTION_LIFETIME_SECONDS = 3600;
const CALL_TIMEOUT_MS = 10_000;

type GoogleWalletConfig = ServerConfig['googleWallet'];

const keys = new Map<string, GoogleWalletSigningKey>();
const tokens = new Map<string, { token: string; until: number }>();

function keyOf(config: GoogleWalletConfig): GoogleWalletSigningKey {
  let key = keys.get(config.serviceAccount!);
  if (!key) keys.set(config.serviceAccount!, (key = readServiceAccount(config.serviceAccount!)));
  return key;
}

/**
 * An OAuth access token for the service account: the JWT bearer grant (RFC 7523) Google documents for
 * service accounts — a JWT signed RS256 with the account's key (`iss` its e-mail, `scope` Wallet's, `aud`
 * the token endpoint) exchanged at `tokenUrl`. Kept per process until shortly before it ends.
 */
async function accessToken(config: GoogleWalletConfig, tokenUrl: string, now: Date): Promise<string> {
  const key = keyOf(config);
  const cacheKey = `${tokenUrl}|${key.email}`; // as `patchEventTicketObject` forgets it
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > now.getTime()) return cached.token;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ scope: WALLET_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(key.email)
    .setAudience(tokenUrl)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
    .sign(key.privateKey);
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (!response.ok || typeof answer.access_token !== 'string') throw new Error(`Google OAuth token endpoint answered ${response.status}`);
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
  tokens.set(cacheKey, { token: answer.access_token, until: now.getTime() + Math.max(0, lifetime - 60) * 1000 });
  return answer.access_token;
}

/**
 * Updates a saved ticket's object through the Wallet REST API (`PATCH …/walletobjects/v1/eventTicketObject/{id}`:
 * the fields sent replace Google's). `updated` when Google changed it, `absent` when no one saved the pass
 * yet (Google's 404: the next save link carries the current object anyway); anything else throws.
 * `urls` are absolute (the composition's stand-in paths resolved against this server).
 */
export async function patchEventTicketObject(
  config: GoogleWalletConfig,
  urls: { apiUrl: string; tokenUrl: string },
  object: EventTicketObject,
  now: Date,
): Promise<'updated' | 'absent'> {
  const token = await accessToken(config, urls.tokenUrl, now);
  const response = await fetch(`${urls.apiUrl.replace(/\/+$/, '')}/walletobjects/v1/eventTicketObject/${encodeURIComponent(object.id)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(object),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404) return 'absent';
  // A token Google no longer takes (revoked, the key rotated) is not reused: the next update asks for a new one.
  if (response.status === 401) tokens.delete(`${urls.tokenUrl}|${keyOf(config).email}`);
  if (!response.ok) throw new Error(`Google Wallet API answered ${response.status} to an event ticket object's update`);
  return 'updated';
}
