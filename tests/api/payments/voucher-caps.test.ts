import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './helpers';

/**
 * Cash vouchers keep stock for days, so they are capped: per buyer e-mail per event, and
 * by the share of each ticket type's capacity that may sit in unpaid vouchers.
 */
describe.skipIf(skipDatabase)('cash voucher caps', () => {
  let t: PaymentsTestApp;
  /** The access key each purchase's buyer got from new-purchase (a payment start needs it). */
  const keys = new Map<string, string>();
  const hold = async (url: string, ticket_id: number, cantidad: number) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url, token: await t.botToken(), tickets: [{ ticket_id, cantidad }] } });
    expect(res.statusCode).toBe(200);
    keys.set(body(res).purchase_id as string, body(res).access_key as string);
    return body(res).purchase_id as string;
  };
  const preference = (purchase_id: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id, buyer_info: buyer({ email }) }, headers: { 'x-purchase-key': keys.get(purchase_id) ?? '' } });
  /** Creates the preference and issues the voucher at the sandbox checkout: the purchase turns pending. */
  const voucher = async (purchaseId: string, email: string) => {
    const res = await preference(purchaseId, email);
    expect(res.statusCode).toBe(200);
    const checkout = await t.app.inject(body(res).init_point);
    const action = /action="([^"]+\/voucher)"/.exec(checkout.body)![1];
    const issued = await t.app.inject({ method: 'POST', url: action, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(issued.statusCode).toBe(303);
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    const perBuyer = { ...structuredClone(fixture), url: 'fichas-por-comprador', hold_limits: { max_vouchers_per_buyer: 2 } };
    const share = structuredClone(fixture) as Record<string, any>;
    Object.assign(share, { url: 'fichas-por-cupo', hold_limits: { max_voucher_share: 0.5 } });
    share.tickets[1].capacity = 20;
    await t.importEvent(perBuyer);
    await t.importEvent(share);
  });
  afterAll(() => t.close());

  it('one buyer cannot open more than the event\'s vouchers, however the e-mail is spelt; another buyer can', async () => {
    await voucher(await hold('fichas-por-comprador', 2, 1), 'ana@example.mx');
    await voucher(await hold('fichas-por-comprador', 2, 1), 'Ana+2@Example.MX');
    // Past the 15-minute hold the two vouchers still keep their stock, and still count.
    t.advance(60 * 60_000);
    const third = await preference(await hold('fichas-por-comprador', 2, 1), 'ANA+tres@example.mx');
    expect(third.statusCode).toBe(409);
    expect(body(third)).toEqual({
      code: 'VOUCHER_LIMIT_REACHED',
      mensaje: 'Ya tienes 2 ficha(s) de pago en efectivo sin pagar para este evento (máximo 2). Paga o deja vencer una, o elige otro método de pago.',
    });
    expect((await preference(await hold('fichas-por-comprador', 2, 1), 'luis@example.mx')).statusCode).toBe(200);
  });

  it('at most the event\'s share of a ticket type sits in unpaid vouchers (0.5 of 20 = 10)', async () => {
    await voucher(await hold('fichas-por-cupo', 2, 4), 'a@example.mx');
    await voucher(await hold('fichas-por-cupo', 2, 4), 'b@example.mx');
    const late = await hold('fichas-por-cupo', 2, 4);
    const refused = await preference(late, 'c@example.mx');
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({ code: 'VOUCHER_SHARE_REACHED', mensaje: 'Ya no quedan entradas «Platea» para pago en efectivo. Elige otro método de pago.' });
    // The same order can still be paid at once by another method, and two more units fit in a voucher.
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: late }, headers: { 'x-purchase-key': keys.get(late) ?? '' } })).statusCode).toBe(200);
    expect((await preference(await hold('fichas-por-cupo', 2, 2), 'd@example.mx')).statusCode).toBe(200);
  });
});
