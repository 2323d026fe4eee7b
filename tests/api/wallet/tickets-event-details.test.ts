import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../support/test-database';
import { attachments, eventually, mailText, pdfText } from '../payments/helpers';
import { buyer, createPaymentsApp, eventWithDetails, payWithFintoc, type PaymentsTestApp } from './helpers';

/** The tickets' PDF and e-mail say when and where, on the event's own clock, once the event file tells. */
describe.skipIf(skipDatabase)('event date and venue on the tickets', () => {
  let t: PaymentsTestApp;
  const mailOf = async (purchaseId: string) => {
    await eventually(() => t.mails().some((m) => m.text.includes(purchaseId)));
    return t.mails().find((m) => m.text.includes(purchaseId))!.text;
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('an event without a date or venue: neither line', async () => {
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]));
    const eml = await mailOf(paid.id);
    expect(mailText(eml)).not.toMatch(/Cuándo|Dónde/);
    expect(pdfText(attachments(eml)[0].content).text).not.toMatch(/Cuándo|Dónde/);
  });

  it('Spanish and English buyers read the date in the event\'s offset, and the venue', async () => {
    await t.importEvent(eventWithDetails);
    const es = await mailOf((await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]))).id);
    const esText = mailText(es);
    expect(esText).toContain('Cuándo: sábado, 5 de diciembre de 2026, 20:00 h – 01:30 h');
    expect(esText).toContain('Dónde: Foro Sol, Viaducto Río de la Piedad s/n, CDMX');
    const esPdf = pdfText(attachments(es)[0].content).text.replace(/\s+/g, ' ');
    expect(esPdf).toContain('Cuándo: sábado, 5 de diciembre de 2026, 20:00 h – 01:30 h');
    expect(esPdf).toContain('Dónde: Foro Sol, Viaducto Río de la Piedad s/n, CDMX');

    const en = await mailOf((await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }))).id);
    expect(mailText(en)).toContain('When: Saturday, December 5, 2026, 8:00 PM – 1:30 AM');
    expect(mailText(en)).toContain('Where: Foro Sol, Viaducto Río de la Piedad s/n, CDMX');
    expect(pdfText(attachments(en)[0].content).text.replace(/\s+/g, ' ')).toContain('When: Saturday, December 5, 2026, 8:00 PM – 1:30 AM');
  });
});
