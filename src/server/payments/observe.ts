import type { LoaderResponse, LoaderStatus } from '../../shared/api';
import { errors } from '../http/app-error';
import { findEmissionOfPurchase } from '../repositories/emission.repository';
import { findAttempt, findAttemptByPayment, findAttemptByReference, latestAttemptFor, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { purchaseAnswer } from '../services/purchase-access.service';
import type { PaymentProviderName } from '../db/schema';
import { applyObservation, followUp } from './confirm';
import { ProviderError, type PaymentLookup } from './provider';
import type { PaymentsRuntime } from './runtime';
import { ticketsLive } from '../orders/statuses';

/**
 * Re-reads a payment from its provider and runs it through the confirm path. `lookup`
 * names the payment as the caller knows it; the attempt is found from it or from what
 * the provider echoes back. Returns undefined when the payment is not one of ours.
 */
export async function observeAndApply(rt: PaymentsRuntime, providerName: PaymentProviderName, lookup: PaymentLookup): Promise<PaymentAttemptRow | undefined> {
  const db = rt.ctx.db.kysely;
  let attempt: PaymentAttemptRow | undefined;
  if (lookup.attemptId) attempt = await findAttempt(db, lookup.attemptId);
  if (!attempt && lookup.paymentId) attempt = await findAttemptByPayment(db, providerName, lookup.paymentId);
  if (!attempt && lookup.reference) attempt = await findAttemptByReference(db, providerName, lookup.reference);
  if (attempt && attempt.provider !== providerName) return undefined;
  const provider = rt.providers[providerName];
  if (!attempt && provider.readMovesMoney) return undefined;
  const readLookup = { paymentId: lookup.paymentId ?? null, reference: lookup.reference ?? attempt?.provider_reference ?? null, attemptId: attempt?.id ?? lookup.attemptId ?? null };
  // MercadoPago and Openpay also find a payment by our attempt id (external_reference, order_id).
  if (providerName !== 'mercadopago' && providerName !== 'openpay' && !readLookup.reference) return undefined;
  let observed;
  try {
    observed = await provider.read(readLookup);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return undefined;
    throw error;
  }
  if (!attempt && observed.attemptId) attempt = await findAttempt(db, observed.attemptId);
  if (!attempt && observed.reference) attempt = await findAttemptByReference(db, providerName, observed.reference);
  if (!attempt || attempt.provider !== providerName) return undefined;
  // What the provider says belongs to another attempt than the caller named: trust the provider, not the caller.
  if (observed.attemptId && observed.attemptId !== attempt.id) {
    const echoed = await findAttempt(db, observed.attemptId);
    if (!echoed || echoed.provider !== providerName) return undefined;
    attempt = echoed;
  }
  return applyObservation(rt, attempt, observed);
}

/**
 * The loader status of an attempt (approved, pending, rejected, other), plus — for the holder of the purchase's access
 * key — the purchase's reload (with emission_id once tickets exist). A payment id, PayPal
 * token or purchase id travels in return URLs, so without the key it answers the status only.
 */
export async function loaderAnswer(rt: PaymentsRuntime, attempt: PaymentAttemptRow, key?: string): Promise<LoaderResponse> {
  const db = rt.ctx.db.kysely;
  const current = (await findAttempt(db, attempt.id))!;
  const emission = await findEmissionOfPurchase(db, current.purchase_id);
  // Tickets count while their purchase is paid: an order called off since (its payment given back) answers `other`.
  const paid = emission !== undefined && ticketsLive((await findPurchase(db, current.purchase_id))?.status ?? 'held');
  let status: LoaderStatus;
  if (paid) status = 'approved';
  else if (current.status === 'pending') status = 'pending';
  else if (current.status === 'rejected' || current.status === 'cancelled') status = 'rejected';
  else status = 'other';
  // The purchase's own answer: 410 once its hold is gone, and the reload only for the key's holder.
  const { reload } = await purchaseAnswer(rt.ctx, current.purchase_id, key);
  // A declined card says why (MercadoPago's `cc_rejected_*` reasons only: never our own notes).
  const detail = status === 'rejected' && current.status_detail && /^cc_rejected_[a-z_]+$/.test(current.status_detail) ? current.status_detail : undefined;
  return { status, ...(reload === undefined ? {} : { reload }), ...(detail ? { status_detail: detail } : {}) };
}

/**
 * A loader call: an attempt already settled answers from the database (idempotent,
 * no provider call); otherwise the payment is re-read from the provider first.
 */
export async function processLoader(rt: PaymentsRuntime, providerName: PaymentProviderName, lookup: PaymentLookup, known?: PaymentAttemptRow, key?: string): Promise<LoaderResponse> {
  if (known) {
    const emission = await findEmissionOfPurchase(rt.ctx.db.kysely, known.purchase_id);
    if (known.status === 'approved' && emission?.attempt_id === known.id) {
      await followUp(rt, known.id);
      return loaderAnswer(rt, known, key);
    }
  }
  let attempt: PaymentAttemptRow | undefined;
  try {
    attempt = await observeAndApply(rt, providerName, lookup);
  } catch (error) {
    if (error instanceof ProviderError) {
      rt.log.error({ err: error }, `${providerName}: could not read the payment`);
      throw errors.paymentProviderUnavailable();
    }
    throw error;
  }
  if (!attempt) throw errors.paymentNotFound();
  return loaderAnswer(rt, attempt, key);
}

/** The attempt a loader names by the provider's reference (PayPal token, free-claim secret). */
export async function attemptByReference(rt: PaymentsRuntime, provider: PaymentProviderName, reference: string): Promise<PaymentAttemptRow> {
  const attempt = await findAttemptByReference(rt.ctx.db.kysely, provider, reference);
  if (!attempt) throw errors.paymentNotFound();
  return attempt;
}

/** The newest attempt of a purchase with a provider (the Fintoc loader only knows the purchase). */
export async function latestAttempt(rt: PaymentsRuntime, provider: PaymentProviderName, purchaseId: string): Promise<PaymentAttemptRow> {
  const db = rt.ctx.db.kysely;
  if (!(await findPurchase(db, purchaseId))) throw errors.purchaseNotFound();
  const attempt = await latestAttemptFor(db, purchaseId, provider);
  if (!attempt) throw errors.paymentNotFound();
  return attempt;
}
