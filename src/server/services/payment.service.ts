import { randomUUID } from 'node:crypto';
import { createFormValidators } from '../../shared/forms/create-form-validators';
import { withStockLock } from '../db/locked-transaction';
import type { PaymentProviderName } from '../db/schema';
import { errors } from '../http/app-error';
import { applyObservation, followUp } from '../payments/confirm';
import type { LoaderStatus } from '../payments/payment-state';
import { ProviderError, type BuyerInfo, type PaymentLookup, type StartResult } from '../payments/provider';
import type { PaymentsRuntime } from '../payments/runtime';
import { findEmissionOfPurchase } from '../repositories/emission.repository';
import { findEventById, listTicketTypes } from '../repositories/event.repository';
import {
  findAttempt,
  findAttemptByPayment,
  findAttemptByReference,
  insertAttempt,
  latestAttemptFor,
  updateAttempt,
  type PaymentAttemptRow,
} from '../repositories/payment-attempt.repository';
import { findPurchase, listLines, updatePurchase } from '../repositories/purchase.repository';
import { assertVoucherAllowed, holdLimitsOf, normaliseBuyerEmail } from './hold-limits.service';
import { eventConfig } from './order-pricing';
import { needsAttendeeForm, openPurchase } from './purchase.service';
import { purchaseAnswer } from './purchase-access.service';

/** The storefront's loader segment of each provider (spec section 2). */
const LOADER_SEGMENT: Record<PaymentProviderName, string> = { mercadopago: 'mp', paypal: 'paypal', fintoc: 'fintoc', free: 'free' };
/** The event-config flag that switches each paid method on. */
const METHOD_FLAG: Partial<Record<PaymentProviderName, string>> = {
  mercadopago: 'metodo_pago_mercadopago_efectivo',
  paypal: 'metodo_pago_paypal',
  fintoc: 'metodo_pago_fintoc',
};

/** The buyer panel's data as the storefront sends it (`lang` may come inside it or beside it). */
export type BuyerInfoInput = Record<string, unknown>;

const formValidators = createFormValidators();

/**
 * Buyer info checked with the storefront's own form schema (schemas/forms/buyer.schema.json,
 * the same validator and i18n keys the browser uses), then stored trimmed, e-mail lower-cased,
 * language es unless en. The API contract sends name, email, phone: a missing confirmation is the e-mail itself.
 */
function validBuyer(input: BuyerInfoInput, lang: unknown): BuyerInfo {
  const { lang: innerLang, ...form } = input;
  const data = { ...form, emailConfirm: form.emailConfirm ?? form.email };
  const problems = formValidators.buyer(data);
  if (problems.length > 0) throw errors.formInvalid(problems.map((p) => ({ path: `/buyer_info${p.pointer}`, message: p.message })));
  const valid = data as unknown as { name: string; email: string; phone: string };
  return { name: valid.name.trim(), email: valid.email.trim().toLowerCase(), phone: valid.phone, lang: (lang ?? innerLang) === 'en' ? 'en' : 'es' };
}

/**
 * Starts a payment of a held purchase with one provider: checks the method is on for the
 * event, the attendee form is done when the order needs one and the total fits the method
 * (free only for 0), stores the buyer info, records the attempt, then asks the provider.
 */
