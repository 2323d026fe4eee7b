import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { admin, pairDevice, paidWithPayPal, sendScans } from './checkin-helpers';
import { createOrderChangesApp, inDays } from './order-changes-helpers';
import { URL_SLUG, type PaymentsTestApp } from './payments/helpers';

/**
 * The operators' orders API: search by every key and filter with keyset paging and event scoping, one order with its
 * timeline, and the organiser's actions through the order module (resend, corrections, whole or partial cancellation
 * with a full, partial or no refund through the provider), each recorded with the operator as actor.
 */
describe.skipIf(skipDatabase)('/api/admin/orders', () => {
  let t: PaymentsTestApp;
  let door: string;
  let nonce = 0;
  const nextNonce = () => `admin-orders-${(nonce += 1)}`;
  beforeAll(async () => {
    t = await createOrderChangesApp({ transfers: { allowed: true, until: inDays(30), max_per_ticket: 2 }, refund_policy: { until: inDays(30), fee_percent: 10 } });
    door = (await pairDevice(t, 'all', 'Puerta operadores')).token;
  });
  afterAll(() => t.close());

  const search = async (query: Record<string, string | number>) => {
    const res = await t.app.inject({ url: `/api/admin/orders?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as { orders: { purchase_id: string; [key: string]: unknown }[]; next_cursor: string | null };
  };
  const ids = async (query: Record<string, string | number>) => (await search(query)).orders.map((o) => o.purchase_id);
  const view = async (id: string) => {
    const res = await t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return body(res);
  };
  const cancel = (id: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/cancel`, headers: admin, payload });
  /** The refunds the PayPal sandbox made of an attempt's order, in pesos, oldest first. */
  const paypalRefunds = async (attempt: Record<string, any>): Promise<number[]> => {
    const [order] = (await t.rows('sandbox_payment_objects', 'id', attempt.provider_reference)).filter((r) => r.provider === 'paypal' && r.kind === 'order');
    return (JSON.parse(String(order.data_json)).purchase_units?.[0]?.payments?.refunds ?? []).map((r: { amount: { value: string } }) => Number(r.amount.value));
  };

  it('answers 401 without the token and 404 for an unknown order', async () => {
    for (const [method, url] of [['GET', '/api/admin/orders'], ['GET', '/api/admin/orders/x'], ['POST', '/api/admin/orders/x/resend']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(body(res)).toMatchObject({ code: 'UNAUTHORIZED', mensaje: expect.any(String) });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/admin/orders/x/cancel', payload: { refund: 'none' } });
    expect(noToken.statusCode).toBe(401);
    for (const [method, url, payload] of [['GET', '/api/admin/orders/nope', undefined], ['POST', '/api/admin/orders/nope/resend', undefined], ['POST', '/api/admin/orders/nope/cancel', { refund: 'none' }]] as const) {
      const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(body(res).code).toBe('PURCHASE_NOT_FOUND');
    }
  });

  it('finds an order by reference, buyer name, e-mail, phone, folio and holder name or e-mail; filters; pages newest first', async () => {
    const first = await paidWithPayPal(t, ['Zoe Quintana', 'Yago Quintana']);
    const second = await paidWithPayPal(t, ['Xavi Ortega']);
    const held = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const [buyer] = await t.rows('purchases', 'id', first.id);
    // The buyer the provider named, with the phone a checkout form would have given.
    const info = { ...(JSON.parse(String(buyer.buyer_info_json)) as { name: string; email: string }), phone: '(55) 1234 5678' };
    await t.ctx.db.kysely.updateTable('purchases').set({ buyer_info_json: JSON.stringify(info) }).where('id', '=', first.id).execute();
    // The reference, whole.
    expect(await ids({ q: first.id })).toEqual([first.id]);
    // A folio as printed (leading zeros) and as a number.
    const folio = Number(first.tickets[1].folio);
    expect(await ids({ q: String(folio).padStart(6, '0') })).toContain(first.id);
    expect(await ids({ q: String(folio) })).toContain(first.id);
    // The holder's name (its start, any case) and the buyer's e-mail (any case), phone (as typed) and name.
    expect(await ids({ q: 'yago quin' })).toEqual([first.id]);
    expect(await ids({ q: info.email.toUpperCase() })).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await ids({ q: '55-1234-5678' })).toEqual([first.id]);
    expect(await ids({ q: info.name.slice(0, 4) })).toEqual(expect.arrayContaining([first.id, second.id]));
    // A ticket given to someone else is found by its holder's name and e-mail.
    const moved = await t.app.inject({
      method: 'POST', url: `/api/orders/${second.id}/tickets/${second.tickets[0].id}/transfer`, headers: { 'x-purchase-key': t.keyOf(second.id) },
      payload: { name: 'Wendy Paz', email: 'Wendy@Example.mx', answers: { nombre: 'Wendy Paz', correo: 'wendy@example.mx' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids({ q: 'wendy@example.mx' })).toEqual([second.id]);
    expect(await ids({ q: 'Wendy P' })).toEqual([second.id]);
    // Nothing matches a text that names nothing.
    expect(await ids({ q: 'nadie-nunca@example.mx' })).toEqual([]);

    // Filters: status, method, ticket type, event, dates.
    expect(await ids({ status: 'held' })).toContain(held);
    expect(await ids({ status: 'held' })).not.toContain(first.id);
    expect(await ids({ status: 'paid', method: 'paypal' })).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await ids({ method: 'stripe' })).not.toContain(first.id);
    expect(await ids({ ticket_type: 2 })).toContain(held);
    expect(await ids({ ticket_type: 2 })).not.toContain(first.id);
    expect(await ids({ event: URL_SLUG, q: first.id })).toEqual([first.id]);
    expect(await ids({ event: 'otro-evento', q: first.id })).toEqual([]);
    expect(await ids({ q: first.id, from: inDays(1) })).toEqual([]);
    expect(await ids({ q: first.id, to: inDays(1) })).toEqual([first.id]);

    // The row: reference, event, buyer, status, method, total, times, tickets bought.
    const [row] = (await search({ q: first.id })).orders;
    expect(row).toEqual({
      purchase_id: first.id, event: { url: URL_SLUG, name: expect.any(String) }, buyer: { name: info.name, email: info.email, phone: info.phone },
      status: 'paid', method: 'paypal', total: expect.any(Number), created_at: expect.any(String), paid_at: expect.any(String), tickets: 2,
    });

    // Newest first, one a page, each page after the last row of the one before.
    const all = await ids({ limit: 100 });
    expect(all.slice(0, 3)).toEqual([held, second.id, first.id]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search({ limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.orders.length).toBeLessThanOrEqual(1);
      seen.push(...page.orders.map((o) => o.purchase_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await t.app.inject({ url: '/api/admin/orders?cursor=nonsense', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe('ORDER_SEARCH_INVALID');
    expect(body(await t.app.inject({ url: '/api/admin/orders?limit=101', headers: admin })).code).toBe('ORDER_SEARCH_INVALID');
  });

  it('shows the order with its payments and a timeline of hold, payment, e-mails, transfer, partial cancellation and check-in, in time order', async () => {
    const paid = await paidWithPayPal(t);
    const moved = await t.app.inject({
      method: 'POST', url: `/api/orders/${paid.id}/tickets/${paid.tickets[1].id}/transfer`, headers: { 'x-purchase-key': t.keyOf(paid.id) },
      payload: { name: 'Vera Soto', email: 'vera@example.mx', answers: { nombre: 'Vera Soto', correo: 'vera@example.mx' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = await sendScans(t, door, [{ code: paid.tickets[0].qr_secret as string }], nextNonce);
    expect(entry.verdict).toBe('ok');
    const cancelled = await cancel(paid.id, { tickets: [body(moved).ticket_id], refund: 'none', reason: 'Pidió su baja por teléfono' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const answer = await view(paid.id);
    // The buyer's page's view, whole.
    expect(answer.order).toMatchObject({ purchase_id: paid.id, alcance: 'compra', estado: 'partially_cancelled', boletos: [{ id: paid.tickets[0].id }] });
    expect(answer.payments).toEqual([expect.objectContaining({ id: paid.attempt.id, provider: 'paypal', status: 'approved', provider_payment_id: expect.any(String) })]);
    expect(answer.cancellations).toEqual([expect.objectContaining({ ticket_ids: [body(moved).ticket_id], refund: 0, method: 'none' })]);
    const timeline = answer.timeline as { at: string; kind: string; actor: string | null; details: Record<string, unknown> }[];
    expect(timeline.map((e) => e.at)).toEqual([...timeline.map((e) => e.at)].sort());
    const kinds = timeline.map((e) => e.kind);
    expect(kinds[0]).toBe('hold_created');
    for (const kind of ['payment_attempt', 'payment_status', 'mail', 'status_change', 'order_event', 'ticket_revoked', 'cancellation', 'checkin_entry']) expect(kinds, kind).toContain(kind);
    expect(kinds.indexOf('payment_attempt')).toBeLessThan(kinds.indexOf('status_change'));
    expect(timeline.filter((e) => e.kind === 'status_change').map((e) => `${e.details.from} → ${e.details.to} ${e.actor}`)).toEqual(['held → paid provider', 'paid → partially_cancelled token']);
    expect(timeline.find((e) => e.kind === 'status_change' && e.details.to === 'partially_cancelled')!.details.note).toBe('Pidió su baja por teléfono');
    expect(timeline.find((e) => e.kind === 'order_event')).toMatchObject({ actor: 'buyer', details: { reason: 'ticket_transferred' } });
    // E-mails as operators see them: kind, recipient in full, status, sends.
    expect(timeline.filter((e) => e.kind === 'mail').map((e) => e.details.recipient)).toEqual(expect.arrayContaining(['vera@example.mx']));
    expect(timeline.find((e) => e.kind === 'mail')!.details).toMatchObject({ mail_kind: 'tickets', status: expect.any(String), attempts: expect.any(Number) });
    expect(timeline.find((e) => e.kind === 'checkin_entry')).toMatchObject({ actor: 'door', details: { list: 'all', device: 'Puerta operadores', entry_number: expect.any(Number) } });
  });

  it('cancels one ticket with its refund through the provider, then the rest with what is left of the payment', async () => {
    const paid = await paidWithPayPal(t);
    const one = await cancel(paid.id, { tickets: [paid.tickets[0].id], refund: 'full', reason: 'Evento reprogramado' });
    expect(one.statusCode, one.body).toBe(200);
    expect(body(one)).toEqual({ purchase_id: paid.id, status: 'partially_cancelled', ticket_ids: [paid.tickets[0].id], refund: 100, refund_status: 'done' });
    expect(await paypalRefunds(paid.attempt)).toEqual([100]);
    const rest = await cancel(paid.id, { refund: 'full' });
    expect(rest.statusCode, rest.body).toBe(200);
    const left = Number(paid.attempt.amount_cents) / 100 - 100;
    expect(body(rest)).toEqual({ purchase_id: paid.id, status: 'cancelled', ticket_ids: [paid.tickets[1].id], refund: left, refund_status: 'done' });
    expect(await paypalRefunds(paid.attempt)).toEqual([100, left]);
    expect((await t.rows('order_status_changes', 'purchase_id', paid.id)).map((r) => `${r.from_status} → ${r.to_status} ${r.actor}`)).toEqual([
      'held → paid provider', 'paid → partially_cancelled token', 'partially_cancelled → cancelled token',
    ]);
    // The buyer is told the organiser cancelled, with the reason.
    const mails = t.mails().filter((m) => m.path.includes(`cancelled-${paid.id}-`));
    expect(mails).toHaveLength(2);
    expect(body(await cancel(paid.id, { refund: 'none' })).code).toBe('ORDER_NOT_PAID');
  });

  it('cancels with a partial amount; refuses more than is left; a whole order without refund is called off without one', async () => {
    const paid = await paidWithPayPal(t);
    const tooMuch = await cancel(paid.id, { tickets: [paid.tickets[0].id], refund: { amount: 100_000 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(body(tooMuch).code).toBe('REFUND_TOO_LARGE');
    const some = await cancel(paid.id, { tickets: [paid.tickets[0].id], refund: { amount: 25.5 } });
    expect(body(some)).toMatchObject({ status: 'partially_cancelled', refund: 25.5, refund_status: 'done' });
    expect(await paypalRefunds(paid.attempt)).toEqual([25.5]);

    const whole = await paidWithPayPal(t);
    const none = await cancel(whole.id, { refund: 'none', reason: 'Compra duplicada' });
    expect(none.statusCode, none.body).toBe(200);
    expect(body(none)).toMatchObject({ status: 'cancelled', refund: 0, refund_status: 'none' });
    expect(await paypalRefunds(whole.attempt)).toEqual([]);
    expect((await t.rows('order_status_changes', 'purchase_id', whole.id)).at(-1)).toMatchObject({ to_status: 'cancelled', actor: 'token', reason: 'organiser', note: 'Compra duplicada' });
    expect(await t.rows('ticket_revocations', 'ticket_id', whole.tickets[0].id)).toHaveLength(1);
  });

  it('resends the tickets e-mail beyond the buyer\'s cap and corrects answers past the changes window, naming the operator', async () => {
    const paid = await paidWithPayPal(t);
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${paid.id}/resend`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toEqual({ purchase_id: paid.id, recipient: expect.stringContaining('@') });
    }
    expect((await t.rows('order_events', 'purchase_id', paid.id)).filter((e) => e.reason === 'tickets_resent').map((e) => e.actor)).toEqual(['token', 'token', 'token', 'token']);
    const corrected = await t.app.inject({
      method: 'PUT', url: `/api/admin/orders/${paid.id}/tickets/${paid.tickets[0].id}/answers`, headers: admin,
      payload: { respuestas: { nombre: 'Ana María López', correo: 'ana@example.mx' } },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(body(corrected).boleto).toMatchObject({ id: paid.tickets[0].id, titular: 'Ana María López' });
    expect((await t.rows('order_events', 'purchase_id', paid.id)).find((e) => e.reason === 'answers_corrected')).toMatchObject({ actor: 'token' });
  });
});
