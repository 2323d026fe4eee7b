import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/pagos-api.event.json';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { admin, ADMIN } from './checkin-helpers';
import { PUBLIC_URL } from './order-changes-helpers';
import { createPaymentsApp, eventually, mailHeader, mailText, URL_SLUG, type PaymentsTestApp } from './payments/helpers';
import { createMailer } from '../../src/server/fulfilment/mailer';
import { buildPaymentProviders } from '../../src/server/payments/registry';
import { runWaitingList } from '../../src/server/waiting-list/loop';

const OFFER_HOURS = 2;
const HOLD_MS = 15 * 60_000;
/** General (1) and Ultimos (3) with 2 places each, Platea (2) with 1; the waiting list on, offers held 2 hours. */
function waitingEvent() {
  const file = structuredClone(fixture) as typeof fixture & Record<string, unknown>;
  file.tickets[0].capacity = 2;
  file.tickets[1].capacity = 1;
  return { ...file, waiting_list: { enabled: true, offer_hours: OFFER_HOURS } };
}

/**
 * The waiting list of a sold-out ticket type: joined only when sold out, confirmed once by the e-mail's link,
 * freed tickets offered strictly in line order as held purchases that open from the offer e-mail and pay,
 * an offer that runs out passing its tickets on, and a cancelled paid order's tickets going to the line.
 */