export async function startPayment(
  rt: PaymentsRuntime,
  input: { provider: PaymentProviderName; purchaseId: string; buyer?: BuyerInfoInput; lang?: 'es' | 'en'; origin: string },
): Promise<{ attempt: PaymentAttemptRow; result: StartResult }> {
  const { ctx } = rt;
  const db = ctx.db.kysely;
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const buyer = input.buyer ? validBuyer(input.buyer, input.lang) : undefined;
  const purchase = await openPurchase(db, input.purchaseId, now);
  const event = (await findEventById(db, purchase.event_id))!;
  const flag = METHOD_FLAG[input.provider];
  if (flag && eventConfig(event)[flag] !== true) throw errors.paymentMethodDisabled();
  const catalogue = await listTicketTypes(db, event.id, true);
  const ticketLines = (await listLines(db, purchase.id)).filter((l) => l.kind === 'ticket').map((l) => ({ ticket: catalogue.find((t) => t.id === l.item_id)!, quantity: l.quantity }));
  const ticketTypes = ticketLines.map((l) => l.ticket);
  if (needsAttendeeForm(ticketTypes) && !purchase.form_completed) throw errors.formRequired();
  const total = purchase.amount_cents + purchase.products_cents;
  if (input.provider === 'free' && total !== 0) throw errors.notFree();
  if (input.provider !== 'free' && total === 0) throw errors.freeOrder();
  const buyerEmail = buyer ? normaliseBuyerEmail(buyer.email) : purchase.buyer_email;
  if (buyer) await updatePurchase(db, purchase.id, { buyer_info_json: JSON.stringify(buyer), buyer_email: buyerEmail, updated_at: now });
  const storedBuyer = buyer ?? (purchase.buyer_info_json ? (JSON.parse(purchase.buyer_info_json) as BuyerInfo) : null);

  const provider = rt.providers[input.provider];
  const attemptId = randomUUID();
  const currency = typeof eventConfig(event).currency === 'string' ? String(eventConfig(event).currency) : 'MXN';
  const attempt: PaymentAttemptRow = {
    id: attemptId, purchase_id: purchase.id, provider: input.provider, mode: provider.mode, provider_reference: null, provider_payment_id: null,
    amount_cents: total, currency, status: 'created', status_detail: null, idempotency_key: randomUUID(), deadline: null,
    lang: buyer?.lang ?? input.lang ?? storedBuyer?.lang ?? null,
    refund_status: null, refund_reason: null, refund_reference: null, created_at: now, updated_at: now,
  };
  if (input.provider === 'mercadopago' && buyerEmail) {
    // A cash voucher keeps stock for days: its caps are checked under the event's lock with the
    // attempt that makes it count, so two requests at once cannot both squeeze under a cap.
    await withStockLock(ctx.db, event.id, async (trx) => {
      await assertVoucherAllowed(trx, holdLimitsOf(event, ctx.config), { id: purchase.id, event_id: event.id, buyer_email: buyerEmail }, ticketLines, now);
      await insertAttempt(trx, attempt);
    });
  } else {
    await insertAttempt(db, attempt);
  }
  const loader = `${input.origin}/${event.url}/${LOADER_SEGMENT[input.provider]}/loader`;
  let result: StartResult;
  try {
    result = await provider.start({
      attemptId,
      purchaseId: purchase.id,
      amountCents: total,
      currency,
      title: `Boletos · ${event.name}`,
      buyer: storedBuyer,
      lang: attempt.lang === 'en' ? 'en' : 'es',
      returnUrl: input.provider === 'fintoc' ? `${loader}?purchase_id=${purchase.id}` : loader,
      cancelUrl: input.provider === 'fintoc' ? `${loader}?purchase_id=${purchase.id}` : loader,
      notificationUrl: `${input.origin}/api/webhooks/${input.provider}`,
      holdExpiresAt: purchase.expires_at,
      voucherDeadline: new Date(nowDate.getTime() + ctx.config.voucherHours * 3_600_000).toISOString(),
      idempotencyKey: attempt.idempotency_key,
    });
  } catch (error) {
    rt.log.error({ err: error, attempt: attemptId }, `${input.provider}: could not start the payment`);
    await updateAttempt(db, attemptId, { status: 'rejected', status_detail: 'start failed', updated_at: ctx.now().toISOString() });
    if (error instanceof ProviderError) throw errors.paymentProviderFailed();
    throw error;
  }
  await updateAttempt(db, attemptId, { provider_reference: result.reference, updated_at: ctx.now().toISOString() });
  return { attempt: { ...attempt, provider_reference: result.reference }, result };
}

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
  if (providerName !== 'mercadopago' && !readLookup.reference) return undefined;
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
 * The spec's loader status of an attempt, plus — for the holder of the purchase's access
 * key — the purchase's reload (with emission_id once tickets exist). A payment id, PayPal
 * token or purchase id travels in return URLs, so without the key it answers the status only.
 */
export async function loaderAnswer(rt: PaymentsRuntime, attempt: PaymentAttemptRow, key?: string): Promise<{ status: LoaderStatus; reload?: unknown }> {
  const db = rt.ctx.db.kysely;
  const current = (await findAttempt(db, attempt.id))!;
  const emission = await findEmissionOfPurchase(db, current.purchase_id);
  let status: LoaderStatus;
  if (emission) status = 'approved';
  else if (current.status === 'pending') status = 'pending';
  else if (current.status === 'rejected' || current.status === 'cancelled') status = 'rejected';
  else status = 'other';
  // The purchase's own answer: 410 once its hold is gone, and the reload only for the key's holder.
  const { reload } = await purchaseAnswer(rt.ctx, current.purchase_id, key);
  return reload === undefined ? { status } : { status, reload };
}

/**
 * A loader call: an attempt already settled answers from the database (idempotent,
 * no provider call); otherwise the payment is re-read from the provider first.
 */
export async function processLoader(rt: PaymentsRuntime, providerName: PaymentProviderName, lookup: PaymentLookup, known?: PaymentAttemptRow, key?: string) {
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
