import { createHmac, hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PURCHASE_KEY_HEADER } from '../../shared/purchase-access';
import type { AppContext } from '../context';
import type { Database, PurchaseAccessKeyTable } from '../db/schema';
import { errors } from '../http/app-error';
import { sameSecret } from '../../shared/node/same-secret';
import { findAccessKey, insertAccessKey } from '../repositories/purchase-access.repository';
import { pooledRandomBytes } from './random-pool';

/**
 * The purchase id is a reference anyone may see (PDF, e-mail, thank-you page, support);
 * the access key is what reads the buyer's data and opens the tickets. Keys are 32 random
 * bytes; only their SHA-256 is stored and every comparison is constant-time.
 */

/** Longer than any key we issue: a bigger header is not hashed at all. */
const MAX_KEY_LENGTH = 128;
/** How long a signed PDF URL (the wallet dialog's whole purchase, a pass page's one ticket) opens it: it is followed at once, and may end up in a history. */
export const TICKET_LINK_TTL_MS = 15 * 60_000;

// One-shot: no Hash object per call (every purchase hashes its new key).
function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** The hash a key is stored and looked up by (SHA-256, hex): purchase keys, and the waiting list's confirmation keys. */
export function keyHash(key: string): string {
  return sha256(key);
}

/** A fresh key and the hash that is stored for it. */
export function newAccessKey(): { key: string; hash: string } {
  const key = pooledRandomBytes(32).toString('base64url');
  return { key, hash: sha256(key) };
}

/**
 * Issues another key of a purchase (the tickets e-mail's link) and returns it; only its hash is kept. With
 * `ticketId` the key opens that ticket only (a transfer's recipient: never the buyer's data or payments).
 */
export async function issueAccessKey(db: Kysely<Database>, purchaseId: string, issuedTo: PurchaseAccessKeyTable['issued_to'], now: string, ticketId?: string): Promise<string> {
  const { key, hash } = newAccessKey();
  await insertAccessKey(db, { key_hash: hash, purchase_id: purchaseId, issued_to: issuedTo, created_at: now, ...(ticketId ? { ticket_id: ticketId } : {}) });
  return key;
}

/** The access key a request carries (`X-Purchase-Key`), if any. */
export function requestKey(request: FastifyRequest): string | undefined {
  const value = request.headers[PURCHASE_KEY_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_KEY_LENGTH ? value : undefined;
}

/**
 * Whether `key` is one of the purchase's keys. A missing or wrong key is simply false. The
 * key is looked up by its SHA-256 (the primary key): timing can at most tell an attacker
 * about hashes of their own guesses, never about a stored key.
 */
export async function hasPurchaseAccess(db: Kysely<Database>, purchaseId: string, key: string | undefined): Promise<boolean> {
  return (await purchaseAccessOf(db, purchaseId, key))?.ticketId === null;
}

/**
 * What `key` opens of the purchase: all of it (`ticketId` null: the buyer's keys), one ticket (a transfer
 * recipient's key), or nothing (undefined). Only a whole-purchase key passes `hasPurchaseAccess`.
 */
export async function purchaseAccessOf(db: Kysely<Database>, purchaseId: string, key: string | undefined): Promise<{ ticketId: string | null } | undefined> {
  if (!key) return undefined;
  const stored = await findAccessKey(db, sha256(key));
  return stored?.purchase_id === purchaseId ? { ticketId: stored.ticket_id } : undefined;
}

/**
 * `preHandler` of every route that changes a held purchase (products, attendee answers,
 * buyer details, a payment start): the body's `purchase_id` (or `purchaseId`) must come
 * with one of the purchase's keys. The id alone is a reference others may have seen (the
 * Fintoc return URL, a page shown to support), and with it a stranger could claim a free
 * order with their own e-mail or overwrite the answers. A missing or wrong key answers like
 * an unknown purchase (404 PURCHASE_NOT_FOUND): the refusal tells nothing the id did not.
 */
export function purchaseKeyRequired(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body as { purchase_id?: unknown; purchaseId?: unknown } | undefined;
    const purchaseId = body?.purchase_id ?? body?.purchaseId;
    if (typeof purchaseId !== 'string' || !(await hasPurchaseAccess(ctx.db.kysely, purchaseId, requestKey(request)))) {
      throw errors.purchaseNotFound();
    }
  };
}

function linkSignature(secret: string, purchaseId: string, ticketId: string, expires: number): string {
  return createHmac('sha256', secret).update(`ticket-link:${purchaseId}:${ticketId}:${expires}`).digest('base64url');
}

/**
 * A token for a URL that opens one ticket's PDF (`ticketId`) or the whole purchase's
 * (`'all'`) without the key: the browser opens it in a new tab, which sends no header.
 * Signed with SIGNING_SECRET and short-lived, so a copied URL soon opens nothing.
 */
export function ticketLinkToken(ctx: AppContext, purchaseId: string, ticketId: string): string {
  const expires = Math.floor((ctx.now().getTime() + TICKET_LINK_TTL_MS) / 1000);
  return `${expires}.${linkSignature(ctx.config.signingSecret, purchaseId, ticketId, expires)}`;
}

/** Whether `token` was signed for this purchase and ticket (or `'all'`) and has not run out. */
export function validTicketLinkToken(ctx: AppContext, purchaseId: string, ticketId: string, token: string | undefined): boolean {
  const [expiresText, signature] = (token ?? '').split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires * 1000 <= ctx.now().getTime()) return false;
  return sameSecret(signature, linkSignature(ctx.config.signingSecret, purchaseId, ticketId, expires));
}
