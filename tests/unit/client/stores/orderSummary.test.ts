import { describe, expect, it } from 'vitest';
import { buildOrderSummary } from '../../../../src/client/stores/orderSummary';

const noServer = { amount: null, amountProductos: null, amountDiscount: null, amountOutDiscount: null, comission: null };
const general = { ticketId: 1, name: 'General', quantity: 4, price: 350, volumeDiscount: { minimumQuantity: 4, value: 10, isPercentage: true } };

describe('buildOrderSummary', () => {
  it('prices tickets, the volume discount and the service charge locally before the server answers', () => {
    const summary = buildOrderSummary({ tickets: [general], products: [], serviceChargeConfig: { comission_percentage: 0.1, absorb: 'customer' }, server: noServer, code: null });
    expect(summary).toMatchObject({ volumeDiscountCents: 14_000, serviceChargeCents: 12_600, totalCents: 138_600, showServiceCharge: true, fromServer: false });
    expect(summary.tickets[0]).toMatchObject({ grossCents: 140_000, volumeDiscountCents: 14_000 });
  });

  it('shows a zero service charge when the organiser absorbs it, and hides it without tickets', () => {
    const absorbed = buildOrderSummary({ tickets: [{ ...general, quantity: 1 }], products: [], serviceChargeConfig: { comission_percentage: 0.1, absorb: 'organizer' }, server: noServer, code: null });
    expect(absorbed).toMatchObject({ showServiceCharge: true, serviceChargeCents: 0, totalCents: 35_000 });
    const empty = buildOrderSummary({ tickets: [], products: [], serviceChargeConfig: {}, server: noServer, code: null });
    expect(empty).toMatchObject({ showServiceCharge: false, totalCents: 0 });
  });

  it('lets the server amounts win when it priced the same products, and reprices a changed product draft', () => {
    const server = { amount: 400, amountProductos: 0, amountDiscount: 0, amountOutDiscount: 400, comission: 50 };
    const same = buildOrderSummary({ tickets: [{ ...general, quantity: 1 }], products: [], serviceChargeConfig: {}, server, code: null });
    expect(same).toMatchObject({ fromServer: true, totalCents: 40_000, serviceChargeCents: 5_000 });
    const draft = buildOrderSummary({ tickets: [{ ...general, quantity: 1 }], products: [{ productId: 10, name: 'Playera', quantity: 1, price: 250, options: {} }], serviceChargeConfig: {}, server, code: null });
    expect(draft).toMatchObject({ fromServer: false, totalCents: 35_000 + 25_000 + 3_500 + 2_500 });
  });
});
