import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { attachments, buyer, createPaymentsApp, eventually, mailText, pdfText, type PaymentsTestApp } from './helpers';

/** A right-to-left override, zero-width and bidi-isolate characters and a NUL around each text. */
const dirty = (text: string) => `\u202E${text}\u200B\u0000\u2066\uFEFF`;
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/;

/**
 * Names and event texts are shown on the tickets' PDF, in the e-mail, on the pass page and in
 * the calendar file. Characters that reorder or hide text (a right-to-left override turns
 * "López" into "zepóL"), and control characters, are removed where such text comes in: the
 * buyer's and attendees' answers, and the event file on import.
 */
describe.skipIf(skipDatabase)('invisible and control characters in names and event texts', () => {
  let t: PaymentsTestApp;
  let purchaseId: string;

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent({ ...fixture, event: { ...fixture.event, name: dirty('Concierto de Prueba'), starts_at: '2026-12-05T20:00:00-06:00', venue: { name: dirty('Foro Sol'), address: 'Viaducto\u202E 1\n2' } } });
    purchaseId = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    await t.fillForm(purchaseId, [dirty('Ana López')]);
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: purchaseId, buyer_info: buyer({ name: dirty('Berta Ruiz') }) }, headers: t.keyed(purchaseId) }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: purchaseId }, headers: t.keyed(purchaseId) });
    await eventually(() => t.mails().some((m) => m.text.includes(purchaseId)));
  });
  afterAll(() => t.close());

  it('stores the attendee and buyer names clean (what the PDF, e-mail and pass read)', async () => {
    const [row] = await t.rows('purchases', 'id', purchaseId);
    expect(JSON.parse(row.form_json)[1][0].nombre).toBe('Ana López');
    expect(JSON.parse(row.buyer_info_json).name).toBe('Berta Ruiz');
  });

  it('sends an e-mail and a PDF without them', () => {
    const eml = t.mails().find((m) => m.text.includes(purchaseId))!.text;
    // The e-mail's own line ends are CRLF.
    const text = mailText(eml).replace(/\r\n/g, '\n');
    expect(text).toContain('Concierto de Prueba');
    expect(text).not.toMatch(INVISIBLE);
    // pdftotext ends each page with a form feed.
    const pdf = pdfText(attachments(eml)[0].content).text.replace(/\f/g, '');
    expect(pdf).toContain('Ana López');
    expect(pdf).not.toMatch(INVISIBLE);
  });

  it('serves the event page and calendar file without them, keeping line breaks where text may have them', async () => {
    expect(body(await t.app.inject('/api/event/pagos-api')).event.name).toBe('Concierto de Prueba');
    const ics = (await t.app.inject('/api/event/pagos-api/calendar.ics')).body;
    expect(ics).toContain('Concierto de Prueba');
    expect(ics).toContain('Foro Sol');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(INVISIBLE);
  });
});
