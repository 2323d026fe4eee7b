import { describe, expect, it } from 'vitest';
import {
  applicableSteps,
  barSteps,
  checkoutFlow,
  nextStep,
  previousStep,
  resolveStep,
  stepPath,
  type FlowContext,
} from '../../../../src/client/flow/checkoutFlow';

const base: FlowContext = { hasProducts: false, formRequired: false, hasTickets: false, hasPurchase: false, formCompleted: false };
const ids = (ctx: FlowContext) => applicableSteps(checkoutFlow, ctx).map((step) => step.id);

describe('checkout flow as data', () => {
  it('lists tickets and payment always, products and information only when they apply', () => {
    expect(ids(base)).toEqual(['tickets', 'payment']);
    expect(ids({ ...base, hasProducts: true })).toEqual(['tickets', 'products', 'payment']);
    expect(ids({ ...base, formRequired: true })).toEqual(['tickets', 'information', 'payment']);
    expect(ids({ ...base, hasProducts: true, formRequired: true })).toEqual(['tickets', 'products', 'information', 'payment']);
  });

  it('shows the step the buyer is on in the bar before the purchase it depends on is restored, so the bar does not grow after it', () => {
    const bar = (ctx: FlowContext, current: Parameters<typeof barSteps>[2]) => barSteps(checkoutFlow, ctx, current).map((step) => step.id);
    // A refresh on the form: the held purchase (and so `formRequired`) is not known yet.
    expect(bar({ ...base, hasProducts: true }, 'information')).toEqual(['tickets', 'products', 'information', 'payment']);
    expect(bar({ ...base, hasProducts: true, formRequired: true, hasTickets: true, hasPurchase: true }, 'information')).toEqual(['tickets', 'products', 'information', 'payment']);
    expect(bar(base, 'tickets')).toEqual(['tickets', 'payment']);
    expect(bar(base, undefined)).toEqual(['tickets', 'payment']);
  });

  it('keeps a buyer without a purchase on the ticket step', () => {
    const ctx = { ...base, hasProducts: true, formRequired: true, hasTickets: true };
    for (const wanted of ['tickets', 'products', 'information', 'payment'] as const) {
      expect(resolveStep(checkoutFlow, wanted, ctx).id).toBe('tickets');
    }
  });

  it('sends a buyer with a purchase but no tickets back to tickets', () => {
    expect(resolveStep(checkoutFlow, 'payment', { ...base, hasPurchase: true }).id).toBe('tickets');
  });

  it('lets a held purchase reach products and the form, but not payment before the form is done', () => {
    const ctx = { ...base, hasProducts: true, formRequired: true, hasTickets: true, hasPurchase: true };
    expect(resolveStep(checkoutFlow, 'products', ctx).id).toBe('products');
    expect(resolveStep(checkoutFlow, 'information', ctx).id).toBe('information');
    expect(resolveStep(checkoutFlow, 'payment', ctx).id).toBe('information');
    expect(resolveStep(checkoutFlow, 'payment', { ...ctx, formCompleted: true }).id).toBe('payment');
  });

  it('sends a step that does not apply to the first open step', () => {
    const ctx = { ...base, hasTickets: true, hasPurchase: true };
    expect(resolveStep(checkoutFlow, 'products', ctx).id).toBe('payment');
    expect(resolveStep(checkoutFlow, 'information', ctx).id).toBe('payment');
    expect(resolveStep(checkoutFlow, 'information', { ...base, hasTickets: true }).id).toBe('tickets');
  });

  it('always allows the ticket step', () => {
    expect(resolveStep(checkoutFlow, 'tickets', base).id).toBe('tickets');
    expect(resolveStep(checkoutFlow, 'tickets', { ...base, hasTickets: true, hasPurchase: true }).id).toBe('tickets');
  });

  it('computes Continue and Back targets from the applicable steps (after purchase creation: products, else form, else payment)', () => {
    const withAll = { ...base, hasProducts: true, formRequired: true, hasTickets: true, hasPurchase: true };
    expect(nextStep(checkoutFlow, 'tickets', withAll)?.id).toBe('products');
    expect(nextStep(checkoutFlow, 'tickets', { ...withAll, hasProducts: false })?.id).toBe('information');
    expect(nextStep(checkoutFlow, 'tickets', { ...withAll, hasProducts: false, formRequired: false })?.id).toBe('payment');
    expect(nextStep(checkoutFlow, 'products', { ...withAll, formRequired: false })?.id).toBe('payment');
    expect(nextStep(checkoutFlow, 'payment', withAll)).toBeUndefined();
    expect(previousStep(checkoutFlow, 'information', withAll)?.id).toBe('products');
    expect(previousStep(checkoutFlow, 'information', { ...withAll, hasProducts: false })?.id).toBe('tickets');
    expect(previousStep(checkoutFlow, 'payment', { ...withAll, formRequired: false })?.id).toBe('products');
    expect(previousStep(checkoutFlow, 'tickets', withAll)).toBeUndefined();
  });

  it('maps steps to paths under the event url', () => {
    const [tickets, products, information, payment] = checkoutFlow;
    expect(stepPath('demo', tickets)).toBe('/demo');
    expect(stepPath('demo', products)).toBe('/demo/productos');
    expect(stepPath('demo', information)).toBe('/demo/form');
    expect(stepPath('demo', payment)).toBe('/demo/payment-method');
  });
});
