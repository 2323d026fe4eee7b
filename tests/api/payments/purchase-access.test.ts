import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, mailText, pathOf, pdfText, URL_SLUG, type PaymentsTestApp } from './helpers';

const PUBLIC = 'https://boletos.example.mx';
const NOT_FOUND = { mensaje: 'No encontramos los boletos de esta compra.', code: 'EMISSION_NOT_FOUND' };

/**
 * The purchase id is the support reference a buyer shows anyone (PDF, e-mail, thank-you
 * page); only the access key new-purchase gave the buyer's browser (or the e-mail's link)
 * reads the buyer's data or opens the tickets.
 */
describe.skipIf(skipDatabase)('purchase id versus access key', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };

  /** Nothing in an answer that names the buyer or opens the tickets. */
  function expectNothingPrivate(answer: Record<string, unknown>, emissionId?: string) {
    const text = JSON.stringify(answer);
    for (const secret of ['ana@example.mx', 'Ana López', '5512345678', 'emission_id', 'buyer_info', 'qr']) expect(text).not.toContain(secret);
    if (emissionId) expect(text).not.toContain(emissionId);
  }

  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: PUBLIC });
    const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${pathOf(widget_url)}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    paid = { id, emission: loader.reload.emission_id as string };
  });
  afterAll(() => t.close());

  it('gives the buyer an unguessable access key with the purchase, and keeps only its hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: URL_SLUG, token: await t.botToken(), tickets: [{ ticket_id: 2, cantidad: 1 }] } });
    const { purchase_id, access_key } = body(res);
    expect(access_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(access_key).not.toContain(purchase_id);
    const stored = JSON.stringify([...(await t.rows('purchases', 'id', purchase_id)), ...(await t.rows('purchase_access_keys', 'purchase_id', purchase_id))]);
    expect(stored).not.toContain(access_key);
    expect(stored).toMatch(/[0-9a-f]{64}/);
  });

  it('answers a bare purchase id with the status only; the key gives the whole reload', async () => {
    const bare = await t.app.inject(`/api/payments/purchase/${paid.id}`);
    expect(bare.statusCode).toBe(200);
    expect(body(bare)).toEqual({ status: 'paid' });
    expectNothingPrivate(body(bare), paid.emission);
    const wrong = await t.app.inject({ url: `/api/payments/purchase/${paid.id}`, headers: { 'x-purchase-key': 'A'.repeat(43) } });
    expect(body(wrong)).toEqual({ status: 'paid' });
    // Another purchase's key does not open this one.
    const other = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    expect(body(await t.app.inject({ url: `/api/payments/purchase/${paid.id}`, headers: t.keyed(other) }))).toEqual({ status: 'paid' });

    const keyed = body(await t.app.inject({ url: `/api/payments/purchase/${paid.id}`, headers: t.keyed(paid.id) }));
    expect(keyed.status).toBe('paid');
    expect(keyed.reload).toMatchObject({ purchase_id: paid.id, emission_id: paid.emission, buyer_info: { email: 'ana@example.mx', phone: '5512345678' } });
  });

  it('answers every loader without the key with the status only', async () => {
    const fintoc = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: paid.id } }));
    expect(fintoc).toEqual({ status: 'approved' });
    expectNothingPrivate(fintoc, paid.emission);

    // MercadoPago: the payment id travels in the return URL (history, provider pages).
    const mp = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { init_point } = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: mp, buyer_info: buyer() }, headers: t.keyed(mp) }));
    const checkout = await t.app.inject(pathOf(init_point));
    const action = pathOf(/action="([^"]+\/voucher)"/.exec(checkout.body)![1]);
    const voucherPath = pathOf((await t.app.inject({ method: 'POST', url: action })).headers.location as string);
    await t.app.inject({ method: 'POST', url: `${voucherPath}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const paymentId = voucherPath.split('/').pop()!;
    const mpBare = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId } }));
    expect(mpBare).toEqual({ status: 'approved' });
    expectNothingPrivate(mpBare);
    const mpKeyed = body(await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/loader-process', payload: { payment_id: paymentId }, headers: t.keyed(mp) }));
    expect(mpKeyed.reload).toMatchObject({ purchase_id: mp, emission_id: expect.any(String), buyer_info: { email: 'ana@example.mx' } });

    const pp = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: pp }, headers: t.keyed(pp) }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve` });
    const ppBare = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id } }));
    expect(ppBare).toEqual({ status: 'approved' });

    const free = await t.purchase([{ ticket_id: 4, cantidad: 1 }]);
    const { secretuuid } = body(await t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id: free, buyer_info: buyer(), token: await t.botToken('validate_free_access') }, headers: t.keyed(free) }));
    const freeBare = body(await t.app.inject({ method: 'POST', url: '/api/payments/free/loader-process', payload: { token: secretuuid, g_token: await t.botToken('validate_free_access_loader') } }));
    expect(freeBare).toEqual({ status: 'approved' });
    expectNothingPrivate(freeBare);
  });

  it('opens the PDF and the wallet list only with the key', async () => {
    const query = `emission_id=${paid.emission}&purchase_id=${paid.id}`;
    for (const headers of [{}, { 'x-purchase-key': 'A'.repeat(43) }]) {
      for (const url of [`/api/emissions/download/all?${query}`, `/api/emissions/obtener/wallet?${query}`]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode).toBe(404);
        expect(body(res)).toEqual(NOT_FOUND);
      }
      const wallet = await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: paid.emission, purchase_id: paid.id }, headers });
      expect(wallet.statusCode).toBe(404);
    }
    const pdf = await t.app.inject({ url: `/api/emissions/download/all?${query}`, headers: t.keyed(paid.id) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload).pages).toBe(2);
  });

  it('gives each ticket a short-lived signed URL; the bare ids or a changed signature open nothing', async () => {
    const list = body(await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) }));
    const ticketId = list.emisiones[0].id as string;
    const { url: passPage } = body(await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: ticketId, purchase_id: paid.id }, headers: t.keyed(paid.id) }));
    expect(passPage.startsWith(`${PUBLIC}/api/wallet/passes/${ticketId}/`)).toBe(true);
    // The ticket's pass page links its PDF by a URL signed for that ticket.
    const link = /<a href="(\/api\/emissions\/download\/ticket\?[^"]+)"/.exec((await t.app.inject(pathOf(passPage))).body)![1].replace(/&amp;/g, '&');
    const url = `${PUBLIC}${link}`;
    const signed = await t.app.inject(pathOf(url));
    expect(signed.statusCode).toBe(200);
    expect(pdfText(signed.rawPayload).pages).toBe(1);

    const bare = await t.app.inject(`/api/emissions/download/ticket?ticket_id=${ticketId}&purchase_id=${paid.id}`);
    expect(bare.statusCode).toBe(404);
    expect(body(bare)).toEqual(NOT_FOUND);
    const params = new URL(url).searchParams;
    const token = params.get('token')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    params.set('token', tampered);
    expect((await t.app.inject(`/api/emissions/download/ticket?${params}`)).statusCode).toBe(404);
    // The signature is for that ticket: another ticket of the same purchase does not open with it.
    params.set('token', token);
    params.set('ticket_id', list.emisiones[1].id);
    expect((await t.app.inject(`/api/emissions/download/ticket?${params}`)).statusCode).toBe(404);
    // And it runs out.
    t.advance(60 * 60_000);
    expect((await t.app.inject(pathOf(url))).statusCode).toBe(404);
  });

  it('e-mails a link to the order page that carries a key of its own, and the purchase id as the reference', async () => {
    const mail = mailText(t.mails().find((m) => m.text.includes(paid.id))!.text);
    expect(mail).toContain(`Número de compra: ${paid.id}`);
    const link = new RegExp(`${PUBLIC}/${URL_SLUG}/order#purchase_id=${paid.id}&key=([A-Za-z0-9_-]{43})`).exec(mail);
    expect(link).not.toBeNull();
    const mailKey = link![1];
    expect(mailKey).not.toBe(t.keyOf(paid.id));
    const reload = body(await t.app.inject({ url: `/api/payments/purchase/${paid.id}`, headers: { 'x-purchase-key': mailKey } })).reload;
    expect(reload).toMatchObject({ emission_id: paid.emission, buyer_info: { email: 'ana@example.mx' } });
    const pdf = await t.app.inject({ url: `/api/emissions/download/all?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: { 'x-purchase-key': mailKey } });
    expect(pdf.statusCode).toBe(200);
    // No link in the e-mail opens the PDF by the ids alone.
    expect(mail).not.toMatch(/download\/all\?emission_id/);
  });
});
