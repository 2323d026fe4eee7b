import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/pagos-api.event.json';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { eventually, mailText, pathOf, pdfText, URL_SLUG } from './payments/helpers';
import { ADMIN, pairDevice } from './checkin-helpers';
import { createPaymentsApp, payWithFintoc, type PaymentsTestApp } from './wallet/helpers';

const PUBLIC = 'https://boletos.example.mx';
const DAY_MS = 24 * 60 * 60_000;

/** The payments fixture with a date ten days ahead and the attendee's e-mail locked once paid. */
function eventFile(startsAt: Date, changesUntil?: Date) {
  return {
    ...fixture,
    event: { ...fixture.event, starts_at: startsAt.toISOString().replace('Z', '+00:00'), ...(changesUntil ? { changes_until: changesUntil.toISOString() } : {}), venue: { name: 'Foro Sol', address: 'Viaducto s/n, CDMX' } },
    tickets: fixture.tickets.map((ticket) =>
      ticket.id === 1 ? { ...ticket, form: [ticket.form![0], { ...ticket.form![1], locked_after_purchase: true }] } : ticket,
    ),
  };
}

/** The buyer's order page API: the view, "find my order", resend and corrected answers. */
describe.skipIf(skipDatabase)('the order page', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  const view = (id: string, headers: Record<string, string>) => t.app.inject({ url: `/api/orders/${id}`, headers });
  const correct = (id: string, ticketId: string, respuestas: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/${id}/tickets/${ticketId}/answers`, payload: { respuestas }, headers: t.keyed(id) });

  const startsAt = new Date(Date.now() + 10 * DAY_MS);

  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: PUBLIC, adminToken: ADMIN, rateLimitAdminMax: 10_000 });
    await t.importEvent(eventFile(startsAt));
    const id = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(id, ['Ana López', 'Luis Pérez']);
    paid = await payWithFintoc(t, id);
  });
  afterAll(() => t.close());

  it('shows the order to its key only: 401 without a key, 403 with another purchase\'s or an unknown id', async () => {
    expect((await view(paid.id, {})).statusCode).toBe(401);
    const other = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const wrong = await view(paid.id, t.keyed(other));
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong).code).toBe('ORDER_KEY_INVALID');
    expect((await view('no-such-purchase', t.keyed(other))).statusCode).toBe(403);
    // A held purchase still has the payment pages.
    expect(body(await view(other, t.keyed(other))).code).toBe('ORDER_NOT_PAID');

    const res = await view(paid.id, t.keyed(paid.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const order = body(res);
    expect(order).toMatchObject({
      purchase_id: paid.id,
      estado: 'paid',
      evento: { nombre: 'Concierto de Prueba', lugar: { nombre: 'Foro Sol', mapa_url: expect.stringContaining('Foro+Sol') }, calendario_url: `${PUBLIC}/api/event/${URL_SLUG}/calendar.ics` },
      pagos: [{ metodo: 'fintoc', estado: 'approved', monto: 220, moneda: 'MXN' }],
      acciones: { corregir_respuestas: true, reenviar: true },
    });
    expect(order.boletos.map((b: any) => b.titular)).toEqual(['Ana López', 'Luis Pérez']);
    expect(order.boletos[0]).toMatchObject({ tipo: 'General', tipo_id: 1, respuestas: { nombre: 'Ana López' }, bloqueados: ['correo'], qr: expect.any(String) });
    expect(order.boletos[0].pase_url).toMatch(new RegExp(`^${PUBLIC}/api/wallet/passes/${order.boletos[0].id}/`));
    expect((await t.app.inject(pathOf(order.boletos[0].pdf_url))).headers['content-type']).toBe('application/pdf');
    // The history holds what the buyer may read: when, the status, why; no attempt ids, no notes.
    expect(order.historial.at(-1)).toEqual({ fecha: expect.any(String), estado: 'paid', motivo: 'paid' });
    expect(Date.parse(order.acciones.changes_until)).toBe(Date.parse(order.evento.inicio) - DAY_MS);
  });

  it('"find my order" answers the same whether or not the address bought, and e-mails a new link only to a buyer', async () => {
    const before = (await t.rows('mail_outbox', 'purchase_id', paid.id)).length;
    const miss = await t.app.inject({ method: 'POST', url: '/api/orders/find', payload: { email: 'nadie@example.mx', purchase_id: paid.id } });
    const hit = await t.app.inject({ method: 'POST', url: '/api/orders/find', payload: { email: ' ANA@example.mx', purchase_id: paid.id } });
    expect(miss.statusCode).toBe(202);
    expect(hit.statusCode).toBe(202);
    expect(hit.body).toBe(miss.body);
    const queued = (await t.rows('mail_outbox', 'purchase_id', paid.id)).filter((m) => m.kind === 'order_link');
    expect(queued).toHaveLength(1);
    expect((await t.rows('mail_outbox', 'purchase_id', paid.id)).length).toBe(before + 1);
    expect(queued[0].recipient).toBe('ana@example.mx');

    // The outbox names its .eml files by dedupe key: "find my order"'s is `order-link:…`.
    const orderLink = () => t.mails().find((m) => m.path.includes('order-link'));
    await eventually(() => orderLink() !== undefined);
    const mail = mailText(orderLink()!.text);
    expect(mail).toContain('Alguien pidió el enlace a tu compra');
    const key = new RegExp(`${PUBLIC}/${URL_SLUG}/order#purchase_id=${paid.id}&key=([A-Za-z0-9_-]{43})`).exec(mail)?.[1];
    expect(key).toBeDefined();
    expect(key).not.toBe(t.keyOf(paid.id));
    expect((await view(paid.id, { 'x-purchase-key': key! })).statusCode).toBe(200);
  });

  it('links the tickets e-mail to the order page', async () => {
    const mail = mailText(t.mails().find((m) => m.text.includes('Tus boletos') || /Subject: .*boletos/i.test(m.text))!.text);
    expect(mail).toMatch(new RegExp(`${PUBLIC}/${URL_SLUG}/order#purchase_id=${paid.id}&key=`));
  });

  it('resends the tickets e-mail to the stored address, three times an hour', async () => {
    for (const left of [2, 1, 0]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/resend`, headers: t.keyed(paid.id) });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).restantes).toBe(left);
    }
    const refused = await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/resend`, headers: t.keyed(paid.id) });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ code: 'ORDER_RESEND_LIMIT', mensaje: expect.stringContaining('3') });
    const resends = (await t.rows('mail_outbox', 'purchase_id', paid.id)).filter((m) => m.kind === 'tickets');
    expect(resends).toHaveLength(4);
    expect(new Set(resends.map((m) => m.dedupe_key)).size).toBe(4);
    expect(resends.every((m) => m.recipient === 'ana@example.mx')).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/resend` })).statusCode).toBe(401);
  });

  it('refuses a locked field and an answer the form refuses, with the form\'s message', async () => {
    const ticket = body(await view(paid.id, t.keyed(paid.id))).boletos[0];
    const locked = await correct(paid.id, ticket.id, { nombre: 'Ana María López', correo: 'otra@example.mx' });
    expect(locked.statusCode).toBe(409);
    expect(body(locked)).toMatchObject({ code: 'ORDER_ANSWER_LOCKED', mensaje: expect.stringContaining('Correo') });
    const invalid = await correct(paid.id, ticket.id, { nombre: '', correo: 'asistente0@example.mx' });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid)).toMatchObject({ code: 'FORM_INVALID', errors: [{ path: '/nombre', message: expect.any(String) }] });
    // The same message the checkout's form check gives for the same answer.
    const checkout = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    const atCheckout = await t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id: checkout, form: { 1: [{ nombre: '', correo: 'asistente0@example.mx' }] } }, headers: t.keyed(checkout) });
    expect(body(invalid).errors[0].message).toBe(body(atCheckout).errors[0].message);
    expect((await t.rows('tickets', 'id', ticket.id))[0].attendee_name).toBe('Ana López');
  });

  it('corrects a name: the ticket, its PDF, the door\'s next sync and the history follow', async () => {
    const door = await pairDevice(t, 'all', 'Puerta 1');
    // The door synced a while after the payment: the ticket is older than its cursor.
    t.advance(5 * 60_000);
    const first = body(await t.app.inject({ url: '/api/checkin/sync', headers: { authorization: `Bearer ${door.token}` } }));
    expect(first.tickets.map((x: any) => x.holder)).toContain('Ana López');
    const ticket = body(await view(paid.id, t.keyed(paid.id))).boletos[0];

    const res = await correct(paid.id, ticket.id, { nombre: 'Ana María López', correo: 'asistente0@example.mx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).boleto).toMatchObject({ id: ticket.id, titular: 'Ana María López', respuestas: { nombre: 'Ana María López' } });
    expect((await t.rows('tickets', 'id', ticket.id))[0].attendee_name).toBe('Ana María López');

    const pdf = await t.app.inject(pathOf(body(res).boleto.pdf_url));
    expect(pdfText(pdf.rawPayload).text).toContain('Ana María López');
    const next = body(await t.app.inject({ url: `/api/checkin/sync?since=${first.cursor}`, headers: { authorization: `Bearer ${door.token}` } }));
    expect(next.tickets.find((x: any) => x.id === ticket.id)?.holder).toBe('Ana María López');

    const order = body(await view(paid.id, t.keyed(paid.id)));
    expect(order.historial.at(-1)).toEqual({ fecha: expect.any(String), estado: null, motivo: 'answers_corrected' });
    expect(order.boletos[1].titular).toBe('Luis Pérez');
  });

  it('refuses corrections after changes_until', async () => {
    const ticket = body(await view(paid.id, t.keyed(paid.id))).boletos[1];
    t.advance(9 * DAY_MS + 60_000);
    const order = body(await view(paid.id, t.keyed(paid.id)));
    expect(order.acciones.corregir_respuestas).toBe(false);
    const res = await correct(paid.id, ticket.id, { nombre: 'Luis P.', correo: 'asistente1@example.mx' });
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('ORDER_CHANGES_CLOSED');
    expect((await t.rows('tickets', 'id', ticket.id))[0].attendee_name).toBe('Luis Pérez');
  });

  it('takes the event file\'s changes_until over the default', async () => {
    // The clock is past the default deadline (24 h before the start); the organiser allows changes until the start.
    await t.importEvent(eventFile(startsAt, startsAt));
    const order = body(await view(paid.id, t.keyed(paid.id)));
    expect(order.acciones).toMatchObject({ changes_until: startsAt.toISOString(), corregir_respuestas: true });
    const res = await correct(paid.id, order.boletos[1].id, { nombre: 'Luis P.', correo: 'asistente1@example.mx' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
