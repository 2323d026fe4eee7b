import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { BotCheckNotLoadedError } from '../../../../src/client/botCheck/BotCheckNotLoadedError';
import { buildRoot, purchaseResponse } from './fakeApi';

async function loaded(responses = {}) {
  const built = buildRoot(responses);
  await built.root.event.load('demo');
  return built;
}

describe('CheckoutStore ticket selection', () => {
  it('adds, replaces and removes lines (0 removes)', async () => {
    const { root } = await loaded();
    const { checkout } = root;
    checkout.setTicketQuantity(1, 2);
    checkout.setTicketQuantity(2, 1);
    checkout.setTicketQuantity(1, 4);
    expect(checkout.tickets.map((l) => [l.ticketId, l.quantity])).toEqual([[1, 4], [2, 1]]);
    expect(checkout.tickets[0]).toMatchObject({ name: 'General', price: 350, volumeDiscount: { minimumQuantity: 4, value: 10, isPercentage: true } });
    checkout.setTicketQuantity(1, 0);
    expect(checkout.tickets.map((l) => l.ticketId)).toEqual([2]);
    checkout.setTicketQuantity(99, 1); // unknown ticket type: ignored
    expect(checkout.tickets).toHaveLength(1);
  });

  it('resets code, amounts, commission and purchase id on every change', async () => {
    const { root } = await loaded();
    const { checkout } = root;
    checkout.setTicketQuantity(1, 1);
    checkout.setPurchase({ ...purchaseResponse, code: 'DEMO10', amountDiscount: 35 }, 'demo');
    expect(checkout.purchaseId).toBe('p-1');
    checkout.setTicketQuantity(1, 2);
    expect(checkout).toMatchObject({ code: null, amount: null, comission: null, amountDiscount: null, purchaseId: null, discountInput: '' });
  });

  it('hides the discount input again when the cart empties', async () => {
    const { root } = await loaded();
    const { checkout } = root;
    checkout.revealDiscount();
    expect(checkout.discountRevealed).toBe(false); // link disabled without tickets
    checkout.setTicketQuantity(2, 1);
    checkout.revealDiscount();
    expect(checkout.discountRevealed).toBe(true);
    checkout.setTicketQuantity(2, 0);
    expect(checkout.discountRevealed).toBe(false);
  });

  it('disables Continue with no tickets or while a purchase request is pending', async () => {
    const { root } = await loaded();
    expect(root.checkout.canCreatePurchase).toBe(false);
    root.checkout.setTicketQuantity(2, 1);
    expect(root.checkout.canCreatePurchase).toBe(true);
    root.checkout.setPurchasePending(true);
    expect(root.checkout.canCreatePurchase).toBe(false);
  });
});

describe('CheckoutStore purchase transitions', () => {
  it('setPurchase stores id, amounts (as numbers), code, expiry and the form flag, and persists the id', async () => {
    const { root, sessionStorage } = await loaded();
    root.checkout.setTicketQuantity(1, 1);
    root.checkout.setPurchase({ ...purchaseResponse, amount: '385.5' as unknown as number }, 'demo');
    expect(root.checkout).toMatchObject({ purchaseId: 'p-1', amount: 385.5, comission: 35, formRequired: true, expiresTickets: purchaseResponse.expiresTickets });
    expect(JSON.parse(sessionStorage.getItem('purchase') ?? '')).toEqual({ purchase_id: 'p-1', url: 'demo' });
  });

  it('deletePurchase clears id and expiry but keeps the tickets; clearHeldPurchase also drops the form draft', async () => {
    const { root, sessionStorage } = await loaded();
    root.checkout.setTicketQuantity(1, 1);
    root.checkout.setPurchase(purchaseResponse, 'demo');
    sessionStorage.setItem('checkout', '{"draft":true}');
    root.checkout.clearHeldPurchase();
    expect(root.checkout.purchaseId).toBeNull();
    expect(root.checkout.expiresTickets).toBeNull();
    expect(root.checkout.tickets).toHaveLength(1);
    expect(sessionStorage.getItem('purchase')).toBeNull();
    expect(sessionStorage.getItem('checkout')).toBeNull();
  });

  it('reload restores tickets, products, amounts, expiry, code, purchase id, buyer and emission', async () => {
    const { root } = await loaded();
    root.checkout.reload({
      purchase_id: 'p-9',
      url: 'demo',
      tickets: [{ ticket_id: 2, cantidad: 2, price: 1200, name: 'VIP' }],
      productos: [{ id: 10, nombre: 'Playera', cantidad: 1, precio: 250, opciones: { talla: 'M' } }],
      resumen: { tickets: [{ ticket_id: 2, cantidad: 2, price: 1200, name: 'VIP' }], productos: [{ id: 10, nombre: 'Playera', cantidad: 1, precio: 250, opciones: { talla: 'M' } }] },
      amounts: { amount: 2376, comission: 216, amountOutDiscount: 2640, amountDiscount: 240, amountProductos: 250 },
      expires_at: '2030-01-01T00:00:00.000Z',
      code: 'DEMO10',
      buyer_info: null,
      emission_id: null,
      isFormRequiered: false,
      form_completed: false,
    });
    expect(root.checkout).toMatchObject({ purchaseId: 'p-9', code: 'DEMO10', amount: 2376, amountProductos: 250, discountStatus: 'success', formRequired: false });
    expect(root.checkout.products[0].options).toEqual({ talla: 'M' });
    expect(root.checkout.summary.totalCents).toBe(262_600);
  });
});

