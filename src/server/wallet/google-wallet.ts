import { SignJWT, type JWTPayload } from 'jose';
import type { ServerConfig } from '../config';
import { configuredMode, type PartMode } from '../sandbox-parts';
import { readServiceAccount, type GoogleWalletSigningKey } from './google-wallet-keys';
import { googleWalletTicket, type EventTicketClass, type EventTicketObject } from './google-wallet-pass';
import type { TicketPass } from './ticket-pass';

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

/** Google Wallet as the rest of the server sees it: one save link per ticket pass. */
export interface GoogleWallet {
  /** `sandbox`: the service account is the demo's stand-in (the pass page says so). */
  mode: 'live' | 'sandbox';
  issuerId: string;
  /** The service account's key links are signed with. */
  signingKey(): Promise<GoogleWalletSigningKey>;
  /** The "Save to Google Wallet" link of one ticket; `origin` is the site the button sits on. */
  saveUrl(pass: TicketPass, origin: string, now: Date): Promise<string>;
}

/** Google Wallet: on with an issuer id and a service account (a stand-in's when the demo filled them in), else off (no save link). */
export function googleWalletMode(config: Pick<ServerConfig, 'googleWallet' | 'sandboxed'>): PartMode {
  return configuredMode(Boolean(config.googleWallet.issuerId && config.googleWallet.serviceAccount), config.sandboxed.has('google-wallet'));
}

/**
 * Save links signed with GOOGLE_WALLET_SERVICE_ACCOUNT (read at once, so a bad one stops the start)
 * for GOOGLE_WALLET_ISSUER_ID, opening GOOGLE_WALLET_SAVE_URL with the JWT appended (a relative
 * save URL is on the site the button sits on). Only called when both are set (`googleWalletMode`).
 */
export function createGoogleWallet(config: Pick<ServerConfig, 'googleWallet' | 'sandboxed'>): GoogleWallet {
  const { issuerId, serviceAccount, issuerName, saveUrl } = config.googleWallet;
  if (!issuerId || !serviceAccount) throw new Error('Google Wallet needs GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT');
  const key = Promise.resolve(readServiceAccount(serviceAccount));
  return {
    mode: googleWalletMode(config) === 'sandbox' ? 'sandbox' : 'live',
    issuerId,
    signingKey: () => key,
    async saveUrl(pass, origin, now) {
      const { eventTicketClass, eventTicketObject } = googleWalletTicket(pass, { issuerId, issuerName });
      const jwt = await signSaveJwt(await key, { origin, payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] } }, now);
      return `${saveUrl.startsWith('/') ? origin : ''}${saveUrl}${jwt}`;
    },
  };
}
