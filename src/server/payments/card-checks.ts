import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { allowedBinsOf } from '../../shared/forms/allowed-bins';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { findAttemptInFlight, insertAttemptInFlight, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { ProviderError } from './provider';

/**
 * What every payment made from a browser token shares (MercadoPago card, super token, Openpay):
 * the attempt key, the allowed-BIN rule, and the decline reason.
 */

/**
 * One token pays one purchase once: the attempt's idempotency key is derived from both, so
 * concurrent duplicates of a request share one attempt (a unique key in the database) and one
 * provider payment (the same idempotency key or `order_id`). `scope` keeps providers apart.
 */
export function tokenAttemptKey(scope: string, purchaseId: string, token: string): string {
  return `${scope}:${purchaseId}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
}

/**
 * One payment in flight per purchase: while a token payment of the purchase is still charging or
 * settling (created, pending: a 3-D Secure challenge, an issuer's review), another token is
 * refused with 409 before the provider is asked, so a burst of cards charges the buyer once. A
 * declined or failed payment is settled, and frees the purchase for the next card. A duplicate
 * of the request in flight (the same attempt key: same purchase and token) is not another
 * payment: it goes on to share that attempt.
 */
export async function assertNoPaymentInFlight(db: Kysely<Database>, purchaseId: string, attemptKey: string): Promise<void> {
  const inFlight = await findAttemptInFlight(db, purchaseId);
  if (inFlight && inFlight.idempotency_key !== attemptKey) throw errors.paymentInFlight();
}

/**
 * Records a token payment's attempt as the purchase's payment in flight, the database deciding
 * between concurrent starts (a unique index per purchase): the loser answers 409. A duplicate of
 * the same request (same key) gets the same attempt.
 */
export async function insertTokenAttempt(db: Kysely<Database>, row: PaymentAttemptRow): Promise<PaymentAttemptRow> {
  const stored = await insertAttemptInFlight(db, row);
  if (!stored) throw errors.paymentInFlight();
  return stored;
}

/**
 * The event's allowed BINs, checked before anything is charged: `firstSixOf` asks the provider
 * for the card's first six digits (only when the event restricts BINs at all). A token the
 * provider does not know is the buyer's invalid token; any other provider failure is a 502.
 */
export async function assertAllowedBin(config: { bines_permitidos?: unknown }, firstSixOf: () => Promise<string | null | undefined>): Promise<void> {
  const bins = allowedBinsOf(config);
  if (bins.length === 0) return;
  let firstSix: string | null | undefined;
  try {
    firstSix = await firstSixOf();
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) throw errors.cardTokenInvalid();
    if (error instanceof ProviderError) throw errors.paymentProviderFailed();
    throw error;
  }
  if (!firstSix || !/^\d{6}$/.test(firstSix) || !bins.includes(firstSix)) throw errors.cardBinNotAllowed();
}

/** MercadoPago's `status_detail` of a refused card without its `cc_rejected_` prefix (the key of the buyer's sentence). */
export function declineReason(detail: string | null | undefined): string | null {
  return detail?.startsWith('cc_rejected_') ? detail.slice('cc_rejected_'.length) : null;
}