describe.skipIf(skipDatabase)('waiting list', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, publicUrl: PUBLIC_URL, waitingListIntervalSeconds: 0 });
    await t.importEvent(waitingEvent());
  });
  afterAll(() => t.close());

  const join = async (ticketId: number, cantidad: number, email: string) =>
    t.app.inject({ method: 'POST', url: `/api/event/${URL_SLUG}/waiting-list`, payload: { ticket_id: ticketId, cantidad, email, lang: 'es', token: await t.botToken('waiting_list') } });
  const mailsTo = (email: string, kind: 'waiting-confirm' | 'waiting-offer') => t.mails().filter((m) => m.path.includes(`${kind}-`) && mailHeader(m.text, 'To') === email);
  const linkIn = (eml: string, page: string) => {
    const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/${URL_SLUG}/${page}#(\\S+)`).exec(mailText(eml))?.[1];
    if (!link) throw new Error(`no ${page} link in the e-mail`);
    return new URLSearchParams(link);
  };
  /** The key of the latest confirmation e-mail to `email` (sent after the answer: waited for). */
  const confirmKey = async (email: string) => {
    // The process's first e-mail starts the MJML layout thread: seconds on a busy machine.
    await eventually(() => mailsTo(email, 'waiting-confirm').length > 0, 30_000);
    return linkIn(mailsTo(email, 'waiting-confirm').at(-1)!.text, 'waiting-list').get('key')!;
  };
  const confirm = (key: string) => t.app.inject({ method: 'POST', url: '/api/waiting-list/confirm', payload: { key } });
  /** Joins and confirms; returns the entry's id. */
  const inLine = async (ticketId: number, cantidad: number, email: string) => {
    expect((await join(ticketId, cantidad, email)).statusCode).toBe(200);
    const res = await confirm(await confirmKey(email));
    expect(res.statusCode, res.body).toBe(200);
    return (await t.rows('waiting_list_entries', 'email', email)).find((e) => e.status === 'waiting')!.id as string;
  };
  /** One run of the loop, as the server's timer runs it (the app's own mailer). */
  const runLoop = () => runWaitingList({ ctx: t.ctx, providers: buildPaymentProviders(t.ctx.config, () => t.baseUrl), log: t.app.log, selfUrl: () => t.baseUrl, sendMail: createMailer(t.ctx.config) });
  const entry = async (id: string) => (await t.rows('waiting_list_entries', 'id', id))[0];
  const counters = async (externalId: number) => {
    const [row] = await t.ctx.db.kysely.selectFrom('ticket_types').select(['id', 'capacity', 'sold', 'held']).where('external_id', '=', externalId).where('event_id', '=', (await t.rows('events', 'url', URL_SLUG))[0].id).execute();
    return row;
  };
  const adminList = async () => {
    const res = await t.app.inject({ url: `/api/admin/events/${URL_SLUG}/waiting-list`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as { enabled: boolean; offer_hours: number; entries: { id: string; state: string; place: number | null; quantity: number; purchase_id: string | null }[] };
  };

  it('is joined only while the ticket type is sold out, up to its per-order maximum', async () => {
    expect(body(await join(2, 1, 'pronto@example.mx'))).toMatchObject({ code: 'WAITING_LIST_NOT_SOLD_OUT' });
    expect((await join(2, 1, 'pronto@example.mx')).statusCode).toBe(409);
    await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    // The public view names the sold-out type the list takes, with the most one may ask for.
    const view = body(await t.app.inject({ url: `/api/event/${URL_SLUG}` }));
    expect(view.event.waiting_list).toEqual([{ id: 2, maximum: 4 }]);
    const tooMany = await join(2, 5, 'pronto@example.mx');
    expect([tooMany.statusCode, body(tooMany).code]).toEqual([400, 'QUANTITY_OUT_OF_RANGE']);
    expect(body(await join(99, 1, 'pronto@example.mx')).code).toBe('WAITING_LIST_UNAVAILABLE');
    const joined = await join(2, 2, 'pronto@example.mx');
    expect([joined.statusCode, body(joined)]).toEqual([200, { enviado: true }]);
    // Without a bot-check token nobody joins.
    const noToken = await t.app.inject({ method: 'POST', url: `/api/event/${URL_SLUG}/waiting-list`, payload: { ticket_id: 2, cantidad: 1, email: 'bot@example.mx', token: 'x' } });
    expect(noToken.statusCode).toBe(403);
  });

  it('a confirmation link puts the entry in line once, however often it is followed', async () => {
    const key = await confirmKey('pronto@example.mx');
    const first = await confirm(key);
    expect([first.statusCode, body(first)]).toEqual([200, { url: URL_SLUG, evento: expect.any(String), boleto: 'Platea', cantidad: 2, estado: 'en_fila', lugar: 1 }]);
    const [placed] = await t.rows('waiting_list_entries', 'email', 'pronto@example.mx');
    t.advance(1000);
    expect(body(await confirm(key))).toMatchObject({ estado: 'en_fila', lugar: 1 });
    // Joining again with the same address answers alike and adds nobody.
    expect(body(await join(2, 1, 'PRONTO@example.mx'))).toEqual({ enviado: true });
    const rows = await t.rows('waiting_list_entries', 'email', 'pronto@example.mx');
    expect(rows.map((r) => [r.status, r.confirmed_at, r.quantity])).toEqual([['waiting', placed.confirmed_at, 2]]);
    expect(body(await confirm('not-a-key')).code).toBe('WAITING_LIST_LINK_INVALID');
    // While someone waits, the type is sold out to everyone else.
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: URL_SLUG, token: await t.botToken(), tickets: [{ ticket_id: 2, cantidad: 1 }] } })).code).toBe('SOLD_OUT');
  });

  it('offers freed tickets strictly in line order, never more than was freed; an offer that runs out passes them on', async () => {
    // Ultimos (2 places) held one by one; the first hold runs out before the second.
    await t.purchase([{ ticket_id: 3, cantidad: 1 }]);
    t.advance(10 * 60_000);
    await t.purchase([{ ticket_id: 3, cantidad: 1 }]);
    const wantsTwo = await inLine(3, 2, 'primera@example.mx');
    const wantsOne = await inLine(3, 1, 'segunda@example.mx');
    t.advance(6 * 60_000);
    // One place freed; the first in line wants two: nobody is offered anything (no skipping ahead).
    expect(await runLoop()).not.toContain(wantsTwo);
    expect([(await entry(wantsTwo)).status, (await entry(wantsOne)).status]).toEqual(['waiting', 'waiting']);
    expect(await counters(3)).toMatchObject({ sold: 0, held: 1 });
    t.advance(HOLD_MS);
    // Both freed: the first in line gets both, held for the offer's hours; the second still waits.
    expect(await runLoop()).toContain(wantsTwo);
    const offer = await entry(wantsTwo);
    expect(offer.status).toBe('offered');
    const [held] = await t.rows('purchases', 'id', offer.purchase_id);
    expect(held).toMatchObject({ status: 'held', stock_counted: 1 });
    expect(Date.parse(held.expires_at) - Date.parse(offer.offered_at)).toBe(OFFER_HOURS * 3_600_000);
    expect(await counters(3)).toMatchObject({ sold: 0, held: 2 });
    expect((await entry(wantsOne)).status).toBe('waiting');
    expect(mailsTo('primera@example.mx', 'waiting-offer')).toHaveLength(1);
    // A second run (another replica) offers nothing more.
    expect(await runLoop()).toEqual([]);
    // The offer runs out unclaimed: its tickets go to the next in line, one of them (the other is free again).
    t.advance(OFFER_HOURS * 3_600_000 + 60_000);
    expect(await runLoop()).toEqual([wantsOne]);
    expect(await counters(3)).toMatchObject({ sold: 0, held: 1 });
    const list = await adminList();
    expect(list).toMatchObject({ enabled: true, offer_hours: OFFER_HOURS });
    expect(list.entries.filter((e) => [wantsTwo, wantsOne].includes(e.id)).map((e) => [e.id, e.state])).toEqual([[wantsTwo, 'lapsed'], [wantsOne, 'offered']]);
    expect(list.entries.find((e) => e.state === 'waiting')).toMatchObject({ place: 1, quantity: 2 });
  });

  it("an offer's link opens the held tickets and pays for them", async () => {
    const [offered] = await t.rows('waiting_list_entries', 'email', 'segunda@example.mx');
    await eventually(() => mailsTo('segunda@example.mx', 'waiting-offer').length === 1, 30_000);
    const link = linkIn(mailsTo('segunda@example.mx', 'waiting-offer')[0].text, 'offer');
    expect(link.get('purchase_id')).toBe(offered.purchase_id);
    const headers = { 'x-purchase-key': link.get('key')! };
    const reload = body(await t.app.inject({ url: `/api/payments/purchase/${offered.purchase_id}`, headers }));
    expect(reload).toMatchObject({ status: 'held' });
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: offered.purchase_id }, headers }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=segunda%40example.mx' });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers }));
    expect(loader.status).toBe('approved');
    expect((await t.rows('purchases', 'id', offered.purchase_id))[0].status).toBe('paid');
    expect(await counters(3)).toMatchObject({ sold: 1, held: 0 });
    expect((await adminList()).entries.find((e) => e.id === offered.id)?.state).toBe('claimed');
  });

  it("a paid order's cancellation frees its tickets to the line", async () => {
    const paid = await t.purchase([{ ticket_id: 1, cantidad: 2 }]);
    await t.fillForm(paid, ['Ana López', 'Luis Pérez']);
    const { order } = body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: paid }, headers: t.keyed(paid) }));
    await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=ana%40example.mx' });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id }, headers: t.keyed(paid) })).status).toBe('approved');
    const waiting = await inLine(1, 2, 'tercera@example.mx');
    expect(await runLoop()).toEqual([]);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${paid}/cancel`, headers: admin, payload: { refund: true, reason: 'Cambio de planes' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await runLoop()).toEqual([waiting]);
    expect(await counters(1)).toMatchObject({ sold: 0, held: 2 });
  });
});
