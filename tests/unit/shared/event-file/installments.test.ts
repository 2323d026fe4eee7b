import { describe, expect, it } from 'vitest';
import { validateEventFile } from '../../../../src/shared/event-file/validate-event-file';

const file = (installments: unknown, config: Record<string, unknown> = { metodo_pago_mercadopago_tarjetas: true }) => ({
  url: 'mi-evento',
  event: { name: 'Mi evento', config },
  tickets: [{ id: 1, name: 'General', price: 1500, minimum: 1, maximum: 10, capacity: 100 }],
  installments,
});

async function problems(installments: unknown, config?: Record<string, unknown>, lang: 'es' | 'en' = 'es') {
  const result = await validateEventFile(file(installments, config), lang);
  return result.valid ? [] : result.problems;
}

describe('event file: installments', () => {
  it('accepts the rules on an event with a card method, and their absence', async () => {
    expect(await problems({ enabled: true, min_amount: 1500, max_months: 12, interest_free_only: true })).toEqual([]);
    expect(await problems({ enabled: false }, { metodo_pago_free: true })).toEqual([]);
    expect(await problems(undefined)).toEqual([]);
  });

  it('refuses enabled instalments without a card method, in es and en', async () => {
    expect(await problems({ enabled: true }, { metodo_pago_paypal: true })).toEqual([
      { pointer: '/installments/enabled', message: 'los meses sin intereses solo se ofrecen con tarjeta: activa metodo_pago_mercadopago_tarjetas, metodo_pago_stripe_tarjeta en event.config' },
    ]);
    expect(await problems({ enabled: true }, { metodo_pago_paypal: true }, 'en')).toEqual([
      { pointer: '/installments/enabled', message: 'instalments are only offered on card payments: turn on metodo_pago_mercadopago_tarjetas, metodo_pago_stripe_tarjeta in event.config' },
    ]);
  });

  it('refuses a minimum with fractions of a centavo, one month, an unknown key, a missing enabled', async () => {
    expect((await problems({ enabled: true, min_amount: 1500.005 })).map((p) => p.pointer)).toEqual(['/installments/min_amount']);
    expect((await problems({ enabled: true, max_months: 1 })).map((p) => p.pointer)).toEqual(['/installments/max_months']);
    expect((await problems({ enabled: true, months: 6 })).length).toBe(1);
    expect((await problems({ max_months: 6 })).length).toBe(1);
  });
});
