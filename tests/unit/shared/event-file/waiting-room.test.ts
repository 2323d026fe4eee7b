import { describe, expect, it } from 'vitest';
import { validateEventFile } from '../../../../src/shared/event-file/validate-event-file';

const file = (waiting_room: unknown) => ({
  url: 'mi-evento',
  event: { name: 'Mi evento', config: { metodo_pago_free: true } },
  tickets: [{ id: 1, name: 'General', price: 0, minimum: 1, maximum: 10, capacity: 100 }],
  waiting_room,
});

async function problems(room: unknown, lang: 'es' | 'en' = 'es') {
  const result = await validateEventFile(file(room), lang);
  return result.valid ? [] : result.problems;
}

describe('event file: waiting_room', () => {
  it('accepts each mode with its own keys', async () => {
    expect(await problems({ mode: 'scheduled', opens_at: '2026-12-05T10:00:00-06:00', admit_per_minute: 1000, session_minutes: 10 })).toEqual([]);
    expect(await problems({ mode: 'always', admit_per_minute: 50 })).toEqual([]);
    expect(await problems({ mode: 'auto', auto_held_units: 200 })).toEqual([]);
    expect(await problems({ mode: 'off' })).toEqual([]);
  });

  it('says in es and en: scheduled without opens_at, a key of another mode, an unknown mode', async () => {
    expect(await problems({ mode: 'scheduled' })).toEqual([{ pointer: '/waiting_room', message: 'el modo scheduled de la sala de espera necesita opens_at' }]);
    expect(await problems({ mode: 'always', opens_at: '2026-12-05T10:00:00-06:00' }, 'en')).toEqual([
      { pointer: '/waiting_room/opens_at', message: "opens_at applies only to the waiting room's scheduled mode (here it is always)" },
    ]);
    expect(await problems({ mode: 'auto' }, 'en')).toEqual([{ pointer: '/waiting_room', message: "the waiting room's auto mode needs auto_held_units" }]);
    expect((await problems({ mode: 'sometimes' })).map((p) => p.pointer)).toContain('/waiting_room/mode');
  });
});
