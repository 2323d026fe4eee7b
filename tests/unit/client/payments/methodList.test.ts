import { describe, expect, it } from 'vitest';
import { paymentMethodList, type PaymentMethodId } from '../../../../src/shared/payment-methods';
import { demoEvent } from '../stores/fakeApi';
import { holdVip, paymentRoot } from './paymentRoot';

const ALL_PAID = {
  metodo_pago_open_pay: true,
  metodo_pago_fintoc: true,
  metodo_pago_mercadopago_tarjetas: true,
  metodo_pago_mercadopago_efectivo: true,
  metodo_pago_mercadopago_supertoken: true,
  metodo_pago_paypal: true,
  metodo_pago_stripe_tarjeta: true,
  metodo_pago_stripe_google_pay: true,
  metodo_pago_stripe_apple_pay: true,
  metodo_pago_free: true,
};

async function rootWith(config: Record<string, unknown>, amounts?: { amount?: number; amountProductos?: number }) {
  const { root } = await paymentRoot({ event: demoEvent(config) });
  holdVip(root, amounts);
  return root;
}

describe('PaymentStore.methods (the payment method list rule, over the event config)', () => {
  it('a total of 0 (amount + amountProductos) offers only the free claim, whatever else is on', async () => {
    const root = await rootWith(ALL_PAID, { amount: 0, amountProductos: 0 });
    expect(root.payment.totalCents).toBe(0);
    expect(root.payment.methods).toEqual(['free']);
    expect(root.payment.offeredMethods).toEqual(['free']);
  });

  it('the free claim needs no flag: a free event without metodo_pago_free still offers it', async () => {
    const root = await rootWith({}, { amount: 0 });
    expect(root.payment.methods).toEqual(['free']);
  });

  it('products make the total: amount 0 + amountProductos 250 is not free', async () => {
    const root = await rootWith({ metodo_pago_paypal: true }, { amount: 0, amountProductos: 250 });
    expect(root.payment.totalCents).toBe(25_000);
    expect(root.payment.methods).toEqual(['paypal']);
  });

  it('lists every enabled method in display order: bank transfer, card, cash, super token, card payment provider, online wallet', async () => {
    const root = await rootWith(ALL_PAID);
    expect(root.payment.methods).toEqual(['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal']);
    const some = await rootWith({ metodo_pago_paypal: true, metodo_pago_fintoc: true, metodo_pago_mercadopago_tarjetas: true, metodo_pago_stripe_google_pay: true, metodo_pago_open_pay: true });
    expect(some.payment.methods).toEqual(['bankTransfer', 'card', 'stripe', 'paypal']);
    some.payment.setErrorFlag(true);
    expect(some.payment.methods).toEqual(['openpay']);
  });

  it('the second card provider alone once the error flag is set (and only when it is enabled)', async () => {
    const root = await rootWith(ALL_PAID);
    root.payment.setErrorFlag(true);
    expect(root.payment.methods).toEqual(['openpay']);
    const without = await rootWith({ ...ALL_PAID, metodo_pago_open_pay: false });
    without.payment.setErrorFlag(true);
    expect(without.payment.methods).toEqual(['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal']);
  });

  it('Amex events offer only the card', async () => {
    const root = await rootWith({ ...ALL_PAID, tarjetas_amex: true });
    expect(root.payment.methods).toEqual(['card']);
    expect(root.payment.cardBrand).toBe('amex');
    expect((await rootWith(ALL_PAID)).payment.cardBrand).toBe('cards');
  });

  it('the card payment provider shows when any of its card, Google Pay or Apple Pay flags is on', async () => {
    for (const flag of ['metodo_pago_stripe_tarjeta', 'metodo_pago_stripe_google_pay', 'metodo_pago_stripe_apple_pay']) {
      expect((await rootWith({ [flag]: true })).payment.methods).toEqual(['stripe']);
    }
  });

  it('each method only when its flag is true (the event-file schema types every flag as a boolean)', async () => {
    const single: [string, PaymentMethodId][] = [
      ['metodo_pago_fintoc', 'bankTransfer'],
      ['metodo_pago_mercadopago_tarjetas', 'card'],
      ['metodo_pago_mercadopago_efectivo', 'cash'],
      ['metodo_pago_mercadopago_supertoken', 'superToken'],
      ['metodo_pago_paypal', 'paypal'],
    ];
    for (const [flag, method] of single) expect((await rootWith({ [flag]: true })).payment.methods).toEqual([method]);
    // The server reads the flags the same way (shared rule): a 1, "1" or "true" is not a switch.
    expect((await rootWith({ metodo_pago_paypal: 1, metodo_pago_fintoc: '1', metodo_pago_mercadopago_efectivo: 'true' })).payment.methods).toEqual([]);
    expect((await rootWith({ metodo_pago_paypal: false, metodo_pago_fintoc: 'no' })).payment.methods).toEqual([]);
  });

  it('without a server amount yet, the local summary decides the total', async () => {
    const event = demoEvent({ metodo_pago_paypal: true });
    event.tickets[1].price = 0;
    const { root } = await paymentRoot({ event });
    root.checkout.setTicketQuantity(2, 1);
    expect(root.payment.methods).toEqual(['free']);
  });
});

describe('PaymentStore.offeredMethods (what the page shows: the other card methods come with a later issue)', () => {
  it('keeps the working methods, in order (the new card, the super token and the card payment provider included), and drops the other card ones', async () => {
    const root = await rootWith(ALL_PAID);
    expect(root.payment.offeredMethods).toEqual(['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal']);
  });

  it('the error flag narrows the offer to the second card provider (Openpay) when it is on', async () => {
    const root = await rootWith(ALL_PAID);
    root.payment.setErrorFlag(true);
    expect(root.payment.offeredMethods).toEqual(['openpay']);
    const without = await rootWith({ ...ALL_PAID, metodo_pago_open_pay: false });
    without.payment.setErrorFlag(true);
    expect(without.payment.offeredMethods).toEqual(['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal']);
  });

  it('an Amex-only event offers the card panel alone (with the Amex logo)', async () => {
    const root = await rootWith({ ...ALL_PAID, tarjetas_amex: true });
    expect(root.payment.offeredMethods).toEqual(['card']);
    expect(root.payment.cardBrand).toBe('amex');
  });
});

describe('paymentMethodList (the pure rule)', () => {
  it('a 0 total without tickets is no free claim; nothing available offers nothing', () => {
    expect(paymentMethodList({ totalCents: 0, hasTickets: false, config: { metodo_pago_paypal: true }, errorFlag: false })).toEqual(['paypal']);
    expect(paymentMethodList({ totalCents: 0, hasTickets: true, config: {}, errorFlag: false, available: () => false })).toEqual([]);
  });
});
