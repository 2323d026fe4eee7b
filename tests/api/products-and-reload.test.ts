import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('products, reload and expiry of a purchase', () => {
  let t: TestApp;
  const keys = new Map<string, string>();
  const create = async (tickets: { ticket_id: number; cantidad: number }[], code: string | null = null) => {
    const created = body(await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', code, token: await t.botToken(), tickets } }));
    keys.set(created.purchase_id, created.access_key);
    return created;
  };
  /** The buyer's access key, which every change to a purchase needs. */
  const keyed = (purchaseId: string) => ({ 'x-purchase-key': keys.get(purchaseId) ?? '' });
  const putProducts = (purchase_id: string, productos: unknown[]) =>
    t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', payload: { purchase_id, productos }, headers: keyed(purchase_id) });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('holds products, reprices the order and says whether a form follows', async () => {
    const purchase = await create([{ ticket_id: 2, cantidad: 1 }]);
    // VIP 1200 + fee 120; products: 2 × 250 + 1 × 99.99 = 599.99 → truncated 599; product fee 59.90
    const res = await putProducts(purchase.purchase_id, [
      { id: 1, cantidad: 2, opciones: { talla: 'M' }, precio: 1 },
      { id: 2, cantidad: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      productos: [
        { id: 1, nombre: 'Playera', cantidad: 2, precio: 250, opciones: { talla: 'M' } },
        { id: 2, nombre: 'Gorra', cantidad: 1, precio: 99.99, opciones: {} },
      ],
      isFormRequiered: false,
      amount: 1379.9, comission: 179.9, amountOutDiscount: 1379.9, amountDiscount: 0, amountProductos: 599,
    });
    // Product stock is held: 3 playeras in stock, 2 held.
    expect(body(await t.app.inject('/api/event/prueba-api')).productos[0].maximo).toBe(1);
  });

  it('replaces the products on every update and accepts purchaseId as the id field', async () => {
    const purchase = await create([{ ticket_id: 1, cantidad: 1 }]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', payload: { purchaseId: purchase.purchase_id, productos: [{ id: 1, cantidad: 1, opciones: { talla: 'S' } }] }, headers: keyed(purchase.purchase_id) });
    expect(body(res)).toMatchObject({ isFormRequiered: true, amountProductos: 250 });
    const cleared = body(await putProducts(purchase.purchase_id, []));
    expect(cleared).toMatchObject({ productos: [], amountProductos: 0, amount: 385 });
  });

  it.each([
    ['a missing required option', [{ id: 1, cantidad: 1 }], /Talla/],
    ['an option value not offered', [{ id: 1, cantidad: 1, opciones: { talla: 'XXL' } }], /Talla/],
    ['an unknown product', [{ id: 9, cantidad: 1 }], /no existe/],
    ['more than in stock', [{ id: 1, cantidad: 5, opciones: { talla: 'L' } }], /ya no está disponible/],
    ['a negative quantity', [{ id: 2, cantidad: -2 }], /mayor o igual a 0/],
  ])('refuses %s with a mensaje', async (_name, productos, message) => {
    const purchase = await create([{ ticket_id: 1, cantidad: 1 }]);
    const res = await putProducts(purchase.purchase_id, productos);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res).mensaje).toMatch(message);
  });

  it('restores everything a page refresh needs', async () => {
    const purchase = await create([{ ticket_id: 1, cantidad: 4 }], 'DEMO10');
    await putProducts(purchase.purchase_id, [{ id: 2, cantidad: 2 }]);
    const res = await t.app.inject({ url: `/api/payments/purchase/${purchase.purchase_id}`, headers: { 'x-purchase-key': purchase.access_key } });
    expect(res.statusCode).toBe(200);
    const { status, reload } = body(res);
    expect(status).toBe('held');
    expect(reload).toMatchObject({
      purchase_id: purchase.purchase_id,
      url: 'prueba-api',
      tickets: [{ ticket_id: 1, cantidad: 4, price: 350, name: 'General', md_quantity: 10, md_ispercentage: true, md_minimum: 4 }],
      productos: [{ id: 2, cantidad: 2, nombre: 'Gorra', precio: 99.99 }],
      code: 'DEMO10',
      expires_at: purchase.expiresTickets,
      buyer_info: null,
      emission_id: null,
      isFormRequiered: true,
      form_completed: false,
    });
    // Tickets 1247.40 (see new-purchase test) + product fee 19.90; products 199.98 → 199
    expect(reload.amounts).toEqual({ amount: 1267.3, comission: 133.3, amountOutDiscount: 1405.9, amountDiscount: 126, amountProductos: 199 });
  });

  it('answers 410 once the hold ran out, for reads and for changes', async () => {
    const purchase = await create([{ ticket_id: 1, cantidad: 1 }]);
    t.advance(15 * 60_000 + 1);
    const reload = await t.app.inject({ url: `/api/payments/purchase/${purchase.purchase_id}`, headers: { 'x-purchase-key': purchase.access_key } });
    expect(reload.statusCode).toBe(410);
    expect(body(reload).mensaje).toMatch(/terminó/);
    const change = await putProducts(purchase.purchase_id, [{ id: 2, cantidad: 1 }]);
    expect(change.statusCode).toBe(410);
  });

  it('answers 404 for an unknown purchase', async () => {
    const res = await t.app.inject('/api/payments/purchase/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(body(res).mensaje).toBe('No encontramos la compra.');
  });
});
