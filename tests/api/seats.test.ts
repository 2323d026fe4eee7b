import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import seated from './fixtures/asientos-api.event.json';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { buyer, createPaymentsApp, pdfText, type PaymentsTestApp } from './payments/helpers';
import { createMailer } from '../../src/server/fulfilment/mailer';
import { retryPendingWork } from '../../src/server/payments/pending-work';
import { buildPaymentProviders } from '../../src/server/payments/registry';
import { seatsProviderOf } from '../../src/server/seats/seats-provider';

/**
 * Seated events against the built-in seat sandbox, reached over HTTP by the official seatsio
 * client like seats.io: the chart's token holds places, new-purchase checks them and derives
 * the quantities, payment books them, expiry releases them.
 */
const ADMIN = 'token-de-prueba-asientos';

describe.skipIf(skipDatabase)('seated events', () => {
  let t: PaymentsTestApp;
  const PUBLIC = '/sandbox/seatsio/api/public/sandbox-workspace';
  const EVENT = `${PUBLIC}/events/asientos-api`;

  /** What the chart does in the buyer's browser: start a session and hold places with its token. */
  async function chartHolds(objects: (string | { objectId: string; quantity: number })[]) {
    const token = body(await t.app.inject({ method: 'POST', url: `${PUBLIC}/hold-tokens` })).holdToken as string;
    if (objects.length > 0) {
      const res = await t.app.inject({ method: 'POST', url: `${EVENT}/actions/hold-objects`, payload: { objects, holdToken: token } });
      expect(res.statusCode).toBe(200);
    }
    return token;
  }
  const newPurchase = async (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'asientos-api', token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 1 }], ...payload } });
  const statuses = async (token?: string) => {
    const answer = body(await t.app.inject({ url: `${EVENT}/objects${token ? `?holdToken=${token}` : ''}` }));
    return Object.fromEntries((answer.objects as { label: string; status: string; numFree: number }[]).map((o) => [o.label, o]));
  };
  const purchaseSeats = async (id: string) => (await t.rows('purchase_seats', 'purchase_id', id))[0];

  beforeAll(async () => {
    t = await createPaymentsApp({ adminToken: ADMIN });
    await t.importEvent(seated);
  });
  afterAll(() => t.close());

  it('derives the quantities from the held places, keeps unseated lines, and stores the labels per ticket type', async () => {
    const token = await chartHolds(['A-1', 'A-2', 'T1-3', { objectId: 'General', quantity: 2 }]);
    // The request asks 5 Platea: the server takes 2 from the seats, and the unseated parking line as asked.
    const res = await newPurchase({ tickets: [{ ticket_id: 1, cantidad: 5 }, { ticket_id: 5, cantidad: 1 }], seats: { holdToken: token, objects: [{ label: 'A-1' }, { label: 'A-2' }, { label: 'T1-3' }, { label: 'General', quantity: 2 }] } });
    expect(res.statusCode).toBe(200);
    const id = body(res).purchase_id as string;
    // 2 × 350 + 600 + 2 × 200 + 100 = 1800, fee 10 % → 1980
    expect(body(res).amount).toBe(1980);
    const lines = await t.rows('purchase_lines', 'purchase_id', id);
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 1, 2, 2]);
    const row = await purchaseSeats(id);
    expect(row).toMatchObject({ status: 'held', hold_token: token, event_key: 'asientos-api' });
    expect(JSON.parse(row.seats_json)).toEqual([
      { label: 'A-1', ticketId: 1, quantity: 1, objectType: 'Seat' },
      { label: 'A-2', ticketId: 1, quantity: 1, objectType: 'Seat' },
      { label: 'T1-3', ticketId: 2, quantity: 1, objectType: 'Seat' },
      { label: 'General', ticketId: 4, quantity: 2, objectType: 'GeneralAdmissionArea' },
    ]);
    // The token now lasts as long as the purchase's hold.
    const { expiresAt } = body(await t.app.inject({ url: `/sandbox/seatsio/api/hold-tokens/${token}`, headers: { authorization: `Basic ${Buffer.from(`${sandboxSecret()}:`).toString('base64')}` } }));
    expect(Math.abs(new Date(expiresAt).getTime() - new Date(body(res).expiresTickets).getTime())).toBeLessThan(5_000);
  });

  it('refuses seats the token does not hold with 409 naming the seat, and seated types without seats', async () => {
    const mine = await chartHolds(['B-1']);
    const other = await chartHolds(['B-2']);
    const forged = await newPurchase({ seats: { holdToken: mine, objects: [{ label: 'B-1' }, { label: 'B-2' }] } });
    expect(forged.statusCode).toBe(409);
    expect(body(forged)).toMatchObject({ code: 'SEAT_NOT_HELD', mensaje: expect.stringContaining('B-2') });
    const free = await newPurchase({ seats: { holdToken: mine, objects: [{ label: 'B-3' }] } });
    expect(body(free)).toMatchObject({ code: 'SEAT_NOT_HELD', mensaje: expect.stringContaining('B-3') });
    const unknownToken = await newPurchase({ seats: { holdToken: 'no-such-token', objects: [{ label: 'B-1' }] } });
    expect(body(unknownToken)).toMatchObject({ code: 'SEAT_NOT_HELD', mensaje: expect.stringContaining('B-1') });
    const unknownSeat = await newPurchase({ seats: { holdToken: mine, objects: [{ label: 'Z-99' }] } });
    expect(body(unknownSeat)).toMatchObject({ code: 'SEAT_NOT_HELD', mensaje: expect.stringContaining('Z-99') });
    // A seated type asked for without seats is not sold: nothing is left to hold.
    const noSeats = await newPurchase({ tickets: [{ ticket_id: 1, cantidad: 2 }] });
    expect(noSeats.statusCode).toBe(400);
    expect(body(noSeats).code).toBe('NO_TICKETS');
    expect(other).not.toBe(mine);
  });

  it('answers 400 for seats on an unseated event', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/payments/new-purchase',
      payload: { url: 'pagos-api', token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 1 }], seats: { holdToken: 'x', objects: [{ label: 'A-1' }] } },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('SEATS_NOT_OFFERED');
  });

  it('lets exactly one of two racing purchases of the same seats win', async () => {
    const token = await chartHolds(['C-1', 'C-2']);
    const seats = { holdToken: token, objects: [{ label: 'C-1' }, { label: 'C-2' }] };
    const answers = await Promise.all([newPurchase({ seats }), newPurchase({ seats }), newPurchase({ seats })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => body(a).code === 'SEAT_NOT_HELD')).toBe(true);
    // Another buyer's chart cannot hold them either.
    const other = body(await t.app.inject({ method: 'POST', url: `${PUBLIC}/hold-tokens` })).holdToken;
    const taken = await t.app.inject({ method: 'POST', url: `${EVENT}/actions/hold-objects`, payload: { objects: ['C-1'], holdToken: other } });
    expect(taken.statusCode).toBe(400);
  });

  it('books the places when the payment is approved; they stay unavailable after the hold time', async () => {
    const token = await chartHolds(['A-5', 'A-6']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'A-5' }, { label: 'A-6' }] } });
    const id = body(res).purchase_id as string;
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    const loader = await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers });
    expect(body(loader).reload.emission_id).toBeTruthy();
    expect(await purchaseSeats(id)).toMatchObject({ status: 'booked' });
    // Each ticket carries its place: on the tickets, the reload, the PDF and the e-mail.
    expect((await t.rows('tickets', 'purchase_id', id)).map((x) => x.seat_label).sort()).toEqual(['A-5', 'A-6']);
    expect(body(loader).reload.tickets).toEqual([expect.objectContaining({ ticket_id: 1, cantidad: 2, seats: ['A-5', 'A-6'] })]);
    const pdf = await t.app.inject({ url: `/api/emissions/download/all?emission_id=${body(loader).reload.emission_id}&purchase_id=${id}`, headers });
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('Lugar');
    expect(text).toContain('A-5');
    expect(t.mails().some((mail) => mail.text.includes('Tus lugares: A-5, A-6.'))).toBe(true);
    // …and on each ticket's wallet pass page (the passes are built from the same TicketPass).
    for (const ticket of await t.rows('tickets', 'purchase_id', id)) {
      const wallet = await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: ticket.id, purchase_id: id }, headers });
      const page = await t.app.inject({ url: new URL(body(wallet).url as string, 'http://localhost').pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<dd>${ticket.seat_label}</dd>`);
    }
    expect((await statuses())['A-5'].status).toBe('booked');
    t.advance(3 * 60 * 60_000);
    const later = await statuses();
    expect(later['A-5'].status).toBe('booked');
    expect(later['A-6'].status).toBe('booked');
  });

  it('gives a paid order\'s booked places back when the organiser cancels it', async () => {
    const token = await chartHolds(['C-3', 'C-4']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'C-3' }, { label: 'C-4' }] } });
    const id = body(res).purchase_id as string;
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers });
    expect((await statuses())['C-3'].status).toBe('booked');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${id}/cancel`, headers: { authorization: `Bearer ${ADMIN}` }, payload: { refund: false, reason: 'Cambio de sede' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await purchaseSeats(id)).toMatchObject({ status: 'released' });
    const after = await statuses();
    expect([after['C-3'].status, after['C-4'].status]).toEqual(['free', 'free']);
  });

  it('frees only the cancelled tickets\' places when the buyer cancels part of a seated order', async () => {
    await t.importEvent({ ...seated, refund_policy: { until: new Date(t.ctx.now().getTime() + 30 * 86_400_000).toISOString(), fee_percent: 10 } });
    const token = await chartHolds(['A-7', 'A-8']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'A-7' }, { label: 'A-8' }] } });
    const id = body(res).purchase_id as string;
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers });
    const tickets = await t.rows('tickets', 'purchase_id', id);
    const a7 = tickets.find((x) => x.seat_label === 'A-7')!;
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers, payload: { ticket_ids: [a7.id], clabe: '002115000012345675' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body(cancelled)).toMatchObject({ status: 'partially_cancelled' });
    // The map shows the cancelled ticket's place free, the other still booked; our row keeps only the booked one.
    const after = await statuses();
    expect([after['A-7'].status, after['A-8'].status]).toEqual(['free', 'booked']);
    expect(await purchaseSeats(id)).toMatchObject({ status: 'booked' });
    expect(JSON.parse((await purchaseSeats(id)).seats_json)).toEqual([{ label: 'A-8', ticketId: 1, quantity: 1, objectType: 'Seat' }]);
    // Another buyer can take it now.
    expect((await newPurchase({ seats: { holdToken: await chartHolds(['A-7']), objects: [{ label: 'A-7' }] } })).statusCode).toBe(200);
    // The last ticket cancelled: the rest goes back too.
    const rest = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers, payload: { clabe: '002115000012345675' } });
    expect(body(rest)).toMatchObject({ status: 'cancelled' });
    expect((await statuses())['A-8'].status).toBe('free');
    expect(await purchaseSeats(id)).toMatchObject({ status: 'released' });
  });

  it('releases the places when the hold expires, so another buyer can take them', async () => {
    const token = await chartHolds(['B-8', 'B-9']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'B-8' }, { label: 'B-9' }] } });
    expect(res.statusCode).toBe(200);
    expect((await statuses())['B-8'].status).toBe('reservedByToken');
    t.advance(16 * 60_000);
    expect((await statuses())['B-8'].status).toBe('free');
    // The next purchase of the event gives the run-out hold back and releases its places at the provider.
    const next = await chartHolds(['B-8']);
    expect((await newPurchase({ seats: { holdToken: next, objects: [{ label: 'B-8' }] } })).statusCode).toBe(200);
    expect(await purchaseSeats(body(res).purchase_id)).toMatchObject({ status: 'released' });
  });

  /** A purchase of `labels` paid with an OXXO voucher in MercadoPago's sandbox checkout; resolves once its places are `kept`. */
  async function voucherFor(labels: string[]): Promise<string> {
    const token = await chartHolds(labels);
    const res = await newPurchase({ seats: { holdToken: token, objects: labels.map((label) => ({ label })) } });
    const id = body(res).purchase_id as string;
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const preference = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: buyer() }, headers });
    expect(preference.statusCode).toBe(200);
    const checkout = await t.app.inject(body(preference).init_point);
    const action = /action="([^"]+\/voucher)"/.exec(checkout.body)![1];
    expect((await t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(303);
    await vi.waitFor(async () => expect(await purchaseSeats(id)).toMatchObject({ status: 'kept' }), { timeout: 10_000 });
    return id;
  }

  it('keeps a cash voucher\'s places in a custom status past the token\'s life, until the voucher runs out', async () => {
    const id = await voucherFor(['T1-5', 'T1-6']);
    expect((await statuses())['T1-5'].status).toBe('reservedForVoucher');
    // Hours later (past the hold and any token's 2-hour life) the voucher still keeps them.
    t.advance(3 * 60 * 60_000);
    expect((await statuses())['T1-6'].status).toBe('reservedForVoucher');
    // Past the voucher's deadline the next purchase of the event gives them back.
    t.advance(72 * 60 * 60_000);
    const next = await chartHolds(['A-10']);
    expect((await newPurchase({ seats: { holdToken: next, objects: [{ label: 'A-10' }] } })).statusCode).toBe(200);
    expect(await purchaseSeats(id)).toMatchObject({ status: 'released' });
    expect((await statuses())['T1-5'].status).toBe('free');
  });

  it('books a late payment\'s places when they are still free, and flags them for an operator when taken', async () => {
    const pay = async (labels: string[], meanwhile: () => Promise<unknown>) => {
      const token = await chartHolds(labels);
      const res = await newPurchase({ seats: { holdToken: token, objects: labels.map((label) => ({ label })) } });
      const id = body(res).purchase_id as string;
      const headers = { 'x-purchase-key': body(res).access_key as string };
      const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers }));
      t.advance(16 * 60_000); // the hold and the token run out before the bank confirms
      await meanwhile();
      await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
      await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers });
      return id;
    };
    const free = await pay(['A-9'], async () => undefined);
    expect(await purchaseSeats(free)).toMatchObject({ status: 'booked' });
    expect((await statuses())['A-9'].status).toBe('booked');
    const taken = await pay(['C-10'], () => chartHolds(['C-10']));
    expect((await t.rows('purchases', 'id', taken))[0].status).toBe('paid');
    expect(await purchaseSeats(taken)).toMatchObject({ status: 'unbooked' });
  });

  /** What the pending-work loop runs every minute, with the app's own providers and mailer. */
  const retryPendingWorkNow = () => {
    const providers = buildPaymentProviders(t.ctx.config, () => t.baseUrl);
    return retryPendingWork({ ctx: t.ctx, providers, log: t.app.log, selfUrl: () => t.baseUrl, sendMail: createMailer(t.ctx.config) });
  };
  /** The seat provider's client calls fail once as an unreachable host does (no HTTP status). */
  const unreachableOnce = async (call: 'book' | 'release') =>
    vi.spyOn((await seatsProviderOf(t.ctx).client('sandbox')).events, call).mockRejectedValueOnce(new TypeError('fetch failed'));

  it('books a paid purchase\'s places later when the seat provider could not be reached at payment', async () => {
    const token = await chartHolds(['B-1']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'B-1' }] } });
    const id = body(res).purchase_id as string;
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers }));
    // The bank's approval reaches the server (its webhook confirms the payment) while the seat provider is down.
    const book = await unreachableOnce('book');
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers });
    expect(book).toHaveBeenCalledTimes(1);
    book.mockRestore();
    // Paid, its places still only held by the token: not flagged for an operator, owed a booking.
    expect((await t.rows('purchases', 'id', id))[0].status).toBe('paid');
    expect(await purchaseSeats(id)).toMatchObject({ status: 'held' });
    // For two minutes after the payment the loop leaves it to the payment's own path, which may still be booking.
    t.advance(60_000);
    await retryPendingWorkNow();
    expect(await purchaseSeats(id)).toMatchObject({ status: 'held' });
    // The outage outlasts the token (20 minutes): the loop books the places, free again, for the paid
    // buyer. Two processes' loops at once: one of them books (a second booking would be refused).
    t.advance(20 * 60_000);
    expect((await statuses())['B-1'].status).toBe('free');
    const booking = vi.spyOn((await seatsProviderOf(t.ctx).client('sandbox')).events, 'book');
    await Promise.all([retryPendingWorkNow(), retryPendingWorkNow()]);
    expect(booking).toHaveBeenCalledTimes(2); // with the expired token, refused; then as free places
    booking.mockRestore();
    expect(await purchaseSeats(id)).toMatchObject({ status: 'booked' });
    expect((await statuses())['B-1'].status).toBe('booked');
  });

  it('releases an ended voucher\'s places later when the seat provider could not be reached', async () => {
    const id = await voucherFor(['B-2', 'B-3']);
    // Past the voucher's deadline the next purchase gives its stock back, but the release does not get through.
    t.advance(75 * 60 * 60_000);
    const release = await unreachableOnce('release');
    const next = await chartHolds(['A-3']);
    expect((await newPurchase({ seats: { holdToken: next, objects: [{ label: 'A-3' }] } })).statusCode).toBe(200);
    expect(release).toHaveBeenCalledTimes(1);
    release.mockRestore();
    expect(await purchaseSeats(id)).toMatchObject({ status: 'kept' });
    expect((await statuses())['B-2'].status).toBe('reservedForVoucher');
    await retryPendingWorkNow();
    expect(await purchaseSeats(id)).toMatchObject({ status: 'released' });
    expect((await statuses())['B-2'].status).toBe('free');
    expect((await statuses())['B-3'].status).toBe('free');
  });

  it('applies the per-order maximum to the seated quantities', async () => {
    const labels = ['B-10', 'C-3', 'C-4', 'C-6', 'C-7', 'C-8', 'C-9'];
    const token = await chartHolds(labels);
    const res = await newPurchase({ seats: { holdToken: token, objects: labels.map((label) => ({ label })) } });
    expect(res.statusCode).toBe(400);
    expect(body(res).mensaje).toMatch(/entre 1 y 6/);
  });

  it('plays seats.io\'s rules in the sandbox: area capacity, the 2-hour token, the secret key', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${sandboxSecret()}:`).toString('base64')}` };
    const token = body(await t.app.inject({ method: 'POST', url: '/sandbox/seatsio/api/hold-tokens', headers: auth, payload: { expiresInMinutes: 10 } }));
    expect(token.expiresInSeconds).toBe(600);
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/seatsio/api/hold-tokens/${token.holdToken}`, headers: auth, payload: { expiresInMinutes: 121 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/seatsio/api/hold-tokens', payload: {} })).statusCode).toBe(401);
    const change = (objects: unknown[]) => t.app.inject({
      method: 'POST', url: '/sandbox/seatsio/api/events/groups/actions/change-object-status', headers: auth,
      payload: { events: ['otro-evento'], type: 'CHANGE_STATUS_TO', status: 'reservedByToken', holdToken: token.holdToken, objects },
    });
    const held = await change([{ objectId: 'General', quantity: 98 }]);
    expect(body(held).objects.General).toMatchObject({ objectType: 'GeneralAdmissionArea', numHeld: 98, numFree: 2, holds: { [token.holdToken]: { NO_TICKET_TYPE: 98 } } });
    const tooMany = await change([{ objectId: 'General', quantity: 3 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).errors[0].code).toBe('ILLEGAL_STATUS_CHANGE');
  });

  it('gives the places and the units back at once when the buyer starts over', async () => {
    const token = await chartHolds(['C-5']);
    const res = await newPurchase({ seats: { holdToken: token, objects: [{ label: 'C-5' }] } });
    const id = body(res).purchase_id as string;
    expect((await statuses())['C-5'].status).toBe('reservedByToken');
    // Without the purchase's key nothing happens (404 like an unknown purchase).
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/release-seats', payload: { purchase_id: id } })).statusCode).toBe(404);
    const headers = { 'x-purchase-key': body(res).access_key as string };
    const released = await t.app.inject({ method: 'POST', url: '/api/payments/release-seats', payload: { purchase_id: id }, headers });
    expect(body(released)).toEqual({ released: true });
    expect((await statuses())['C-5'].status).toBe('free');
    expect(await purchaseSeats(id)).toMatchObject({ status: 'released' });
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'cancelled', stock_counted: 0 });
    // Once more: nothing left to release.
    expect(body(await t.app.inject({ method: 'POST', url: '/api/payments/release-seats', payload: { purchase_id: id }, headers }))).toEqual({ released: false });
  });
});

function sandboxSecret(): string {
  // The same derivation the server uses for the sandbox's secret key (tests share SECRET with the app).
  return sandboxCredentials('secreto-de-pruebas-de-pagos').seats.secretKey;
}
import { sandboxCredentials } from '../../sandbox';
