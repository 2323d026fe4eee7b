import { createHmac } from 'node:crypto';
import { sameSecret } from '../../shared/node/same-secret';

/**
 * The token in a pass page's URL: an HMAC-SHA256 of the ticket id under SIGNING_SECRET. It
 * names one ticket only (another ticket's token, a cut one or a made-up one opens nothing), and
 * nothing is stored, so every replica sharing SIGNING_SECRET can check it. It does not expire:
 * the page is the ticket, like the PDF it mirrors, and a pass on a phone links back to it.
 */
export function passToken(secret: string, ticketId: string): string {
  return createHmac('sha256', secret).update(`wallet-pass:${ticketId}`).digest('base64url');
}

/** Whether `token` is this ticket's; compared in constant time. */
export function validPassToken(secret: string, ticketId: string, token: string): boolean {
  return sameSecret(token, passToken(secret, ticketId));
}

/** Path of a ticket's pass page (the storefront origin goes in front). */
export function passPagePath(ticketId: string, token: string): string {
  return `/api/wallet/passes/${encodeURIComponent(ticketId)}/${token}`;
}

/** Path of a ticket's Apple Wallet pass, beside its page. */
export function applePassPath(ticketId: string, token: string): string {
  return `${passPagePath(ticketId, token)}/apple.pkpass`;
}

/**
 * The Apple pass's `authenticationToken`: what the phone's Wallet sends (`Authorization: ApplePass …`) to
 * register for the pass's updates and fetch its newest version. An HMAC-SHA256 of the ticket id under
 * SIGNING_SECRET, like the page token but under another label (one never opens the other); nothing stored.
 */
export function applePassAuthToken(secret: string, ticketId: string): string {
  return createHmac('sha256', secret).update(`apple-pass-service:${ticketId}`).digest('base64url');
}

/** Whether `token` is this ticket's Apple pass token; compared in constant time. */
export function validApplePassAuthToken(secret: string, ticketId: string, token: string): boolean {
  return sameSecret(token, applePassAuthToken(secret, ticketId));
}

/** Where Apple's pass web service is, below this server's public origin (the pass's `webServiceURL`). */
export const APPLE_PASS_SERVICE_PATH = '/api/wallet/apple/';
