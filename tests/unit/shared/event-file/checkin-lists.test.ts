import { describe, expect, it } from 'vitest';
import { validateEventFile } from '../../../../src/shared/event-file/validate-event-file';

const file = (checkin_lists: unknown) => ({
  url: 'mi-evento',
  event: { name: 'Mi evento', config: { metodo_pago_free: true } },
  tickets: [
    { id: 1, name: 'General', price: 0, minimum: 1, maximum: 10, capacity: 100 },
    { id: 2, name: 'VIP', price: 0, minimum: 1, maximum: 4, capacity: 10 },
  ],
  checkin_lists,
});

async function problems(lists: unknown, lang: 'es' | 'en' = 'es') {
  const result = await validateEventFile(file(lists), lang);
  return result.valid ? [] : result.problems;
}

describe('event file: checkin_lists', () => {
  it('accepts lists with ticket types, a window and re-entry', async () => {
    expect(await problems([
      { id: 'general', name: 'Puerta A' },
      { id: 'vip', name: 'VIP', ticket_types: [2], opens_at: '2026-12-05T18:00:00-06:00', closes_at: '2026-12-06T02:00:00-06:00', allow_reentry: true },
    ])).toEqual([]);
  });

  it('says in es and en: a repeated id, an unknown ticket type, a window that closes before it opens, a bad id', async () => {
    const lists = [
      { id: 'vip', name: 'VIP', ticket_types: [2, 9] },
      { id: 'vip', name: 'Otra', opens_at: '2026-12-05T20:00:00-06:00', closes_at: '2026-12-05T19:00:00-06:00' },
      { id: 'Puerta A', name: 'x' },
    ];
    const es = await problems(lists);
    expect(es).toEqual(expect.arrayContaining([
      { pointer: '/checkin_lists/0/ticket_types/1', message: 'no existe un boleto con id 9 en este archivo; la lista de acceso no lo puede admitir' },
      { pointer: '/checkin_lists/1/id', message: 'el id "vip" ya lo usa otra lista de acceso' },
      { pointer: '/checkin_lists/1/closes_at', message: 'closes_at (2026-12-05T19:00:00-06:00) debe ser posterior a opens_at (2026-12-05T20:00:00-06:00)' },
    ]));
    expect(es.map((p) => p.pointer)).toContain('/checkin_lists/2/id');
    const en = await problems(lists, 'en');
    expect(en).toEqual(expect.arrayContaining([{ pointer: '/checkin_lists/1/id', message: 'the id "vip" is already used by another check-in list' }]));
  });
});
