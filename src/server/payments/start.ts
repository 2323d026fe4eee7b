import { randomUUID } from 'node:crypto';
import type { BuyerForm, BuyerInfo, PaymentLanguage } from '../../shared/api';
import { createFormValidators } from '../../shared/forms/create-form-validators';
import { offersPaidMethod, type PaidMethodId } from '../../shared/payment-methods';
import { plainText } from '../../shared/plain-text';
import { withStockLock } from '../db/locked-transaction';
import type { PaymentProviderName } from '../db/schema';
import { errors } from '../http/app-error';
import { insertAttempt, updateAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { updatePurchase } from '../repositories/purchase.repository';
import { assertVoucherAllowed, holdLimitsOf, normaliseBuyerEmail } from '../services/hold-limits.service';
import { eventConfig } from '../services/order-pricing';
import type { Order } from '../repositories/order.repository';
import { needsAttendeeForm, openOrder } from '../services/purchase.service';
import { ProviderError, type StartResult } from './provider';
import { firstReconcileAt } from './reconcile';
import type { PaymentsRuntime } from './runtime';

/** The storefront's loader segment of each provider: it returns to `/{url}/{segment}/loader` (docs/product-rules.md, *Loader pages*). */
const LOADER_SEGMENT: Record<PaymentProviderName, string> = { mercadopago: 'mp', paypal: 'paypal', fintoc: 'fintoc', openpay: 'open-pay', stripe: 'stripe', free: 'free' };
/** The storefront's payment method each paid provider takes (the method list rule speaks of methods). */
const PROVIDER_METHOD: Record<Exclude<PaymentProviderName, 'free'>, PaidMethodId> = {
  mercadopago: 'cash',
  paypal: 'paypal',
  fintoc: 'bankTransfer',
  openpay: 'openpay',
  stripe: 'stripe',
};

const formValidators = createFormValidators();

/**
 * Buyer info checked with the storefront's own form schema (schemas/forms/buyer.schema.json,
 * the same validator and i18n keys the browser uses), the name made plain text, then stored trimmed, e-mail lower-cased,
 * language es unless en. The API contract sends name, email, phone: a missing confirmation is the e-mail itself.
 */
export function validBuyer(input: BuyerForm, lang: PaymentLanguage | undefined): BuyerInfo {
  const { lang: innerLang, ...form } = input;
  // The name is shown on tickets and e-mails: control, bidi-override and zero-width characters go.
  const name = typeof form.name === 'string' ? plainText(form.name) : form.name;
  const data = { ...form, name, emailConfirm: form.emailConfirm ?? form.email };
  const problems = formValidators.buyer(data);
  if (problems.length > 0) throw errors.formInvalid(problems.map((p) => ({ path: `/buyer_info${p.pointer}`, message: p.message })));
  // The request schema only says `buyer_info` is an object: the form check above is what makes these strings.
  return { name: data.name.trim(), email: data.email.trim().toLowerCase(), phone: data.phone, lang: (lang ?? innerLang) === 'en' ? 'en' : 'es' };
}

/**
 * The checks every payment makes before anything is recorded: the method is one the storefront's
 * list rule offers this event, the attendee form is done when the order needs one, and the total
 * fits the method (the free claim only for 0, every paid method only above it). Returns the total.
 */
export function payableTotal(order: Order, method: PaidMethodId | 'free'): number {
  const { purchase, event, tickets } = order;
  if (method !== 'free' && !offersPaidMethod(eventConfig(event), method)) throw errors.paymentMethodDisabled();
  if (needsAttendeeForm(tickets.map((l) => l.ticket)) && !purchase.form_completed) throw errors.formRequired();
  const total = purchase.amount_cents + purchase.products_cents;
  if (method === 'free' && total !== 0) throw errors.notFree();
  if (method !== 'free' && total === 0) throw errors.freeOrder();
  return total;
}

/** The currency an event charges in (its config's `currency`, MXN by default). */
export function orderCurrency(order: Order): string {
  const currency = eventConfig(order.event).currency;
  return typeof currency === 'string' ? currency : 'MXN';
}

/**
 * A new attempt row, `created`, for the purchase's whole total, recorded before the provider is
 * asked: its id travels with the payment (external_reference, order_id, metadata), so the
 * pending-work loop finds the payment from it (`reconcile_at`) if this process dies before settling it.
 */
export function newAttempt(
  order: Order,
  fields: Pick<PaymentAttemptRow, 'provider' | 'mode' | 'amount_cents' | 'idempotency_key' | 'lang'> & Partial<Pick<PaymentAttemptRow, 'installments' | 'installments_total_cents'>>,
  now: string,
): PaymentAttemptRow {
  return {
    id: randomUUID(), purchase_id: order.purchase.id, provider_reference: null, provider_payment_id: null, currency: orderCurrency(order),
    status: 'created', status_detail: null, card_funding: null, deadline: null, refund_status: null, refund_reason: null, refund_reference: null, refunded_cents: null,
    installments: null, installments_total_cents: null, in_flight: 0, reconcile_at: firstReconcileAt(fields.provider, now), created_at: now, updated_at: now, ...fields,
  };
}

/**
 * Starts a payment of a held purchase with one provider: checks the method is on for the
 * event, the attendee form is done when the order needs one and the total fits the method
 * (free only for 0), stores the buyer info, records the attempt, then asks the provider.
 */
export async function startPayment(
  rt: PaymentsRuntime,
  input: { provider: PaymentProviderName; purchaseId: string; buyer?: BuyerForm; lang?: PaymentLanguage; origin: string },
): Promise<{ attempt: PaymentAttemptRow; result: StartResult }> {
  const { ctx } = rt;
  const db = ctx.db.kysely;
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const buyer = input.buyer ? validBuyer(input.buyer, input.lang) : undefined;
  const order = await openOrder(db, input.purchaseId, now);
  const { purchase, event, tickets: ticketLines } = order;
  const total = payableTotal(order, input.provider === 'free' ? 'free' : PROVIDER_METHOD[input.provider]);
  const buyerEmail = buyer ? normaliseBuyerEmail(buyer.email) : purchase.buyer_email;
  if (buyer) await updatePurchase(db, purchase.id, { buyer, buyer_email: buyerEmail, updated_at: now });
  const storedBuyer = buyer ?? purchase.buyer;

  const provider = rt.providers[input.provider];
  const attempt = newAttempt(
    order,
    { provider: input.provider, mode: provider.mode, amount_cents: total, idempotency_key: randomUUID(), lang: buyer?.lang ?? input.lang ?? storedBuyer?.lang ?? null },
    now,
  );
  const attemptId = attempt.id;
  const currency = attempt.currency;
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
