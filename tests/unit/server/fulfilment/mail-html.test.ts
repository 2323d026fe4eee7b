import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, mailHtml } from '../../../../src/server/fulfilment/mail-html';
import { mailPlainText, renderMail } from '../../../../src/server/fulfilment/mail-message';
import { cancelledMail, invoiceMail, orderLinkMail, refundMail, ticketsMail, waitingConfirmMail, waitingOfferMail, type MailWords } from '../../../../src/server/fulfilment/mail-texts';

const HOSTILE = 'Ana <script>alert(1)</script> "><img src=x onerror=alert(2)> \'%%0%%\' & co';
const tickets = (lang: 'es' | 'en', extra: Partial<Parameters<typeof ticketsMail>[1]> = {}) =>
  ticketsMail(lang, {
    eventName: 'Festival Marea Sonora', when: 'sábado 14 de marzo de 2026, 16:00', venue: 'Parque Bicentenario, CDMX', buyerName: 'Ana López',
    purchaseId: 'p-123', count: 2, ticketsUrl: 'https://boletos.example.mx/marea/payment-status#purchase_id=p-123&key=k', seats: ['A-1', 'A-2'], ...extra,
  });

/** Every kind of e-mail, in both languages. */
const everyMail: [string, MailWords][] = (['es', 'en'] as const).flatMap((lang) => [
  [`tickets ${lang}`, tickets(lang)],
  [`free registration ${lang}`, tickets(lang, { free: true, seats: [], when: null, venue: null, ticketsUrl: null })],
  [`refund ${lang}`, refundMail(lang, { eventName: 'Festival', buyerName: 'Ana', purchaseId: 'p-1', amountCents: 150_000, currency: 'MXN', reason: 'sold_out' })],
  [`cancelled ${lang}`, cancelledMail(lang, { eventName: 'Festival', buyerName: 'Ana', purchaseId: 'p-1', reason: 'organiser', note: 'Lluvia', refunding: true })],
  [`order link ${lang}`, orderLinkMail(lang, { eventName: 'Festival', buyerName: 'Ana', purchaseId: 'p-1', orderUrl: 'https://boletos.example.mx/festival/order#k' })],
  [`invoice ${lang}`, invoiceMail(lang, { eventName: 'Festival', buyerName: 'Ana', purchaseId: 'p-1', uuid: '6F1D2A3B-0000-4000-8000-000000000001', credit: false })],
  [`credit note ${lang}`, invoiceMail(lang, { eventName: 'Festival', buyerName: 'Ana', purchaseId: 'p-1', uuid: '6F1D2A3B-0000-4000-8000-000000000002', credit: true })],
  [`waiting-list confirmation ${lang}`, waitingConfirmMail(lang, { eventName: 'Festival', ticketName: 'General', quantity: 2, reference: 'w-1', confirmUrl: 'https://boletos.example.mx/festival/waiting-list#key=k' })],
  [`waiting-list offer ${lang}`, waitingOfferMail(lang, { eventName: 'Festival', ticketName: 'General', quantity: 1, reference: 'w-1', until: '5 dic 2026, 20:00', offerUrl: 'https://boletos.example.mx/festival/offer#purchase_id=p-1&key=k' })],
] as [string, MailWords][]);

/** The opening tags of the body that carry content or layout (rows, table bodies and Outlook's conditional wrapper tables aside). */
const contentTags = (html: string) => [...html.slice(html.indexOf('<body')).replace(/<!--\[if mso \| IE\]>[\s\S]*?<!\[endif\]-->/g, '').matchAll(/<(div|td|table|a|p|span|h[1-6])\b[^>]*>/gi)].map((m) => m[0]);