describe('CheckoutActions', () => {
  it('creates a purchase with a new_purchase token, the code, the lines and identificador', async () => {
    const { root, calls, botCheckActions } = await loaded();
    root.checkout.setTicketQuantity(1, 2);
    const created = await root.actions.createPurchase('abc');
    expect(created).toBe(true);
    expect(botCheckActions[0]).toBe('new_purchase');
    expect(calls.newPurchase[0][0]).toEqual({ code: null, url: 'demo', tickets: [{ ticket_id: 1, cantidad: 2 }], identificador: 'abc', token: 'token-1' });
    expect(root.checkout.purchaseId).toBe('p-1');
    expect(root.checkout.purchasePending).toBe(false);
  });

  it('shows the server mensaje when the purchase fails, or the support hint with the help link', async () => {
    const sold = await loaded({ newPurchase: new ApiError(409, 'Ya no hay boletos disponibles', 'SOLD_OUT') });
    sold.root.checkout.setTicketQuantity(1, 1);
    expect(await sold.root.actions.createPurchase(null)).toBe(false);
    // The code travels with the text: the toast says it in the buyer's language when the catalogue can.
    expect(sold.notifications).toEqual([{ variant: 'error', code: 'SOLD_OUT', text: 'Ya no hay boletos disponibles' }]);

    const broken = await loaded({ newPurchase: new ApiError(500) });
    await broken.root.ui.loadConfig();
    broken.root.checkout.setTicketQuantity(1, 1);
    await broken.root.actions.createPurchase(null);
    expect(broken.notifications[0]).toMatchObject({
      messageKey: 'errors:requestFailed.title',
      descriptionKey: 'errors:requestFailed.description',
      durationMs: 5000,
      action: { labelKey: 'errors:requestFailed.action', href: 'https://help.example' },
    });
  });

  it('stays quiet on 429 (the HTTP client already warned) and reports a bot check that is not loaded', async () => {
    const limited = await loaded({ newPurchase: new ApiError(429, 'slow down') });
    limited.root.checkout.setTicketQuantity(1, 1);
    await limited.root.actions.createPurchase(null);
    expect(limited.notifications).toEqual([]);

    const { root, notifications, calls } = await loaded();
    Object.assign(root, { botCheck: { getToken: () => Promise.reject(new BotCheckNotLoadedError()) } });
    root.checkout.setTicketQuantity(1, 1);
    expect(await root.actions.createPurchase(null)).toBe(false);
    expect(notifications).toEqual([{ variant: 'error', messageKey: 'errors:botCheckNotLoaded' }]);
    expect(calls.newPurchase).toHaveLength(0);
  });

  it('validates the discount code locally first, then applies the server answer', async () => {
    const verify = { code: 'DEMO10', amount: 346.5, amountOutDiscount: 385, amountDiscount: 35, comission: 31.5 };
    const { root, calls } = await loaded({ verifyDiscount: verify });
    const { checkout } = root;
    checkout.setDiscountInput('DEMO10');
    await root.actions.verifyDiscount();
    expect(checkout.discountErrorKey).toBe('errors:discount.noTickets');
    checkout.setTicketQuantity(1, 1);
    await root.actions.verifyDiscount();
    expect(checkout.discountErrorKey).toBe('errors:discount.empty');
    checkout.setDiscountInput('  DEMO10 ');
    expect(checkout.discountStatus).toBe('idle'); // typing clears the error
    await root.actions.verifyDiscount();
    expect(calls.verifyDiscount[0][0]).toEqual({ code: 'DEMO10', url: 'demo', tickets: [{ ticket_id: 1, cantidad: 1 }] });
    expect(checkout).toMatchObject({ discountStatus: 'success', code: 'DEMO10', amount: 346.5, comission: 31.5 });
    checkout.setDiscountInput('OTHER');
    expect(checkout.discountInput).toBe('DEMO10'); // locked while a code is set
    expect(checkout.summary).toMatchObject({ discountCodeCents: 3500, serviceChargeCents: 3150, totalCents: 34_650, fromServer: true });
  });

  it('reports an unknown code as not found', async () => {
    const { root } = await loaded({ verifyDiscount: new ApiError(404, 'Código no válido') });
    root.checkout.setTicketQuantity(1, 1);
    root.checkout.setDiscountInput('NOPE');
    expect(await root.actions.verifyDiscount()).toBe(false);
    expect(root.checkout).toMatchObject({ discountStatus: 'error', discountErrorKey: 'errors:discount.notFound' });
  });

  it('requires every product option before submitting products', async () => {
    const updated = { productos: [{ id: 10, nombre: 'Playera', cantidad: 2, precio: 250, opciones: { talla: 'M' } }], isFormRequiered: true, amount: 385, amountProductos: 500, comission: 85, amountOutDiscount: 435, amountDiscount: 0 };
    const { root, calls } = await loaded({ updateProducts: updated });
    root.checkout.setTicketQuantity(1, 1);
    await root.actions.createPurchase(null);
    root.checkout.setProductQuantity(10, 2);
    expect(await root.actions.submitProducts()).toBe('invalid');
    expect([...root.checkout.missingProductOptions.keys()]).toEqual([10]);
    root.checkout.setProductOption(10, 'talla', 'M');
    expect(await root.actions.submitProducts()).toBe('ok');
    expect(calls.updateProducts[0]).toEqual(['p-1', [{ id: 10, cantidad: 2, opciones: { talla: 'M' } }]]);
    expect(root.checkout.summary).toMatchObject({ totalCents: 88_500, fromServer: true });
  });

  it('restores a saved purchase after a refresh, and forgets an expired one', async () => {
    const reload = {
      purchase_id: 'p-1', url: 'demo', tickets: [{ ticket_id: 1, cantidad: 1, price: 350, name: 'General' }], productos: [],
      amounts: { amount: 385, comission: 35, amountOutDiscount: 385, amountDiscount: 0, amountProductos: 0 },
      expires_at: '2030-01-01T00:00:00.000Z', code: null, buyer_info: null, emission_id: null, isFormRequiered: true, form_completed: false,
    };
    const { root, sessionStorage } = await loaded({ getPurchase: { status: 'held', reload } });
    sessionStorage.setItem('purchase', JSON.stringify({ purchase_id: 'p-1', url: 'demo' }));
    await root.actions.restorePurchase('demo');
    expect(root.checkout).toMatchObject({ purchaseId: 'p-1', restoreStatus: 'done' });
    expect(root.checkout.flowContext).toMatchObject({ hasTickets: true, hasPurchase: true, formRequired: true });

    const expired = await loaded({ getPurchase: new ApiError(410, 'La reserva expiró') });
    expired.sessionStorage.setItem('purchase', JSON.stringify({ purchase_id: 'p-1', url: 'demo' }));
    await expired.root.actions.restorePurchase('demo');
    expect(expired.root.checkout.purchaseId).toBeNull();
    expect(expired.sessionStorage.getItem('purchase')).toBeNull();
    expect(expired.notifications[0]).toMatchObject({ variant: 'warning', messageKey: 'errors:holdExpired' });
  });

  it('ignores a saved purchase of another event', async () => {
    const { root, calls, sessionStorage } = await loaded();
    sessionStorage.setItem('purchase', JSON.stringify({ purchase_id: 'p-1', url: 'other' }));
    await root.actions.restorePurchase('demo');
    expect(calls.getPurchase).toHaveLength(0);
    expect(root.checkout.restoreStatus).toBe('done');
  });
});
