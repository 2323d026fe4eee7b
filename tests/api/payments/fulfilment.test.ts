import { verifiedPayload } from '../../../src/server/checkin/event-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { attachments, buyer, createPaymentsApp, mailHeader, pdfText, type PaymentsTestApp } from './helpers';

/** After approval: the PDF (pages = tickets), the e-mail in the buyer's language, the wallet list, and who may open them. */
describe.skipIf(skipDatabase)('tickets, PDF and e-mail', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  let english: { id: string; emission: string };

  /** Pays a purchase through the Fintoc sandbox and returns its ids. */
  async function payWithFintoc(id: string, buyerInfo = buyer()) {
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyerInfo }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    return { id, emission: loader.reload.emission_id as string };
  }

  beforeAll(async () => {
    t = await createPaymentsApp();
    const first = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', payload: { purchase_id: first, productos: [{ id: 1, cantidad: 1 }] }, headers: t.keyed(first) });
    await t.fillForm(first, ['Ana López', 'Luis Pérez']);
    paid = await payWithFintoc(first);
    // Platea has no attendee form: the buyer's name goes on the ticket. This buyer reads English.
    english = await payWithFintoc(await t.purchase([{ ticket_id: 2, cantidad: 3 }]), buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }));
  });
  afterAll(() => t.close());

  it('emits one ticket per unit with consecutive folios, signed codes as QR secrets and attendee names', async () => {
    const tickets = await t.rows('tickets', 'purchase_id', paid.id);
    expect(tickets.map((x) => x.attendee_name).sort()).toEqual(['Ana López', 'Luis Pérez']);
    expect(tickets.map((x) => Number(x.folio)).sort()).toEqual([1, 2]);
    const keys = (await t.rows('checkin_keys', 'event_id', tickets[0].event_id)).map((k) => ({ key_id: Number(k.key_id), public_key: k.public_key as string }));
    for (const ticket of tickets) expect(verifiedPayload(ticket.qr_secret, keys)).toEqual({ keyId: 1, ticketId: ticket.id, ticketType: 1, seat: null });
    expect((await t.rows('tickets', 'purchase_id', english.id)).map((x) => x.attendee_name)).toEqual(['Jane Doe', 'Jane Doe', 'Jane Doe']);
    // Products are paid stock too.
    expect((await t.rows('products', 'external_id', 1))[0].sold).toBe(1);
  });

  it('serves the PDF as an attachment: one page per ticket, with event, type, attendee and folio', async () => {
    const res = await t.app.inject({ url: `/api/emissions/download/all?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="compra_${paid.id}.pdf"`);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(2);
    expect(text.match(/Concierto de Prueba/g)).toHaveLength(2);
    expect(text).toContain('General');
    expect(text).toContain('Ana López');
    expect(text).toContain('Luis Pérez');
    expect(text).toMatch(/Folio\s+000001/);
    expect(text).toMatch(/000002/);
    expect(text).toContain('Presenta este código QR');

    const three = pdfText((await t.app.inject({ url: `/api/emissions/download/all?emission_id=${english.emission}&purchase_id=${english.id}`, headers: t.keyed(english.id) })).rawPayload);
    expect(three.pages).toBe(3);
    expect(three.text).toContain('Attendee');
    expect(three.text).toContain('Jane Doe');
  });

  it('opens a purchase\'s tickets only with its own pair of ids', async () => {
    for (const query of [
      `emission_id=${english.emission}&purchase_id=${paid.id}`,
      `emission_id=${paid.emission}&purchase_id=${english.id}`,
      `emission_id=${paid.emission}&purchase_id=00000000-0000-4000-8000-000000000000`,
    ]) {
      const res = await t.app.inject({ url: `/api/emissions/download/all?${query}`, headers: t.keyed(paid.id) });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ mensaje: 'No encontramos los boletos de esta compra.', code: 'EMISSION_NOT_FOUND' });
      expect((await t.app.inject({ url: `/api/emissions/obtener/wallet?${query}`, headers: t.keyed(paid.id) })).statusCode).toBe(404);
    }
    expect((await t.app.inject('/api/emissions/download/all?purchase_id=x')).statusCode).toBe(400);
    // A held purchase has no emission yet.
    const held = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    expect((await t.app.inject({ url: `/api/emissions/download/all?emission_id=${paid.emission}&purchase_id=${held}`, headers: t.keyed(held) })).statusCode).toBe(404);
  });

  it('lists the tickets for the wallet dialog and gives each its pass page, which links that ticket\'s PDF', async () => {
    const list = body(await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) }));
    expect(list.emisiones).toHaveLength(2);
    expect(list.emisiones[0]).toEqual({ id: expect.any(String), name: 'General', serial: '000001' });
    const { url } = body(await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: list.emisiones[1].id, purchase_id: paid.id }, headers: t.keyed(paid.id) }));
    expect(url).toMatch(/^\/api\/wallet\/passes\//);
    const pdfLink = /<a href="(\/api\/emissions\/download\/ticket\?[^"]+)"/.exec((await t.app.inject(url)).body)![1].replace(/&amp;/g, '&');
    const single = await t.app.inject(pdfLink);
    expect(single.headers['content-type']).toBe('application/pdf');
    const { pages, text } = pdfText(single.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('000002');
    // Another purchase's ticket id does not open through this purchase.
    const other = body(await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${english.emission}&purchase_id=${english.id}`, headers: t.keyed(english.id) })).emisiones[0].id;
    expect((await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: other, purchase_id: paid.id }, headers: t.keyed(paid.id) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/emissions/download/ticket?ticket_id=${other}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) })).statusCode).toBe(404);
  });

  it('e-mails the buyer once, in their language, with the PDF attached', async () => {
    const spanish = t.mails().filter((m) => m.text.includes(paid.id));
    expect(spanish).toHaveLength(1);
    const es = spanish[0].text;
    expect(mailHeader(es, 'To')).toBe('ana@example.mx');
    expect(mailHeader(es, 'Subject')).toBe('Tus boletos para Concierto de Prueba');
    const [pdf] = attachments(es);
    expect(pdf).toMatchObject({ filename: `compra_${paid.id}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(pdf.content).pages).toBe(2);

    const en = t.mails().find((m) => m.text.includes(english.id))!.text;
    expect(mailHeader(en, 'To')).toBe('jane@example.com');
    expect(mailHeader(en, 'Subject')).toBe('Your tickets for Concierto de Prueba');
    expect(en).toMatch(/Your payment was approved/);
    expect(pdfText(attachments(en)[0].content).text).toContain('Jane Doe');
  });
});
