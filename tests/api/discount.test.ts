import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('POST /api/payments/verify-discount', () => {
  let t: TestApp;
  const verify = (code: string, tickets: { ticket_id: number; cantidad: number }[]) =>
    t.app.inject({ method: 'POST', url: '/api/payments/verify-discount', payload: { url: 'prueba-api', code, tickets } });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('prices the tickets with the code, in any letter case', async () => {
    // 2 × 350 = 700; 10 % = 70 → 630; fee 63 → 693; without the code 770
    const res = await verify('demo10', [{ ticket_id: 1, cantidad: 2 }]);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 'DEMO10', amount: 693, amountOutDiscount: 770, amountDiscount: 70, comission: 63 });
  });

  it('applies a fixed code only to its ticket types', async () => {
    // General 350 − 50 = 300, VIP 1200 untouched → 1500 + 150 fee
    const data = body(await verify('MENOS50', [{ ticket_id: 1, cantidad: 1 }, { ticket_id: 2, cantidad: 1 }]));
    expect(data).toMatchObject({ amountDiscount: 50, amount: 1650 });
  });

  it.each([
    ['an unknown code', 'NADA', [{ ticket_id: 1, cantidad: 1 }], 404, 'No se ha encontrado el codigo de descuento.'],
    ['a code not valid yet', 'FUTURO', [{ ticket_id: 1, cantidad: 1 }], 422, 'El código de descuento todavía no es válido.'],
    ['an expired code', 'VENCIDO', [{ ticket_id: 1, cantidad: 1 }], 422, 'El código de descuento ya expiró.'],
    ['a code for other tickets', 'SOLOVIP', [{ ticket_id: 1, cantidad: 1 }], 422, 'El código de descuento no aplica a las entradas elegidas.'],
    ['an empty code', '  ', [{ ticket_id: 1, cantidad: 1 }], 400, 'Introduce un código de descuento valido.'],
    ['an empty cart', 'DEMO10', [], 400, 'Agrega entradas a tu carrito para continuar.'],
  ])('refuses %s with a mensaje', async (_name, code, tickets, status, mensaje) => {
    const res = await verify(code, tickets);
    expect(res.statusCode).toBe(status);
    expect(body(res).mensaje).toBe(mensaje);
  });

  it('refuses a code whose uses are taken by held or paid purchases, and frees it when the hold expires', async () => {
    const token = await t.botToken();
    const held = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', code: 'MENOS50', token, tickets: [{ ticket_id: 1, cantidad: 1 }] } });
    expect(held.statusCode).toBe(200);
    const res = await verify('MENOS50', [{ ticket_id: 1, cantidad: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(body(res).mensaje).toBe('El código de descuento ya se usó el máximo de veces.');
    t.advance(16 * 60_000);
    expect((await verify('MENOS50', [{ ticket_id: 1, cantidad: 1 }])).statusCode).toBe(200);
  });
});
