import { tablesOf } from '../../sandbox/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoSeats from '../../src/server/demo/demo-seats.json';
import { sandboxCredentials } from '../../sandbox';
import { purgeSandboxPaymentTokens } from '../../sandbox/payments/purge';
import { purgeExpiredSandboxTokens } from '../../sandbox/seats/state';
import { sandboxVenue } from '../../sandbox/seats/venue';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const PUBLIC = '/sandbox/seatsio/api/public/sandbox-workspace';
const EVENT = `${PUBLIC}/events/demo-seats`;
const MINUTE = 60_000;
const DAY = 86_400_000;
const ALICE = '203.0.113.5';
const BOB = '198.51.100.7';

/** Every object of the sandbox venue, an area with all its places: what one client tried to hold. */
const everyObject = sandboxVenue.objects.map((o) => (o.objectType === 'GeneralAdmissionArea' ? { objectId: o.label, quantity: o.capacity } : o.label));

const newToken = (t: TestApp, client: string) => t.app.inject({ method: 'POST', url: `${PUBLIC}/hold-tokens`, remoteAddress: client });
const hold = (t: TestApp, client: string, holdToken: string, objects: (string | { objectId: string; quantity: number })[]) =>
  t.app.inject({ method: 'POST', url: `${EVENT}/actions/hold-objects`, remoteAddress: client, payload: { objects, holdToken } });
