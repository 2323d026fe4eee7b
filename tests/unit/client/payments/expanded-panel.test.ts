import { describe, expect, it } from 'vitest';
import { demoEvent } from '../stores/fakeApi';
import { holdVip, paymentRoot } from './paymentRoot';

/** The accordion's open panel is derived, so a single method is open from the first render (no effect to race). */
describe('PaymentStore.expanded', () => {
  it('opens the only offered method until the buyer closes it, and stays closed then', async () => {
    const { root } = await paymentRoot({ event: demoEvent({ metodo_pago_free: true }) });
    holdVip(root, { amount: 0 });
    expect(root.payment.offeredMethods).toEqual(['free']);
    expect(root.payment.expanded).toBe('free');
    root.payment.setExpanded(null);
    expect(root.payment.expanded).toBeNull();
    root.payment.setExpanded('free');
    expect(root.payment.expanded).toBe('free');
  });

  it('opens nothing by itself when several methods are offered', async () => {
    const { root } = await paymentRoot({ event: demoEvent({ metodo_pago_fintoc: true, metodo_pago_paypal: true }) });
    holdVip(root);
    expect(root.payment.offeredMethods.length).toBeGreaterThan(1);
    expect(root.payment.expanded).toBeNull();
    root.payment.setExpanded('paypal');
    expect(root.payment.expanded).toBe('paypal');
  });
});
