import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { pairDevice, paidWithPayPal, sendScans } from './checkin-helpers';
import { createOrderChangesApp, importWith, inDays, orderLinkOf } from './order-changes-helpers';
import { mailHeader, type PaymentsTestApp } from './payments/helpers';

/**
 * A buyer gives a ticket to someone else: the old code is revoked at the door, a new one admits the new holder,
 * who gets their own e-mail with a key that opens their ticket only; the event's `transfers` bound it.
 */
describe.skipIf(skipDatabase)('POST /api/orders/{id}/tickets/{ticket}/transfer', () => {
  let t: PaymentsTestApp;
  let door: string;
  let nonce = 0;
  const nextNonce = () => `transfer-${(nonce += 1)}`;
  beforeAll(async () => {
    t = await createOrderChangesApp({ transfers: { allowed: true, until: inDays(30), max_per_ticket: 2 } });
    door = (await pairDevice(t, 'all', 'Puerta transferencias')).token;
  });
  afterAll(() => t.close());

  const maria = { name: 'María Ruiz', email: 'Maria@Example.mx', answers: { nombre: 'María Ruiz', correo: 'maria@example.mx' } };
  const transfer = (purchaseId: string, ticketId: string, key: string, payload: object = maria) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${purchaseId}/tickets/${ticketId}/transfer`, headers: { 'x-purchase-key': key }, payload });
  const ticketRow = async (id: string) => (await t.rows('tickets', 'id', id))[0];

  it('revokes the old code (the door says revoked) and issues a new one that admits; the recipient gets their e-mail and a key to their ticket only', async () => {
    const paid = await paidWithPayPal(t);
    const old = paid.tickets[0];
    const res = await transfer(paid.id, old.id, t.keyOf(paid.id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = body(res);
    expect(answer).toMatchObject({ purchase_id: paid.id, revoked_ticket_id: old.id, ticket_id: expect.any(String), folio: expect.any(Number) });
    const fresh = await ticketRow(answer.ticket_id);
    expect(fresh).toMatchObject({ purchase_id: paid.id, ticket_type_id: old.ticket_type_id, attendee_name: 'María Ruiz', holder_email: 'maria@example.mx', transferred_from: old.id });
    expect(fresh.qr_secret).not.toBe(old.qr_secret);

    const [oldScan] = await sendScans(t, door, [{ code: old.qr_secret }], nextNonce);
    expect(oldScan).toMatchObject({ verdict: 'revoked', revoked_reason: 'transferred' });

    // The sender's history shows the transfer.
    expect(await t.rows('order_events', 'purchase_id', paid.id)).toMatchObject([{ ticket_id: old.id, actor: 'buyer', reason: 'ticket_transferred', note: expect.stringMatching(/^folio \d+$/) }]);

    const mail = t.mails().find((m) => m.path.endsWith(`transfer-${answer.ticket_id}.eml`));
    expect(mail, 'the recipient e-mail').toBeDefined();
    expect(mailHeader(mail!.text, 'To')).toBe('maria@example.mx');
    expect(mailHeader(mail!.text, 'Subject')).toBe('Te transfirieron un boleto para Concierto de Prueba');
    const link = orderLinkOf(mail!.text);
    expect(link.purchaseId).toBe(paid.id);
    // Their key opens their ticket (they may pass it on) and nothing else of the purchase.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/cancel`, headers: { 'x-purchase-key': link.key }, payload: {} });
    expect(cancel.statusCode).toBe(404);
    expect((await transfer(paid.id, paid.tickets[1].id, link.key)).statusCode).toBe(404);
    // The buyer cannot take back a ticket given away.
    expect(body(await transfer(paid.id, answer.ticket_id, t.keyOf(paid.id))).code).toBe('TICKET_NOT_TRANSFERABLE');
    const onward = await transfer(paid.id, answer.ticket_id, link.key, { name: 'Pedro Gil', email: 'pedro@example.mx', answers: { nombre: 'Pedro Gil', correo: 'pedro@example.mx' } });
    expect(onward.statusCode, onward.body).toBe(200);
    // At the door: every replaced code is revoked, the last holder's admits.
    const [first, second, last] = await sendScans(t, door, [{ code: old.qr_secret }, { code: fresh.qr_secret }, { code: (await ticketRow(body(onward).ticket_id)).qr_secret }], nextNonce);
    expect([first.verdict, second.verdict, last.verdict]).toEqual(['revoked', 'revoked', 'ok']);
    // A third change of hands is beyond max_per_ticket (2).
    const third = orderLinkOf(t.mails().find((m) => m.path.endsWith(`transfer-${body(onward).ticket_id}.eml`))!.text);
    const refused = await transfer(paid.id, body(onward).ticket_id, third.key, maria);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'TRANSFER_LIMIT_REACHED', mensaje: expect.stringContaining('(2)') });
  });

  it('the order page after a transfer: the buyer no longer sees the ticket, the history says so; the recipient sees their ticket only; passes are told', async () => {
    const paid = await paidWithPayPal(t);
    const [given, kept] = paid.tickets;
    const view = async (key: string) => t.app.inject({ url: `/api/orders/${paid.id}`, headers: { 'x-purchase-key': key } });
    const before = body(await view(t.keyOf(paid.id)));
    expect(before).toMatchObject({ alcance: 'compra', acciones: { transferir: { hasta: expect.any(String) }, cancelar: null } });
    expect(before.boletos.map((b: { id: string; transferible: boolean }) => [b.id, b.transferible])).toEqual([[given.id, true], [kept.id, true]]);
    const keptAnswers = before.boletos[1].respuestas;

    const res = await transfer(paid.id, given.id, t.keyOf(paid.id));
    expect(res.statusCode, res.body).toBe(200);
    const newId = body(res).ticket_id as string;
    expect((await t.rows('wallet_pass_changes', 'ticket_id', given.id)).length).toBeGreaterThan(0);

    const buyer = body(await view(t.keyOf(paid.id)));
    expect(buyer.boletos.map((b: { id: string }) => b.id)).toEqual([kept.id]);
    // The kept ticket's answers stay its own (the given one's unit does not shift it).
    expect(buyer.boletos[0].respuestas).toEqual(keptAnswers);
    expect(buyer.historial.map((h: { motivo: string }) => h.motivo)).toContain('ticket_transferred');

    const link = orderLinkOf(t.mails().find((m) => m.path.endsWith(`transfer-${newId}.eml`))!.text);
    const holderRes = await view(link.key);
    expect(holderRes.statusCode, holderRes.body).toBe(200);
    const holder = body(holderRes);
    expect(holder).toMatchObject({ alcance: 'boleto', comprador: { nombre: 'María Ruiz', email: 'maria@example.mx' }, pagos: [], historial: [], montos: null });
    expect(holder.acciones).toMatchObject({ reenviar: false, corregir_respuestas: false, cancelar: null, transferir: { hasta: expect.any(String) } });
    expect(holder.boletos).toHaveLength(1);
    expect(holder.boletos[0]).toMatchObject({ id: newId, titular: 'María Ruiz', qr: expect.any(String), transferible: true, respuestas: maria.answers });
    // A holder's key neither resends the buyer's e-mail nor corrects answers.
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/resend`, headers: { 'x-purchase-key': link.key } })).statusCode).toBe(403);
  });

  it('takes the new holder\'s name and e-mail from the form\'s name and e-mail answers when the request leaves them out', async () => {
    const paid = await paidWithPayPal(t);
    const res = await transfer(paid.id, paid.tickets[0].id, t.keyOf(paid.id), { answers: { nombre: ' Eva Ruiz ', correo: 'Eva@Example.mx' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ticketRow(body(res).ticket_id)).toMatchObject({ attendee_name: 'Eva Ruiz', holder_email: 'eva@example.mx' });
    expect(t.mails().some((m) => m.path.endsWith(`transfer-${body(res).ticket_id}.eml`) && mailHeader(m.text, 'To') === 'eva@example.mx')).toBe(true);
  });

  it('two transfers of one ticket at once: one wins, the other gets 409', async () => {
    const paid = await paidWithPayPal(t);
    const answers = await Promise.all([maria, { ...maria, name: 'Otra Persona', answers: { nombre: 'Otra Persona', correo: 'otra@example.mx' } }]
      .map((payload) => transfer(paid.id, paid.tickets[1].id, t.keyOf(paid.id), payload)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(body(answers.find((r) => r.statusCode === 409)!).code).toBe('TICKET_NOT_TRANSFERABLE');
    expect((await t.rows('tickets', 'transferred_from', paid.tickets[1].id))).toHaveLength(1);
  });

  it('refuses answers the form rejects, a checked-in ticket, an unpaid order, a wrong key, after the deadline and when not allowed', async () => {
    const paid = await paidWithPayPal(t);
    const key = t.keyOf(paid.id);
    const invalid = await transfer(paid.id, paid.tickets[0].id, key, { ...maria, answers: { nombre: 'María Ruiz' } });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).code).toBe('FORM_INVALID');
    expect(body(await transfer(paid.id, paid.tickets[0].id, 'otra-llave')).code).toBe('PURCHASE_NOT_FOUND');
    await sendScans(t, door, [{ code: paid.tickets[0].qr_secret }], nextNonce);
    expect(body(await transfer(paid.id, paid.tickets[0].id, key)).code).toBe('TICKET_NOT_TRANSFERABLE');
    const held = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    expect(body(await transfer(held, 'cualquiera', t.keyOf(held))).code).toBe('ORDER_NOT_PAID');
    try {
      await importWith(t, { transfers: { allowed: true, until: inDays(-1) } });
      const late = await transfer(paid.id, paid.tickets[1].id, key);
      expect(late.statusCode).toBe(409);
      expect(body(late).code).toBe('TRANSFER_DEADLINE_PASSED');
      await importWith(t, { transfers: { allowed: false } });
      expect(body(await transfer(paid.id, paid.tickets[1].id, key)).code).toBe('TRANSFERS_NOT_ALLOWED');
    } finally {
      await importWith(t, { transfers: { allowed: true, until: inDays(30), max_per_ticket: 2 } });
    }
    expect(await t.rows('ticket_revocations', 'ticket_id', paid.tickets[1].id)).toHaveLength(0);
  });
});
