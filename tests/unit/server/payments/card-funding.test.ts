import { describe, expect, it } from 'vitest';
import { paymentFormOf } from '../../../../src/server/invoicing/payment-form';
import { observeMercadoPagoPayment } from '../../../../src/server/payments/providers/mercadopago.provider';
import { observeOpenpayCharge } from '../../../../src/server/payments/providers/openpay.provider';
import { observeStripeIntent } from '../../../../src/server/payments/providers/stripe.provider';

describe('the kind of card that paid, as each provider tells it', () => {
  it('MercadoPago: payment_type_id', () => {
    const payment = (payment_type_id: string) => observeMercadoPagoPayment({ id: 1, status: 'approved', payment_type_id });
    expect([payment('debit_card'), payment('credit_card'), payment('prepaid_card'), payment('ticket')].map((o) => o.cardFunding)).toEqual(['debit', 'credit', 'prepaid', null]);
  });

  it('Stripe: the latest charge\'s card.funding; Openpay: the charge\'s card.type', () => {
    const intent = (funding: string) => observeStripeIntent({ id: 'pi_1', status: 'succeeded', amount: 100, currency: 'mxn', latest_charge: { id: 'ch_1', payment_method_details: { card: { funding } } } });
    expect([intent('debit'), intent('credit'), intent('unknown')].map((o) => o.cardFunding)).toEqual(['debit', 'credit', null]);
    expect(observeOpenpayCharge({ id: 'tr_1', status: 'completed', card: { type: 'debit' } }).cardFunding).toBe('debit');
    expect(observeOpenpayCharge({ id: 'tr_1', status: 'completed', card: null }).cardFunding).toBeNull();
  });

  it('FormaPago: 28 a debit card, 04 any other card, the rest by method', () => {
    const attempt = (provider: 'stripe' | 'openpay' | 'mercadopago' | 'paypal', card_funding: 'debit' | 'credit' | null, idempotency_key = 'x') => paymentFormOf({ provider, idempotency_key, card_funding });
    expect(attempt('stripe', 'debit')).toBe('28');
    expect(attempt('openpay', 'debit')).toBe('28');
    expect(attempt('mercadopago', 'debit', 'mp-card:1')).toBe('28');
    expect(attempt('stripe', 'credit')).toBe('04');
    expect(attempt('stripe', null)).toBe('04');
    expect(attempt('paypal', null)).toBe('31');
  });
});