const count = async (t: TestApp, table: 'sandbox_seat_tokens' | 'sandbox_seat_holds' | 'sandbox_payment_objects', where?: [string, string]) => {
  let query = tablesOf(t.sandboxStore).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where(where[0] as never, '=', where[1] as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/**
 * The built-in sandboxes answer without authentication (the buyer's browser talks to them), so
 * they obey the per-client limits a purchase obeys: the seat sandbox's holds count against the
 * event's per-client cap, its live tokens are capped per client, every route is rate limited,
 * and what they create for a moment (hold tokens, card tokens) is erased once it is of no use.
 */
describe.skipIf(skipDatabase)('sandbox abuse', () => {
  describe('seat sandbox caps', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seatsSandboxMaxTokensPerClient: 3 });
      await t.importEvent({ ...demoSeats, hold_limits: { max_units_per_client: 6 } });
    });
    afterAll(() => t.close());

    it('one client cannot hold every seat of demo-seats: its places across tokens stop at the event cap, others still find seats', async () => {
      const first = body(await newToken(t, ALICE)).holdToken as string;
      const all = await hold(t, ALICE, first, everyObject);
      expect(all.statusCode).toBe(400);
      expect(body(all).errors[0]).toMatchObject({ code: 'HOLD_LIMIT_REACHED' });
      expect((await hold(t, ALICE, first, ['A-1', 'A-2', 'A-3', 'A-4'])).statusCode).toBe(200);
      // A second token of the same client shares the cap: 4 + 2 = 6 is allowed, a seventh place is not.
      const second = body(await newToken(t, ALICE)).holdToken as string;
      expect((await hold(t, ALICE, second, [{ objectId: 'General', quantity: 2 }])).statusCode).toBe(200);
      const seventh = await hold(t, ALICE, second, ['B-1']);
      expect(seventh.statusCode).toBe(400);
      expect(body(seventh).errors[0].message).toContain('6');
      // Another client holds freely, with a token of its own.
      const bob = body(await newToken(t, BOB)).holdToken as string;
      expect((await hold(t, BOB, bob, ['B-1', 'B-2'])).statusCode).toBe(200);
      // Once the client's tokens run out its places are free and it may hold again.
      t.advance(16 * MINUTE);
      const later = body(await newToken(t, ALICE)).holdToken as string;
      expect((await hold(t, ALICE, later, ['A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6'])).statusCode).toBe(200);
    });

    it('caps the live hold tokens of one client; expired ones do not count', async () => {
      t.advance(16 * MINUTE);
      for (let i = 0; i < 3; i++) expect((await newToken(t, ALICE)).statusCode).toBe(200);
      const fourth = await newToken(t, ALICE);
      expect(fourth.statusCode).toBe(429);
      expect(body(fourth).errors[0]).toMatchObject({ code: 'HOLD_TOKEN_LIMIT_REACHED' });
      expect((await newToken(t, BOB)).statusCode).toBe(200);
      t.advance(16 * MINUTE);
      expect((await newToken(t, ALICE)).statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ rateLimitMax: 3 });
    });
    afterAll(() => t.close());

    it('answers 429 on every sandbox route that creates tokens, per client', async () => {
      const creds = sandboxCredentials(t.ctx.config.signingSecret);
      const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      const routes = [
        { url: `${PUBLIC}/hold-tokens` },
        { url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${creds.mercadopago.publicKey}`, payload: { card_number: '4075595716483764', expiration_month: 11, expiration_year: 2030, security_code: '123', cardholder: { name: 'APRO' } } },
        { url: `/sandbox/openpay/api/v1/${creds.openpay.merchantId}/tokens`, headers: { authorization: basic(creds.openpay.publicKey) }, payload: { card_number: '4111111111111111', holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2: '123' } },
        {
          url: '/sandbox/stripe/api/v1/payment_methods',
          headers: { authorization: `Bearer ${creds.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034&card[cvc]=123',
        },
      ];
      for (const route of routes) {
        for (let i = 0; i < 3; i++) {
          const res = await t.app.inject({ method: 'POST', remoteAddress: ALICE, ...route });
          expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(300);
        }
        const refused = await t.app.inject({ method: 'POST', remoteAddress: ALICE, ...route });
        expect(refused.statusCode, route.url).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
        // Counted per client: another one is served.
        expect((await t.app.inject({ method: 'POST', remoteAddress: BOB, ...route })).statusCode, route.url).toBeLessThan(300);
      }
    });

    it("does not count this server's own calls, made with the sandbox's secret keys", async () => {
      const creds = sandboxCredentials(t.ctx.config.signingSecret);
      const seatsSecret = `Basic ${Buffer.from(`${sandboxCredentials(t.ctx.config.signingSecret).seats.secretKey}:`).toString('base64')}`;
      for (let i = 0; i < 5; i++) {
        const token = await t.app.inject({ method: 'POST', url: '/sandbox/seatsio/api/hold-tokens', remoteAddress: ALICE, headers: { authorization: seatsSecret }, payload: {} });
        expect(token.statusCode).toBe(200);
        const card = await t.app.inject({
          method: 'POST', url: '/sandbox/mercadopago/api/v1/card_tokens', remoteAddress: ALICE, headers: { authorization: `Bearer ${creds.mercadopago.accessToken}` },
          payload: { card_id: '9000000002' },
        });
        expect(card.statusCode).toBe(201);
      }
    });
  });

  describe('purge', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await t.importEvent(demoSeats);
    });
    afterAll(() => t.close());

    it('deletes expired hold tokens and releases their holds; bookings and live tokens stay', async () => {
      const expiring = body(await newToken(t, ALICE)).holdToken as string;
      expect((await hold(t, ALICE, expiring, ['C-1', 'C-2', { objectId: 'General', quantity: 3 }])).statusCode).toBe(200);
      const booked = body(await newToken(t, ALICE)).holdToken as string;
      expect((await hold(t, ALICE, booked, ['C-3'])).statusCode).toBe(200);
      const secret = `Basic ${Buffer.from(`${sandboxCredentials(t.ctx.config.signingSecret).seats.secretKey}:`).toString('base64')}`;
      const book = await t.app.inject({
        method: 'POST', url: '/sandbox/seatsio/api/events/groups/actions/change-object-status', headers: { authorization: secret },
        payload: { objects: ['C-3'], events: ['demo-seats'], status: 'booked', holdToken: booked, orderId: 'order-1' },
      });
      expect(book.statusCode).toBe(200);
      t.advance(20 * MINUTE);
      const live = body(await newToken(t, BOB)).holdToken as string;
      expect((await hold(t, BOB, live, ['C-4'])).statusCode).toBe(200);

      await purgeExpiredSandboxTokens(t.sandboxStore, t.ctx.now());

      expect(await count(t, 'sandbox_seat_tokens', ['token', expiring])).toBe(0);
      expect(await count(t, 'sandbox_seat_tokens', ['token', booked])).toBe(0);
      expect(await count(t, 'sandbox_seat_holds', ['hold_token', expiring])).toBe(0);
      expect(await count(t, 'sandbox_seat_tokens', ['token', live])).toBe(1);
      expect(await count(t, 'sandbox_seat_holds', ['hold_token', live])).toBe(1);
      const statuses = body(await t.app.inject({ url: `${EVENT}/objects` })).objects as { label: string; status: string }[];
      expect(Object.fromEntries(statuses.filter((s) => ['C-1', 'C-3', 'C-4'].includes(s.label)).map((s) => [s.label, s.status])))
        .toEqual({ 'C-1': 'free', 'C-3': 'booked', 'C-4': 'reservedByToken' });
    });

    it('purges sandbox card tokens past their use-by: Openpay tokens after a day, MercadoPago card tokens after 7 days; Stripe payment methods stay', async () => {
      const creds = sandboxCredentials(t.ctx.config.signingSecret);
      const mercadoPago = await t.app.inject({
        method: 'POST', url: `/sandbox/mercadopago/api/v1/card_tokens?public_key=${creds.mercadopago.publicKey}`,
        payload: { card_number: '4075595716483764', expiration_month: 11, expiration_year: 2030, security_code: '123', cardholder: { name: 'APRO' } },
      });
      const openpay = await t.app.inject({
        method: 'POST', url: `/sandbox/openpay/api/v1/${creds.openpay.merchantId}/tokens`, headers: { authorization: `Basic ${Buffer.from(`${creds.openpay.publicKey}:`).toString('base64')}` },
        payload: { card_number: '4111111111111111', holder_name: 'Ana López', expiration_month: '12', expiration_year: '35', cvv2: '123' },
      });
      const stripe = await t.app.inject({
        method: 'POST', url: '/sandbox/stripe/api/v1/payment_methods',
        headers: { authorization: `Bearer ${creds.stripe.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034&card[cvc]=123',
      });
      const ids = { mercadoPago: body(mercadoPago).id as string, openpay: body(openpay).id as string, stripe: body(stripe).id as string };
      const stored = async (id: string) => count(t, 'sandbox_payment_objects', ['id', id]);

      t.advance(DAY + MINUTE);
      await purgeSandboxPaymentTokens(tablesOf(t.sandboxStore), t.ctx.now());
      expect([await stored(ids.mercadoPago), await stored(ids.openpay), await stored(ids.stripe)]).toEqual([1, 0, 1]);

      t.advance(6 * DAY);
      await purgeSandboxPaymentTokens(tablesOf(t.sandboxStore), t.ctx.now());
      expect([await stored(ids.mercadoPago), await stored(ids.stripe)]).toEqual([0, 1]);
    });
  });
});
