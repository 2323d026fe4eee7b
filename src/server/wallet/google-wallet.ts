import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { ServerConfig } from '../config';
import { partMode, type PartMode } from '../sandbox-parts';
import { readServiceAccount, sandboxSigningKey, type GoogleWalletSigningKey } from './google-wallet-keys';
import { googleWalletTicket, type EventTicketClass, type EventTicketObject } from './google-wallet-pass';
import type { TicketPass } from './ticket-pass';

/** Google's own save page: the JWT goes in the path. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The sandbox's stand-in for it, served by this server. */
export const SANDBOX_SAVE_PATH = '/sandbox/google-wallet/save/';
/** The sandbox's issuer id: numeric like Google's, in a range Google never hands out to a real issuer here. */
export const SANDBOX_ISSUER_ID = '3388000000000000000';
/**
 * How long a save link stays good. The pass page is never cached and signs a fresh one each
 * time it opens, so a day covers a buyer who leaves the page open, and a leaked link dies soon.
 */
export const SAVE_JWT_LIFETIME_SECONDS = 24 * 60 * 60;

/** The claims of a "Save to Google Wallet" JWT (Google's `Jwt` resource). */
export interface SaveToWalletClaims extends JWTPayload {
  iss: string;
  aud: 'google';
  typ: 'savetowallet';
  origins: string[];
  payload: { eventTicketClasses: EventTicketClass[]; eventTicketObjects: EventTicketObject[] };
}

/** Signs the save JWT: RS256 with the service account's key (the only algorithm Google takes). */
export async function signSaveJwt(
  key: GoogleWalletSigningKey,
  content: { origin: string; payload: SaveToWalletClaims['payload'] },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'savetowallet', origins: [content.origin], payload: content.payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(key.email)
    .setAudience('google')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SAVE_JWT_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

/** Why a save JWT was refused: not signed by our key (or not a JWT at all), or past its time. */
export type SaveJwtRefusal = 'invalid' | 'expired';

/**
 * Checks a save JWT as Google does before saving: RS256 signature by the issuer's key, `aud`
 * google, `typ` savetowallet, not expired, and a payload carrying event tickets.
 */
export async function verifySaveJwt(
  jwt: string,
  key: { email: string; publicKey: KeyObject },
  now: Date,
): Promise<{ ok: true; claims: SaveToWalletClaims } | { ok: false; reason: SaveJwtRefusal }> {
  try {
    const { payload } = await jwtVerify(jwt, key.publicKey, {
      algorithms: ['RS256'], audience: 'google', issuer: key.email, currentDate: now, requiredClaims: ['iat', 'exp'],
    });
    const claims = payload as SaveToWalletClaims;
    const tickets = claims.payload?.eventTicketObjects;
    if (claims.typ !== 'savetowallet' || !Array.isArray(claims.origins) || !Array.isArray(tickets) || tickets.length === 0) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Google Wallet as the rest of the server sees it: one save link per ticket pass. */
export interface GoogleWallet {
  mode: 'live' | 'sandbox';
  issuerId: string;
  /** The key links are signed with (the sandbox save page verifies with its public half). */
  signingKey(): Promise<GoogleWalletSigningKey>;
  /** The "Save to Google Wallet" link of one ticket; `origin` is the site the button sits on. */
  saveUrl(pass: TicketPass, origin: string, now: Date): Promise<string>;
}

/** Google Wallet: live with an issuer id and a service account, else the sandbox when switched on, else off (no save link). */
export function googleWalletMode(config: Pick<ServerConfig, 'googleWallet' | 'sandbox'>): PartMode {
  return partMode(Boolean(config.googleWallet.issuerId && config.googleWallet.serviceAccount), config.sandbox['google-wallet']);
}

/**
 * Live when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT are both set (the service
 * account is read at once, so a bad one stops the start); otherwise the sandbox signs with its
 * own key under `data/` and its links open our local save page.
 */
export function createGoogleWallet(config: Pick<ServerConfig, 'googleWallet'>): GoogleWallet {
  const { issuerId, serviceAccount, issuerName, sandboxKeyPath } = config.googleWallet;
  const live = Boolean(issuerId && serviceAccount);
  let key: Promise<GoogleWalletSigningKey> | undefined = live ? Promise.resolve(readServiceAccount(serviceAccount!)) : undefined;
  const signingKey = () => (key ??= sandboxSigningKey(sandboxKeyPath));
  const wallet: GoogleWallet = {
    mode: live ? 'live' : 'sandbox',
    issuerId: live ? issuerId! : SANDBOX_ISSUER_ID,
    signingKey,
    async saveUrl(pass, origin, now) {
      const { eventTicketClass, eventTicketObject } = googleWalletTicket(pass, { issuerId: wallet.issuerId, issuerName });
      const jwt = await signSaveJwt(await signingKey(), { origin, payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] } }, now);
      return live ? `${GOOGLE_SAVE_URL}${jwt}` : `${origin}${SANDBOX_SAVE_PATH}${jwt}`;
    },
  };
  return wallet;
}
