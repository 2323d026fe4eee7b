import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, pathOf, type PaymentsTestApp } from './helpers';

const UNKNOWN = { mensaje: 'No encontramos la compra.', code: 'PURCHASE_NOT_FOUND' };
const FORM = { 1: [{ nombre: 'Ana López', correo: 'ana@example.mx' }] };
const STRANGER = buyer({ name: 'Otra Persona', email: 'otra@example.mx', phone: '5599999999' });

type Headers = Record<string, string>;

/**
 * The purchase id is a reference anyone may see (PDF, e-mail, thank-you page, Fintoc's
 * return URL): while the hold lasts, every call that changes the purchase needs its access
 * key too. Without it (or with a wrong one) the answer is that of an unknown purchase and
 * nothing changes: no products, no attendee answers, no buyer, no payment, no tickets.
 */
describe.skipIf(skipDatabase)('calls that change a purchase need its access key', () => {
  let t: PaymentsTestApp;

  /** Everything a change could touch: the purchase row, its lines, payments, tickets and e-mails. */
  const stateOf = async (id: string) => ({
    purchase: await t.rows('purchases', 'id', id),
    lines: await t.rows('purchase_lines', 'purchase_id', id),
    attempts: await t.rows('payment_attempts', 'purchase_id', id),
    tickets: await t.rows('tickets', 'purchase_id', id),
    mails: await t.rows('mail_outbox', 'purchase_id', id),
  });

  /** Each purchase-changing route: the order it needs, what to prepare, and the call. */
  const routes: { name: string; tickets: { ticket_id: number; cantidad: number }[]; prepare?: (id: string) => Promise<void>; call: (id: string, headers: Headers) => Promise<LightMyRequestResponse> }[] = [
    {
      name: 'PUT update-productos-purchase',
      tickets: [{ ticket_id: 2, cantidad: 1 }],
      call: (id, headers) => t.app.inject({ method: 'PUT', url: '/api/payments/update-productos-purchase', payload: { purchase_id: id, productos: [{ id: 1, cantidad: 2 }] }, headers }),
    },
    {
      name: 'PUT add-info-purchase',
      tickets: [{ ticket_id: 1, cantidad: 1 }],
      call: (id, headers) => t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id: id, form: FORM }, headers }),
    },
    {
      name: 'POST mercadopago/create-preference',
      tickets: [{ ticket_id: 2, cantidad: 1 }],
      call: (id, headers) => t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: STRANGER }, headers }),
    },
    {
      name: 'POST paypal/create-order',
      tickets: [{ ticket_id: 2, cantidad: 1 }],
      call: (id, headers) => t.app.inject({ method: 'POST', url: '/api/payments/paypal/create-order', payload: { purchase_id: id }, headers }),
    },
    {
      name: 'POST fintoc/create-session',
      tickets: [{ ticket_id: 2, cantidad: 1 }],
      call: (id, headers) => t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: STRANGER }, headers }),
    },
    {
      name: 'POST free/verify-free',
      tickets: [{ ticket_id: 4, cantidad: 1 }],
      call: async (id, headers) =>
        t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id: id, buyer_info: STRANGER, token: await t.botToken('validate_free_access') }, headers }),
    },
  ];

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  describe.each(routes)('$name', (route) => {
    it('refuses the bare purchase id, a wrong key and another purchase\'s key like an unknown purchase, and changes nothing', async () => {
      const id = await t.purchase(route.tickets);
      const other = await t.purchase(route.tickets);
      const before = await stateOf(id);
      const refusals: Headers[] = [
        {},
        { 'x-purchase-key': 'A'.repeat(43) },
        { 'x-purchase-key': '' },
        { 'x-purchase-key': t.keyOf(id).repeat(4) },
        t.keyed(other),
      ];
      for (const headers of refusals) {
        const res = await route.call(id, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(404);
        expect(body(res)).toEqual(UNKNOWN);
      }
      expect(await stateOf(id)).toEqual(before);
      // The same answer as a purchase that does not exist: the refusal tells nothing more.
      const unknown = await route.call('no-existe', t.keyed(id));
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown)).toEqual(UNKNOWN);
    });

    it('works as before with the purchase\'s key', async () => {
      const id = await t.purchase(route.tickets);
      const before = await stateOf(id);
      const res = await route.call(id, t.keyed(id));
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(id)).not.toEqual(before);
    });
  });

  it('a free order claimed by someone who only knows its id gets no tickets; the buyer then claims it', async () => {
    const id = await t.purchase([{ ticket_id: 4, cantidad: 2 }]);
    const claim = async (headers: Headers, who: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/payments/free/verify-free', payload: { purchase_id: id, buyer_info: who, token: await t.botToken('validate_free_access') }, headers });
    expect((await claim({}, STRANGER)).statusCode).toBe(404);
    expect(await t.rows('payment_attempts', 'purchase_id', id)).toEqual([]);
    expect((await t.rows('purchases', 'id', id))[0]).toMatchObject({ status: 'held', buyer_info_json: null, emission_id: null });

    const mine = await claim(t.keyed(id), buyer());
    expect(mine.statusCode).toBe(200);
    const loader = await t.app.inject({
      method: 'POST', url: '/api/payments/free/loader-process',
      payload: { token: body(mine).secretuuid, g_token: await t.botToken('validate_free_access_loader') }, headers: t.keyed(id),
    });
    expect(body(loader).reload).toMatchObject({ purchase_id: id, buyer_info: { email: 'ana@example.mx' } });
    expect(await t.rows('tickets', 'purchase_id', id)).toHaveLength(2);
    const recipients = (await t.rows('mail_outbox', 'purchase_id', id)).map((m) => m.recipient);
    expect(recipients).toEqual(['ana@example.mx']);
  });

  it('keeps the attendee answers when someone without the key sends others', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    const put = (form: unknown, headers: Headers) => t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id: id, form }, headers });
    expect((await put(FORM, t.keyed(id))).statusCode).toBe(200);
    const overwrite = await put({ 1: [{ nombre: 'Impostor', correo: 'otra@example.mx' }] }, {});
    expect(overwrite.statusCode).toBe(404);
    expect(JSON.parse((await t.rows('purchases', 'id', id))[0].form_json)).toEqual(FORM);
  });

  it('keeps the buyer of a started payment when someone without the key starts another', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    const hijack = await t.app.inject({ method: 'POST', url: '/api/payments/mercadopago/create-preference', payload: { purchase_id: id, buyer_info: STRANGER } });
    expect(hijack.statusCode).toBe(404);
    // The buyer's own payment completes and its tickets go to the buyer.
    await t.app.inject({ method: 'POST', url: `${pathOf(widget_url)}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    expect(loader.reload).toMatchObject({ buyer_info: { email: 'ana@example.mx' } });
    expect((await t.rows('payment_attempts', 'purchase_id', id)).map((a) => a.provider)).toEqual(['fintoc']);
  });
});
