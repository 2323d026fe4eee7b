import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, eventWithDetails, passUrl, payWithFintoc, walletList, type PaymentsTestApp } from './helpers';

/** The pass page a buyer opens from the wallet dialog: one ticket, its QR, the wallet buttons; nothing for a wrong link. */
describe.skipIf(skipDatabase)('pass page', () => {
  let t: PaymentsTestApp;
  let spanish: { id: string; emission: string };
  let english: { id: string; emission: string };

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent(eventWithDetails);
    const first = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(first, ['Ana López', 'Luis <b>Pérez</b>']);
    spanish = await payWithFintoc(t, first);
    english = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]), buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }));
  });
  afterAll(() => t.close());

  it('gives each ticket its own URL with an unguessable token, never the purchase id', async () => {
    const tickets = await walletList(t, spanish);
    const urls = await Promise.all(tickets.map((ticket) => passUrl(t, spanish, ticket.id)));
    tickets.forEach((ticket, i) => expect(urls[i]).toMatch(new RegExp(`^/api/wallet/passes/${ticket.id}/[A-Za-z0-9_-]{43}$`)));
    expect(urls[0]).not.toBe(urls[1]);
    for (const url of urls) expect(url).not.toContain(spanish.id);
    // The same ticket always gets the same URL (a pass on a phone links back to it).
    expect(await passUrl(t, spanish, tickets[0].id)).toBe(urls[0]);
  });

  it('shows the ticket in the buyer\'s language, with the QR of the PDF\'s secret and the Apple Wallet button', async () => {
    const [ticket] = await walletList(t, spanish);
    const url = await passUrl(t, spanish, ticket.id);
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Tu boleto</h1>');
    for (const text of ['Concierto de Prueba', 'General', 'Ana López', ticket.serial, 'sábado, 5 de diciembre de 2026, 20:00 h – 01:30 h', 'Foro Sol, Viaducto Río de la Piedad s/n, CDMX']) {
      expect(html).toContain(text);
    }
    const [row] = await t.rows('tickets', 'id', ticket.id);
    const qr = await QRCode.toString(row.qr_secret, { type: 'svg', errorCorrectionLevel: 'Q', margin: 2 });
    expect(html).toContain(`src="data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}"`);
    expect(html).toContain(`alt="Código QR del boleto ${ticket.serial}: preséntalo en el acceso"`);
    expect(html).toContain(`<a class="wallet-button apple" href="${url}/apple.pkpass" download="boleto_${ticket.serial}.pkpass"`);
    expect(html).toContain('Agregar a Apple Wallet');
    // No keys configured: the sandbox signs, and the page says what that means.
    expect(html).toContain('no se abrirá en un iPhone real');
    expect(html).not.toContain('<script');
  });

  it('escapes what buyers and operators typed', async () => {
    const [, second] = await walletList(t, spanish);
    const html = (await t.app.inject(await passUrl(t, spanish, second.id))).body;
    expect(html).toContain('Luis &lt;b&gt;Pérez&lt;/b&gt;');
    expect(html).not.toContain('<b>Pérez');
  });

  it('an English buyer reads it in English', async () => {
    const [ticket] = await walletList(t, english);
    const html = (await t.app.inject(await passUrl(t, english, ticket.id))).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Your ticket</h1>');
    expect(html).toContain('Saturday, December 5, 2026, 8:00 PM – 1:30 AM');
    expect(html).toContain('Add to Apple Wallet');
    expect(html).toContain('will not open on a real iPhone');
  });

  it('another ticket\'s token, a cut or made-up one, an unknown ticket: the same 404 page, page and pass alike', async () => {
    const [a, b] = await walletList(t, spanish);
    const urlA = await passUrl(t, spanish, a.id);
    const urlB = await passUrl(t, spanish, b.id);
    const tokenB = urlB.split('/').pop()!;
    const base = urlA.slice(0, urlA.lastIndexOf('/'));
    const wrong = [
      `${base}/${tokenB}`,
      urlA.slice(0, -1),
      `${base}/${'A'.repeat(43)}`,
      `${base}/x`,
      `/api/wallet/passes/00000000-0000-4000-8000-000000000000/${tokenB}`,
    ];
    for (const url of wrong) {
      for (const target of [url, `${url}/apple.pkpass`]) {
        const res = await t.app.inject({ url: target, headers: { 'accept-language': 'es-MX' } });
        expect(res.statusCode, target).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain('<h1>Boleto no encontrado</h1>');
      }
    }
    const english404 = await t.app.inject({ url: wrong[0], headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(english404.body).toContain('<h1>Ticket not found</h1>');
  });

  it('a ticket whose purchase is no longer paid opens nothing', async () => {
    const other = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]));
    const [ticket] = await walletList(t, other);
    const url = await passUrl(t, other, ticket.id);
    expect((await t.app.inject(url)).statusCode).toBe(200);
    await t.ctx.db.kysely.updateTable('purchases').set({ status: 'refunded' }).where('id', '=', other.id).execute();
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.app.inject(`${url}/apple.pkpass`)).statusCode).toBe(404);
  });

  it('the dialog\'s URL needs the purchase\'s key and one of its own tickets', async () => {
    const [mine] = await walletList(t, spanish);
    const [theirs] = await walletList(t, english);
    const post = (ticketId: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: ticketId, purchase_id: spanish.id }, headers });
    expect((await post(mine.id, {})).statusCode).toBe(404);
    expect((await post(mine.id, t.keyed(english.id))).statusCode).toBe(404);
    expect((await post(theirs.id, t.keyed(spanish.id))).statusCode).toBe(404);
    expect((await post(mine.id, t.keyed(spanish.id))).statusCode).toBe(200);
  });
});
