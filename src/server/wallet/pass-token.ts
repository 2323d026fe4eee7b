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
