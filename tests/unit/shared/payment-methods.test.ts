import { describe, expect, it } from 'vitest';
import { offersPaidMethod } from '../../../src/shared/payment-methods';

// The list rule itself (order, free claim, error flag, Amex) is tested through the store: tests/unit/client/payments/methodList.test.ts.
describe('offersPaidMethod (what startPayment accepts)', () => {
  it('is what the storefront offers for a paid order', () => {
    expect(offersPaidMethod({ metodo_pago_paypal: true }, 'paypal')).toBe(true);
    expect(offersPaidMethod({ metodo_pago_paypal: 'true' }, 'paypal')).toBe(false);
    // Amex-only events take cards alone: the other flags do not offer their methods.
    expect(offersPaidMethod({ metodo_pago_paypal: true, metodo_pago_mercadopago_efectivo: true, tarjetas_amex: true }, 'paypal')).toBe(false);
    expect(offersPaidMethod({ metodo_pago_paypal: true, metodo_pago_mercadopago_efectivo: true, tarjetas_amex: true }, 'cash')).toBe(false);
    expect(offersPaidMethod({ metodo_pago_mercadopago_supertoken: true }, 'superToken')).toBe(true);
    expect(offersPaidMethod({ metodo_pago_stripe_google_pay: true }, 'stripe')).toBe(true);
    expect(offersPaidMethod({ metodo_pago_stripe_tarjeta: false }, 'stripe')).toBe(false);
    expect(offersPaidMethod({ metodo_pago_mercadopago_tarjetas: true }, 'card')).toBe(true);
  });

  it('accepts the second card provider (Openpay), offered only after a failed payment the server cannot see', () => {
    expect(offersPaidMethod({ metodo_pago_open_pay: true }, 'openpay')).toBe(true);
    expect(offersPaidMethod({ metodo_pago_open_pay: true, metodo_pago_paypal: true }, 'paypal')).toBe(true);
    expect(offersPaidMethod({ metodo_pago_paypal: true }, 'openpay')).toBe(false);
  });
});
