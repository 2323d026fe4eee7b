import { PAYMENT_FORMS, type PaymentFormCode } from '../../shared/invoicing/sat-catalogues';
import { planSentence, storedPlanOf } from '../../shared/installments-words';
import type { PaymentAttemptRow } from '../repositories/payment-attempt.repository';

/**
 * The CFDI's FormaPago of the payment that paid an order: a card (MercadoPago's card form, Stripe,
 * Openpay) 28 when its provider said it was a debit card (`card_funding`, stored by the confirm path),
 * else 04; 31 an intermediary (PayPal, a MercadoPago wallet payment), 01 cash (MercadoPago's voucher,
 * paid at a store), 03 a bank transfer (Fintoc).
 */
export function paymentFormOf(attempt: Pick<PaymentAttemptRow, 'provider' | 'idempotency_key' | 'card_funding'>): PaymentFormCode {
  const card = attempt.card_funding === 'debit' ? PAYMENT_FORMS.debitCard : PAYMENT_FORMS.creditCard;
  switch (attempt.provider) {
    case 'fintoc':
      return PAYMENT_FORMS.transfer;
    case 'paypal':
      return PAYMENT_FORMS.intermediary;
    case 'mercadopago':
      if (attempt.idempotency_key.startsWith('mp-card:')) return card;
      if (attempt.idempotency_key.startsWith('mp-supertoken:')) return PAYMENT_FORMS.intermediary;
      return PAYMENT_FORMS.cash;
    default:
      return card;
  }
}

/**
 * How the ingreso states the payment: its FormaPago and, for a card plan (meses sin intereses or
 * with interest), the plan's sentence in Spanish as CondicionesDePago (null for one payment).
 */
export function invoicePaymentOf(attempt: PaymentAttemptRow): { form: PaymentFormCode; conditions: string | null } {
  const plan = storedPlanOf(attempt);
  return { form: paymentFormOf(attempt), conditions: plan ? planSentence('es', plan) : null };
}

/** The attempt that paid an order: approved (or later refunded) and not one we gave back ourselves (a duplicate). */
export function payingAttempt(attempts: readonly PaymentAttemptRow[]): PaymentAttemptRow | undefined {
  const paid = attempts.filter((a) => a.status === 'approved' || a.status === 'refunded');
  return paid.find((a) => a.refund_status === null) ?? paid[0];
}