describe('the HTML part of every e-mail (MJML layout)', () => {
  // The first render starts the worker thread, which loads tsx and MJML: seconds on a busy machine, once.
  beforeAll(async () => {
    const started = performance.now();
    await mailHtml(tickets('es'));
    console.log(`e-mail HTML: worker started and first layout compiled in ${(performance.now() - started).toFixed(0)} ms`);
  }, 60_000);

  it.each(everyMail)('%s: the same words as the text part, in an HTML document of its language, inline styles only', async (_, words) => {
    const { text, html, lang, subject } = await renderMail(words);
    expect(lang).toBe(words.lang);
    expect(subject).toBe(words.subject);
    // The HTML's header is the event's name, which the subject carries for the text part.
    expect(subject).toContain(words.heading);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${words.lang}"`));
    expect(html).toContain(escapeHtml(words.heading));
    for (const line of [words.greeting, ...words.paragraphs, ...words.facts.flatMap((f) => [f.label, f.value]), words.footer]) {
      expect(text).toContain(line);
      expect(html).toContain(escapeHtml(line));
    }
    // What mail clients drop or refuse: external style sheets, imported CSS, scripts, remote images.
    expect(html).not.toMatch(/<link|@import|<script|<img|url\(/i);
    expect(html).not.toMatch(/%%\d+%%/);
    const tags = contentTags(html);
    expect(tags.length).toBeGreaterThan(10);
    expect(tags.filter((tag) => !/\sstyle="[^"]+"/.test(tag))).toEqual([]);
  });

  it('the main link is a button with the link escaped in its attribute; the text part gives it after its sentence', async () => {
    const words = tickets('en');
    const html = await mailHtml(words);
    expect(html).toContain('href="https://boletos.example.mx/marea/payment-status#purchase_id=p-123&amp;key=k"');
    expect(html).toContain('See my tickets');
    expect(mailPlainText(words)).toContain('You can also see and download them here (keep this link to yourself): https://boletos.example.mx/marea/payment-status#purchase_id=p-123&key=k');
  });

  it('escapes every value: a buyer name, an event name and a note are text, never markup or a slot', async () => {
    const words = cancelledMail('es', { eventName: HOSTILE, buyerName: HOSTILE, purchaseId: 'p-1', reason: 'organiser', note: HOSTILE, refunding: false });
    const html = await mailHtml(words);
    expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/i);
    expect(html).toContain('Hola Ana &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt; &#39;%%0%%&#39; &amp; co:');
    // The header, the title and the article's label (an attribute) carry the event name escaped too.
    expect(html).toContain(`aria-label="Tu compra para ${escapeHtml(HOSTILE)} fue cancelada"`);
    expect(html).toContain(`<title>Tu compra para ${escapeHtml(HOSTILE)} fue cancelada</title>`);
  });

  it('a link that is not a web address gets no button', async () => {
    const html = await mailHtml(tickets('es', { ticketsUrl: 'javascript:alert(1)' }));
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Ver mis boletos');
  });

  it('a free registration says "registro confirmado" / "registration confirmed", never a payment', () => {
    const es = tickets('es', { free: true });
    const en = tickets('en', { free: true });
    expect(es.subject).toBe('Registro confirmado: tus boletos para Festival Marea Sonora');
    expect(en.subject).toBe('Registration confirmed: your tickets for Festival Marea Sonora');
    expect(mailPlainText(es)).toContain('Registro confirmado. Adjuntamos tus 2 boletos');
    expect(mailPlainText(en)).toContain('Registration confirmed. Attached you will find your 2 tickets');
    expect(`${mailPlainText(es)} ${mailPlainText(en)}`).not.toMatch(/pago|payment was/i);
    expect(mailPlainText(tickets('es'))).toContain('Tu pago fue aprobado.');
  });

  it('compiles the layout once per shape: the first render pays MJML, the next only fills the slots', async () => {
    // A shape no other test renders (five paragraphs), so the first render compiles.
    const base = tickets('es');
    const words = { ...base, paragraphs: [...base.paragraphs, 'Tres.', 'Cuatro.', 'Cinco.'] };
    const first = performance.now();
    await mailHtml(words);
    const compiled = performance.now() - first;
    const again = performance.now();
    const html = await mailHtml({ ...words, greeting: 'Hola Berta:' });
    const filled = performance.now() - again;
    // Logged, not asserted: the cost of one MJML compile against one cached render on this machine.
    console.log(`e-mail HTML: first render (MJML compile) ${compiled.toFixed(1)} ms, cached render ${filled.toFixed(2)} ms`);
    expect(html).toContain('Hola Berta:');
  });

  it('MJML (a second to load, milliseconds to compile) never runs on this thread: the layouts compile on a worker', async () => {
    await mailHtml(tickets('en', { free: true }));
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /[\\/]node_modules[\\/]mjml/.test(path));
    expect(loaded).toEqual([]);
  });
});
