import { describe, expect, it } from 'vitest';
import { stripeSdkConfig } from '../../../../src/client/payments/providers/stripeSdk';
import { expressLineItems, stripeFailure } from '../../../../src/client/payments/method/stripeRules';
import type { OrderSummary } from '../../../../src/client/stores/orderSummary';

const summary = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  tickets: [
    { ticketId: 1, name: 'General', quantity: 2, grossCents: 20000, volumeDiscountCents: 0 },
    { ticketId: 2, name: 'VIP', quantity: 1, grossCents: 35000, volumeDiscountCents: 0 },
  ],
  products: [],
  code: null,
  discountCodeCents: 0,
  volumeDiscountCents: 0,
  showServiceCharge: true,
  serviceChargeCents: 5500,
  totalCents: 60500,
  fromServer: true,
  ...overrides,
});

describe('expressLineItems (what the wallet sheets list)', () => {
  it('tickets, products and the service charge, in minor units', () => {
    expect(expressLineItems(summary({ products: [{ productId: 3, name: 'Playera', quantity: 1, cents: 25000 }] }))).toEqual([
      { name: 'General × 2', amount: 20000 },
      { name: 'VIP', amount: 35000 },
      { name: 'Playera', amount: 25000 },
      { name: 'Cargo por servicio', amount: 5500 },
    ]);
  });

  it('no service charge line when the event absorbs it', () => {
    expect(expressLineItems(summary({ showServiceCharge: false, serviceChargeCents: 0 })).map((i) => i.name)).toEqual(['General × 2', 'VIP']);
  });

  it('no lines at all when a discount applies (they would not add up to the charge)', () => {
    expect(expressLineItems(summary({ code: 'DEMO10', discountCodeCents: 5500 }))).toEqual([]);
    expect(expressLineItems(summary({ volumeDiscountCents: 1000 }))).toEqual([]);
  });
});

describe('stripeFailure (the alert of a failed confirmation)', () => {
  it('card, network or connection problems get our sentence; others Stripe\'s message or the generic one', () => {
    expect(stripeFailure({ message: 'Your card was declined.' })).toEqual({ key: 'errors:stripe.card' });
    expect(stripeFailure({ message: 'A network error has occurred, and you have not been charged.' })).toEqual({ key: 'errors:stripe.network' });
    expect(stripeFailure({ message: 'Connection reset' })).toEqual({ key: 'errors:stripe.network' });
    expect(stripeFailure({ message: 'We are unable to authenticate your payment method.' })).toEqual({ message: 'We are unable to authenticate your payment method.' });
    expect(stripeFailure(undefined)).toEqual({ key: 'errors:stripe.generic' });
    expect(stripeFailure({ message: '' })).toEqual({ key: 'errors:stripe.generic' });
  });
});

describe('stripeSdkConfig (which publishable key)', () => {
  it('an event\'s stripe_public_key wins in live mode only; the sandbox knows its own key', () => {
    expect(stripeSdkConfig({ mode: 'live', publishableKey: 'pk_live_server' }, 'pk_live_event')).toEqual({ mode: 'live', publishableKey: 'pk_live_event' });
    expect(stripeSdkConfig({ mode: 'live', publishableKey: 'pk_live_server' }, undefined)).toEqual({ mode: 'live', publishableKey: 'pk_live_server' });
    expect(stripeSdkConfig({ mode: 'sandbox', publishableKey: 'pk_test_sbx' }, 'pk_live_event')).toEqual({ mode: 'sandbox', publishableKey: 'pk_test_sbx' });
    expect(stripeSdkConfig(undefined, 'pk_live_event')).toBeNull();
  });
});
