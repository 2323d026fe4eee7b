import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { eventWithDetails, payWithFintoc } from '../wallet/helpers';
import { attachments, buyer, createPaymentsApp, eventually, mailHeader, mailText, mimeParts, type PaymentsTestApp } from './helpers';

const PUBLIC = 'https://boletos.example.mx';
const HOSTILE_NAME = 'Ana <script>alert(1)</script> "><img src=x onerror=alert(2)>';

/** The content type of every leaf part, in the order of the message, and the nesting of the multiparts. */
const contentTypes = (eml: string) => [...eml.matchAll(/^Content-Type:\s*([^;\r\n]+)/gim)].map((m) => m[1].toLowerCase());

/**
 * One real outbox send, as the test mailer writes it: a multipart/alternative of the text and the
 * HTML (the same words, the buyer's language, every buyer-typed value escaped), the calendar as
 * `text/calendar; method=PUBLISH; charset=UTF-8`, the PDF attached, and `Content-Language`.
 */
describe.skipIf(skipDatabase)('the e-mail a buyer reads: text and HTML parts, language, calendar', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: PUBLIC });
    await t.importEvent(eventWithDetails);
  });
  afterAll(() => t.close());

  const mailOf = async (purchaseId: string) => {
    await eventually(() => t.mails().some((m) => m.path.endsWith(`tickets-${purchaseId}.eml`)));
    return t.mails().find((m) => m.path.endsWith(`tickets-${purchaseId}.eml`))!.text;
  };
  const part = (eml: string, type: string) => mimeParts(eml).find((p) => new RegExp(`^Content-Type:\\s*${type}`, 'im').test(p.headers))!;

  it('a paid purchase: text and HTML alternatives with the same words, an escaped buyer name, the link as a button, the calendar and the PDF', async () => {
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer({ name: HOSTILE_NAME }));
    const eml = await mailOf(paid.id);

    expect(mailHeader(eml, 'Content-Language')).toBe('es');
    expect(mailHeader(eml, 'Subject')).toBe('Tus boletos para Concierto de Prueba');
    expect(contentTypes(eml)).toEqual(['multipart/mixed', 'multipart/alternative', 'text/plain', 'text/html', 'text/calendar', 'application/pdf', 'text/calendar']);

    const text = mailText(eml);
    const html = part(eml, 'text/html').content;
    expect(text).toContain('Tu pago fue aprobado.');
    expect(html).toContain('Tu pago fue aprobado.');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/<html[^>]* lang="es"/);
    // The buyer's name is text in the HTML, never markup.
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(/<script|<img|<link/i);
    // The thank-you link with its key is the button.
    const link = new RegExp(`href="${PUBLIC}/pagos-api/order#purchase_id=${paid.id}&amp;key=[A-Za-z0-9_-]{43}"`).exec(html);
    expect(link).not.toBeNull();
    expect(html).toContain(`Número de compra: ${paid.id}`);
    expect(html).toContain('Foro Sol, Viaducto Río de la Piedad s/n, CDMX');

    const calendarParts = mimeParts(eml).filter((p) => /^Content-Type:\s*text\/calendar/im.test(p.headers));
    expect(calendarParts).toHaveLength(2);
    for (const calendar of calendarParts) {
      expect(calendar.headers).toMatch(/Content-Type:\s*text\/calendar; method=PUBLISH; charset=UTF-8/i);
      expect(calendar.content.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(calendar.content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    }
    const files = attachments(eml);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([[`compra_${paid.id}.pdf`, 'application/pdf'], ['evento.ics', 'text/calendar']]);
    expect(files[1].content.toString('utf8')).toBe(calendarParts[0].content);
  });

  it('a free registration in English: "registration confirmed", never "payment approved", in both parts', async () => {
    const id = await t.purchase([{ ticket_id: 4, cantidad: 1 }]);
    const headers = t.keyed(id);
    const { secretuuid } = body(await t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id: id, buyer_info: buyer({ lang: 'en' }), token: await t.botToken('validate_free_access') }, headers }));
    await t.app.inject({ method: 'POST', url: '/api/payments/free/loader-process', payload: { token: secretuuid, g_token: await t.botToken('validate_free_access_loader') }, headers });
    const eml = await mailOf(id);

    expect(mailHeader(eml, 'Content-Language')).toBe('en');
    expect(mailHeader(eml, 'Subject')).toBe('Registration confirmed: your tickets for Concierto de Prueba');
    const text = mailText(eml);
    const html = part(eml, 'text/html').content;
    expect(html).toMatch(/<html[^>]* lang="en"/);
    for (const words of [text, html]) {
      expect(words).toContain('Registration confirmed.');
      expect(words).not.toMatch(/payment was approved|pago fue aprobado/i);
    }
  });
});
