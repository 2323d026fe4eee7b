import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { admin, createCheckinApp, paidWithPayPal } from './checkin-helpers';
import { mailHeader, pathOf, type PaymentsTestApp } from './payments/helpers';

/** The text of a single-part quoted-printable message. */
const plainBody = (eml: string) =>
  eml.split(/\r?\n\r?\n/).slice(1).join('\n\n').replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/**
 * The organiser cancels a paid purchase: its tickets are revoked (the pass page says so), its units go
 * back on sale, the buyer gets one e-mail, and with `refund` the payment goes back through its provider —
 * once, however often (and however concurrently) the cancel is called.
 */
describe.skipIf(skipDatabase)('POST /api/admin/purchases/{id}/cancel', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createCheckinApp();
  });
  afterAll(() => t.close());

  const cancel = (id: string, payload: unknown, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/purchases/${id}/cancel`, headers, payload: payload as object });
  const sold = async () => ((await t.rows('ticket_types', 'external_id', 1))[0] as { sold: number }).sold;
  const paypalRefunds = async () => (await t.rows('sandbox_payment_objects', 'kind', 'refund')).filter((r) => r.provider === 'paypal').length;
  const mailsOf = (id: string, attemptId: string) => t.mails().filter((m) => m.path.includes(id) || m.path.includes(attemptId)).map((m) => m.path.replace(/^.*\//, ''));
  async function passPage(paid: { id: string; tickets: Record<string, any>[] }) {
    const res = await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: paid.tickets[0].id, purchase_id: paid.id }, headers: t.keyed(paid.id) });
    return pathOf(body(res).url as string);
  }

  it('with refund: twice at once → one refund, one e-mail, the tickets revoked, the pass page says so', async () => {
    const paid = await paidWithPayPal(t);
    const page = await passPage(paid);
    const soldBefore = await sold();
    const refundsBefore = await paypalRefunds();
    const answers = await Promise.all([1, 2].map(() => cancel(paid.id, { refund: true, reason: 'Evento reprogramado' })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const again = await cancel(paid.id, { refund: true, reason: 'otra vez' });
    expect(body(again)).toEqual({ purchase_id: paid.id, status: 'refunded', refund: 'done' });

    expect(await paypalRefunds()).toBe(refundsBefore + 1);
    expect((await t.rows('payment_attempts', 'id', paid.attempt.id))[0]).toMatchObject({ status: 'refunded', refund_status: 'done', refund_reason: 'organiser' });
    // The order's history: paid, called off by the organiser (once, with the first request's words), then its refund made.
    expect(await t.rows('order_status_changes', 'purchase_id', paid.id)).toMatchObject([
      { from_status: 'held', to_status: 'paid', actor: 'provider', reason: 'paid', attempt_id: paid.attempt.id },
      { from_status: 'paid', to_status: 'cancelled', actor: 'organiser', reason: 'organiser', note: 'Evento reprogramado' },
      { from_status: 'cancelled', to_status: 'refunded', actor: 'provider', reason: 'refund_done', attempt_id: paid.attempt.id },
    ]);
    expect((await t.rows('ticket_revocations', 'reason', 'organiser')).filter((r) => paid.tickets.some((x) => x.id === r.ticket_id))).toHaveLength(2);
    expect(await sold()).toBe(soldBefore - 2);

    const mails = mailsOf(paid.id, paid.attempt.id);
    expect(mails.sort()).toEqual([`cancelled-${paid.id}.eml`, `tickets-${paid.id}.eml`]);
    const cancelled = t.mails().find((m) => m.path.endsWith(`cancelled-${paid.id}.eml`))!.text;
    expect(mailHeader(cancelled, 'Subject')).toBe('Tu compra para Concierto de Prueba fue cancelada');
    expect(plainBody(cancelled)).toContain('El organizador canceló tu compra. Motivo: Evento reprogramado');
    expect(plainBody(cancelled)).toContain('Te reembolsamos el pago al mismo medio de pago');

    const res = await t.app.inject({ url: page });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Boleto cancelado</h1>');
  });

  it('without refund: cancelled, the payment kept, one e-mail that says so', async () => {
    const paid = await paidWithPayPal(t);
    const refundsBefore = await paypalRefunds();
    for (let i = 0; i < 2; i += 1) {
      const res = await cancel(paid.id, { refund: false, reason: 'Boleto duplicado' });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toEqual({ purchase_id: paid.id, status: 'cancelled', refund: 'none' });
    }
    expect(await paypalRefunds()).toBe(refundsBefore);
    expect((await t.rows('payment_attempts', 'id', paid.attempt.id))[0]).toMatchObject({ status: 'approved', refund_status: null });
    expect(mailsOf(paid.id, paid.attempt.id).sort()).toEqual([`cancelled-${paid.id}.eml`, `tickets-${paid.id}.eml`]);
    const text = plainBody(t.mails().find((m) => m.path.endsWith(`cancelled-${paid.id}.eml`))!.text);
    expect(text).toContain('Esta cancelación no incluye reembolso.');
  });

  it('refuses a wrong token (401), an unknown purchase (404), an unpaid one (409) and a body without reason (400), each with mensaje and code', async () => {
    const paid = await paidWithPayPal(t);
    const held = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    const cases: [number, string, Awaited<ReturnType<typeof cancel>>][] = [
      [401, 'UNAUTHORIZED', await cancel(paid.id, { refund: false, reason: 'x' }, { authorization: 'Bearer otro' })],
      [404, 'PURCHASE_NOT_FOUND', await cancel('no-existe', { refund: false, reason: 'x' })],
      [409, 'PURCHASE_NOT_PAID', await cancel(held, { refund: false, reason: 'x' })],
      [400, 'VALIDATION_ERROR', await cancel(paid.id, { refund: true })],
    ];
    for (const [status, code, res] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(body(res)).toMatchObject({ code: status === 400 ? expect.any(String) : code, mensaje: expect.any(String) });
    }
    expect((await t.rows('purchases', 'id', paid.id))[0].status).toBe('paid');
  });
});
