import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import fixture from '../fixtures/pagos-api.event.json';
import { attachments, mimeParts } from '../payments/helpers';
import { buyer, createPaymentsApp, eventWithDetails, payWithFintoc, type PaymentsTestApp } from './helpers';

/** The properties of the one VEVENT of a calendar, unfolded (RFC 5545 §3.1), by name. */
function vevent(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const start = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  return Object.fromEntries(lines.slice(start + 1, end).map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).split(';')[0], line.slice(colon + 1)];
  }));
}

describe.skipIf(skipDatabase)('calendar invitations', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx' });
  });
  afterAll(() => t.close());

  it('the tickets e-mail of an event with starts_at carries a text/calendar; method=PUBLISH part and the same .ics attached', async () => {
    await t.importEvent(eventWithDetails);
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer({ email: 'calendar@example.mx' }));
    const eml = t.mails().find((m) => m.text.includes(paid.id))!.text;

    const calendarPart = mimeParts(eml).find((part) => /Content-Type:\s*text\/calendar/i.test(part.headers))!;
    expect(calendarPart.headers).toMatch(/method=PUBLISH/i);
    const ics = calendarPart.content;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics).toContain('\r\nMETHOD:PUBLISH\r\n');
    const event = vevent(ics);
    expect(event.SUMMARY).toBe('Concierto de Prueba');
    // 20:00 at -06:00 is 02:00 UTC the next day.
    expect(event.DTSTART).toBe('20261206T020000Z');
    expect(event.DTEND).toBe('20261206T073000Z');
    expect(event.LOCATION).toBe('Foro Sol\\, Viaducto Río de la Piedad s/n\\, CDMX');
    expect(event.GEO).toBe('19.4055;-99.0927');
    expect(event.URL).toBe('https://boletos.example.mx/pagos-api');
    expect(event.UID).toMatch(/^event-\d+-pagos-api@/);

    const files = attachments(eml);
    expect(files.map((f) => f.contentType).sort()).toEqual(['application/pdf', 'text/calendar']);
    expect(files.find((f) => f.contentType === 'text/calendar')!.content.toString('utf8').trimEnd()).toBe(ics.trimEnd());
  });

  it('an event without starts_at: no calendar in the e-mail', async () => {
    await t.importEvent(fixture);
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer({ email: 'nodate@example.mx' }));
    const eml = t.mails().find((m) => m.text.includes(paid.id))!.text;
    expect(eml).not.toMatch(/text\/calendar|application\/ics/i);
  });

  it('GET /api/event/{url}/calendar.ics answers the same event, or 404 while it has no date', async () => {
    const missing = await t.app.inject({ url: '/api/event/pagos-api/calendar.ics' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ mensaje: 'El evento aún no tiene fecha para agregarlo a un calendario.', code: 'EVENT_DATE_UNKNOWN' });
    expect(body(await t.app.inject({ url: '/api/event/no-such-event/calendar.ics' })).code).toBe('EVENT_NOT_FOUND');
    // Longer than the router's parameter limit.
    expect((await t.app.inject({ url: `/api/event/${'x'.repeat(200)}/calendar.ics` })).statusCode).toBe(414);

    await t.importEvent(eventWithDetails);
    const res = await t.app.inject({ url: '/api/event/pagos-api/calendar.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagos-api.ics"');
    const event = vevent(res.body);
    expect(event.DTSTART).toBe('20261206T020000Z');
    expect(event.URL).toBe('https://boletos.example.mx/pagos-api');
  });
});
