import { describe, expect, it } from 'vitest';
import { eventCalendar, hasCalendarTime } from '../../../../src/server/fulfilment/event-calendar';

/** The unfolded `NAME:value` lines of a calendar (RFC 5545 folds long lines with CRLF + space). */
function lines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
}
const prop = (ics: string, name: string) => lines(ics).find((line) => line.split(/[:;]/)[0] === name)?.slice(name.length + 1);

describe('eventCalendar', () => {
  const input = {
    uid: 'event-7@boletos.example.mx',
    title: 'Festival Marea Sonora 2026; día 1, noche',
    startsAt: '2026-03-14T16:00:00-06:00',
    endsAt: '2026-03-15T02:00:00-06:00',
    venue: { name: 'Parque Bicentenario', address: 'Av. 5 de Mayo 290, CDMX', latitude: 19.4705, longitude: -99.2046 },
    url: 'https://boletos.example.mx/demo',
  };

  it('is one published VEVENT with the times in UTC, the venue, its coordinates and the storefront link', () => {
    const ics = eventCalendar(input);
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all.at(-1)).toBe('END:VCALENDAR');
    expect(all.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(prop(ics, 'METHOD')).toBe('PUBLISH');
    expect(prop(ics, 'UID')).toBe('event-7@boletos.example.mx');
    expect(prop(ics, 'DTSTART')).toBe('20260314T220000Z');
    expect(prop(ics, 'DTEND')).toBe('20260315T080000Z');
    // Text values are escaped by the library (`,` and `;` are separators in iCalendar).
    expect(prop(ics, 'SUMMARY')).toBe('Festival Marea Sonora 2026\\; día 1\\, noche');
    expect(prop(ics, 'LOCATION')).toBe('Parque Bicentenario\\, Av. 5 de Mayo 290\\, CDMX');
    expect(prop(ics, 'GEO')).toBe('19.4705;-99.2046');
    expect(prop(ics, 'URL')).toBe('https://boletos.example.mx/demo');
    expect(prop(ics, 'DESCRIPTION')).toContain('https://boletos.example.mx/demo');
    // Every physical line stays within 75 octets.
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('ends an event without an end at its start, and leaves out a venue it does not know', () => {
    const ics = eventCalendar({ ...input, endsAt: null, venue: null });
    expect(prop(ics, 'DTEND')).toBe(prop(ics, 'DTSTART'));
    expect(prop(ics, 'LOCATION')).toBeUndefined();
    expect(prop(ics, 'GEO')).toBeUndefined();
  });

  it('knows when there is a time to put in a calendar', () => {
    expect(hasCalendarTime('2026-03-14T16:00:00-06:00')).toBe(true);
    expect(hasCalendarTime(null)).toBe(false);
    expect(hasCalendarTime('someday')).toBe(false);
  });
});

describe('eventCalendar line folding (RFC 5545 §3.1)', () => {
  it('folds long lines with accented characters at 75 octets without splitting a UTF-8 sequence', () => {
    const title = `Gran Función de Ópera «La Traviata» — Compañía Nacional de Ópera de México, día ${'ñ'.repeat(40)} 🎭🎶 ${'é🎟️'.repeat(20)}`;
    const venue = { name: 'Teatro de la Ciudad Esperanza Iris, Sala Principal «Ángeles»', address: 'Donceles 36, Centro Histórico de la Ciudad de México, Cuauhtémoc, 06000 Ciudad de México' };
    const ics = eventCalendar({ uid: 'event-9@boletos.example.mx', title, startsAt: '2026-03-14T16:00:00-06:00', endsAt: null, venue, url: null });
    const physical = ics.split('\r\n');
    expect(physical.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    // A fold never falls inside a character: no replacement character, no half of a surrogate pair.
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(physical.filter((line) => line.includes('\uFFFD') || loneSurrogate.test(line))).toEqual([]);
    // Unfolding gives back the values whole.
    expect(prop(ics, 'SUMMARY')).toBe(title.replace(/,/g, '\\,'));
    expect(prop(ics, 'LOCATION')).toBe(`${venue.name}, ${venue.address}`.replace(/,/g, '\\,'));
  });
});
