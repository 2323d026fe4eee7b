import type { Kysely } from 'kysely';
import type { SandboxTables } from '../store';
import { deleteSandboxObjectsCreatedBefore } from './objects.repository';
import { CARD_TOKEN_LIFETIME_MS } from './mercadopago-cards.sandbox';
import { TOKEN_TTL_MS } from './mercadopago-fast-payments.sandbox';

const DAY_MS = 86_400_000;

/**
 * What the payment sandbox creates for a moment from a buyer's browser (no secret key needed),
 * and how long after its creation each is of no more use, as each provider has it:
 * - MercadoPago card tokens pay within 7 days (`date_due`); a payment copies the card it needs.
 * - MercadoPago fast-payment authentications and tokens last 10 minutes.
 * - Openpay tokens pay once and Openpay publishes no lifetime for an unused one; a charge copies
 *   the card, and a checkout charges within its hold (minutes), so a day later a token is of no
 *   use to anyone: the sandbox forgets it then (a charge with it answers "resource doesn't exist").
 * Stripe PaymentMethods are not here: Stripe never deletes one (an unattached one stays
 * retrievable), and an intent, its charges, its 3-D Secure page and its refunds read the one it
 * names, so the sandbox keeps them as Stripe does; the rate limit bounds how fast they come.
 */
const SHORT_LIVED: { provider: string; kind: string; lifetimeMs: number }[] = [
  { provider: 'mercadopago', kind: 'card-token', lifetimeMs: CARD_TOKEN_LIFETIME_MS },
  { provider: 'mercadopago', kind: 'fast-payment-auth', lifetimeMs: TOKEN_TTL_MS },
  { provider: 'mercadopago', kind: 'fast-payment-token', lifetimeMs: TOKEN_TTL_MS },
  { provider: 'openpay', kind: 'token', lifetimeMs: DAY_MS },
];

/**
 * Deletes the payment sandbox's tokens past their use-by, in bounded batches per kind through
 * `(provider, kind, created_at)`. Safe to run from several processes at once (a row deleted
 * twice is deleted once). Returns how many went.
 */
export async function purgeSandboxPaymentTokens(db: Kysely<SandboxTables>, now: Date, { batchSize = 500, maxBatches = 20 } = {}): Promise<number> {
  let purged = 0;
  for (const { provider, kind, lifetimeMs } of SHORT_LIVED) {
    const before = new Date(now.getTime() - lifetimeMs).toISOString();
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await deleteSandboxObjectsCreatedBefore(db, provider, kind, before, batchSize);
      purged += deleted;
      if (deleted < batchSize) break;
    }
  }
  return purged;
}
