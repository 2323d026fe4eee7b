import { describe, expect, it } from 'vitest';
import { eventWhen, venueLine } from '../../../../src/server/fulfilment/event-when';
import { hexToRgb, passColours } from '../../../../src/server/wallet/pass-colours';

describe('the event date line, on the event\'s own clock', () => {
  it('says the wall-clock time the file wrote, whatever its offset', () => {
    expect(eventWhen('2026-12-05T20:00:00-06:00', null, 'es')).toBe('sábado, 5 de diciembre de 2026, 20:00 h');
    expect(eventWhen('2026-12-05T20:00:00+09:00', null, 'en')).toBe('Saturday, December 5, 2026, 8:00 PM');
  });

  it('an end within a day: only its time; later: its date too; none without a start', () => {
    expect(eventWhen('2026-12-05T20:00:00-06:00', '2026-12-06T01:30:00-06:00', 'es')).toBe('sábado, 5 de diciembre de 2026, 20:00 h – 01:30 h');
    expect(eventWhen('2026-12-05T10:00:00-06:00', '2026-12-07T18:00:00-06:00', 'en')).toBe('Saturday, December 5, 2026, 10:00 AM – Monday, December 7, 2026, 6:00 PM');
    expect(eventWhen(null, '2026-12-07T18:00:00-06:00', 'es')).toBeNull();
  });

  it('the venue as one line', () => {
    expect(venueLine({ name: 'Foro Sol', address: 'Viaducto s/n' })).toBe('Foro Sol, Viaducto s/n');
    expect(venueLine({ name: 'Foro Sol' })).toBe('Foro Sol');
    expect(venueLine(null)).toBeNull();
  });
});

describe('pass colours', () => {
  it('#rrggbb → rgb(), each missing one from the storefront theme', () => {
    expect(hexToRgb('#1F4fbf')).toBe('rgb(31, 79, 191)');
    expect(passColours({ label: '#000000' })).toEqual({ background: 'rgb(31, 79, 191)', foreground: 'rgb(255, 255, 255)', label: 'rgb(0, 0, 0)' });
  });
});
