import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { withWriteTransaction } from '../../src/server/db/locked-transaction';
import type { PurchaseStatus } from '../../src/server/db/schema';
import { moveOrder, ORDER_TRANSITIONS, type OrderTransition } from '../../src/server/orders/lifecycle';
import { releaseCounted } from '../../src/server/repositories/stock.repository';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';

/**
 * An order's life through `orders/lifecycle.ts`: every move of its table is recorded in the
 * order's history with who and why and moves the stock counters with it; a move the table (or
 * the status the caller saw) does not allow is refused with a code; of two moves at once, one wins.
 */
describe.skipIf(skipDatabase)(`the order lifecycle on ${testDialect}`, () => {
  let t: TestApp;
  const url = 'ciclo-de-vida';
  const UNITS = 2;

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent({ ...structuredClone(fixture), url });
  });
  afterAll(() => t.close());

  /** A new held purchase of UNITS «General» tickets; its id. */
  async function held(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: UNITS }] } });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).purchase_id as string;
  }
  const general = () => t.ctx.db.kysely.selectFrom('ticket_types as tt').innerJoin('events as e', 'e.id', 'tt.event_id')
    .select(['tt.held', 'tt.sold']).where('e.url', '=', url).where('tt.external_id', '=', 1).executeTakeFirstOrThrow();
  const purchase = async (id: string) => t.ctx.db.kysely.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = (id: string) => t.ctx.db.kysely.selectFrom('order_status_changes').selectAll().where('purchase_id', '=', id).orderBy('id').execute();
  const later = (minutes: number) => new Date(t.ctx.now().getTime() + minutes * 60_000).toISOString();

  type Move = Omit<OrderTransition, 'now' | 'from'> & { from?: PurchaseStatus[] };
  /** Moves a purchase in its own transaction; `from` defaults to the status it is in now. */
  async function move(id: string, change: Move): Promise<PurchaseStatus> {
    const from = change.from ?? [(await purchase(id)).status];
    return withWriteTransaction(t.ctx.db, (trx) => moveOrder(trx, id, { ...change, from, now: t.ctx.now().toISOString() }));
  }

  it('every move of the table is recorded with who and why, and moves the counters with it', async () => {
    const start = await general();
    const counters = async () => {
      const now = await general();
      return { held: now.held - start.held, sold: now.sold - start.sold };
    };

    // held → pending → held → pending → paid → cancelled → refunded
    const a = await held();
    expect(await counters()).toEqual({ held: UNITS, sold: 0 });
    const deadline = later(60);
    await move(a, { to: 'pending', actor: 'provider', reason: 'voucher_issued', holdUntil: deadline });
    expect(await purchase(a)).toMatchObject({ status: 'pending', stock_until: deadline, stock_counted: 1 });
    await move(a, { to: 'held', actor: 'provider', reason: 'voucher_ended' });
    expect((await purchase(a)).stock_until).toBe((await purchase(a)).expires_at);
    // A voucher after its own hold was released counts its units again.
    await withWriteTransaction(t.ctx.db, (trx) => releaseCounted(trx, [a]));
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    await move(a, { to: 'pending', actor: 'provider', reason: 'voucher_issued', holdUntil: later(30) });
    expect(await counters()).toEqual({ held: UNITS, sold: 0 });
    await move(a, { to: 'pending', actor: 'provider', reason: 'voucher_issued', holdUntil: later(90) });
    expect(await counters()).toEqual({ held: UNITS, sold: 0 });
    await move(a, { to: 'paid', actor: 'provider', reason: 'paid', attemptId: null });
    expect(await purchase(a)).toMatchObject({ status: 'paid', stock_until: null, stock_counted: 0 });
    expect(await counters()).toEqual({ held: 0, sold: UNITS });
    await move(a, { to: 'cancelled', actor: 'organiser', reason: 'organiser', note: 'Evento pospuesto' });
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    await move(a, { to: 'refunded', actor: 'provider', reason: 'refund_done' });
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    expect(await history(a)).toMatchObject([
      { from_status: 'held', to_status: 'pending', actor: 'provider', reason: 'voucher_issued' },
      { from_status: 'pending', to_status: 'held', actor: 'provider', reason: 'voucher_ended' },
      { from_status: 'held', to_status: 'pending', actor: 'provider', reason: 'voucher_issued' },
      { from_status: 'pending', to_status: 'pending', actor: 'provider', reason: 'voucher_issued' },
      { from_status: 'pending', to_status: 'paid', actor: 'provider', reason: 'paid' },
      { from_status: 'paid', to_status: 'cancelled', actor: 'organiser', reason: 'organiser', note: 'Evento pospuesto' },
      { from_status: 'cancelled', to_status: 'refunded', actor: 'provider', reason: 'refund_done' },
    ]);

    // held → cancelled; held → paid → refunded; pending → cancelled
    const b = await held();
    await move(b, { to: 'cancelled', actor: 'buyer', reason: 'started_over' });
    const c = await held();
    await move(c, { to: 'paid', actor: 'provider', reason: 'paid' });
    await move(c, { to: 'refunded', actor: 'provider', reason: 'dispute_lost' });
    const d = await held();
    await move(d, { to: 'pending', actor: 'provider', reason: 'voucher_issued', holdUntil: later(60) });
    await move(d, { to: 'cancelled', actor: 'provider', reason: 'sold_out' });
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    expect(await history(b)).toMatchObject([{ from_status: 'held', to_status: 'cancelled', actor: 'buyer', reason: 'started_over' }]);
    expect(await history(c)).toMatchObject([
      { from_status: 'held', to_status: 'paid', actor: 'provider', reason: 'paid' },
      { from_status: 'paid', to_status: 'refunded', actor: 'provider', reason: 'dispute_lost' },
    ]);
    expect(await history(d)).toMatchObject([
      { from_status: 'held', to_status: 'pending', actor: 'provider', reason: 'voucher_issued' },
      { from_status: 'pending', to_status: 'cancelled', actor: 'provider', reason: 'sold_out' },
    ]);

    // paid → partially_cancelled → partially_cancelled → cancelled: one unit, then another, then the rest (none left)
    const generalId = (await t.ctx.db.kysely.selectFrom('ticket_types as tt').innerJoin('events as e', 'e.id', 'tt.event_id')
      .select('tt.id').where('e.url', '=', url).where('tt.external_id', '=', 1).executeTakeFirstOrThrow()).id;
    const one = new Map([[generalId, 1]]);
    const e = await held();
    await move(e, { to: 'paid', actor: 'provider', reason: 'paid' });
    await move(e, { to: 'partially_cancelled', actor: 'buyer', reason: 'buyer', cancelledUnits: one });
    expect(await counters()).toEqual({ held: 0, sold: UNITS - 1 });
    await move(e, { to: 'partially_cancelled', actor: 'buyer', reason: 'buyer', cancelledUnits: one });
    expect(await counters()).toEqual({ held: 0, sold: UNITS - 2 });
    await move(e, { to: 'cancelled', actor: 'buyer', reason: 'buyer' });
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    // paid → partially_cancelled → refunded: the units not cancelled leave `sold`, once.
    const f = await held();
    await move(f, { to: 'paid', actor: 'provider', reason: 'paid' });
    await move(f, { to: 'partially_cancelled', actor: 'buyer', reason: 'buyer', cancelledUnits: one });
    await move(f, { to: 'refunded', actor: 'provider', reason: 'refunded' });
    expect(await counters()).toEqual({ held: 0, sold: 0 });
    expect(await history(e)).toMatchObject([
      { to_status: 'paid' },
      { from_status: 'paid', to_status: 'partially_cancelled', actor: 'buyer', reason: 'buyer' },
      { from_status: 'partially_cancelled', to_status: 'partially_cancelled', actor: 'buyer', reason: 'buyer' },
      { from_status: 'partially_cancelled', to_status: 'cancelled', actor: 'buyer', reason: 'buyer' },
    ]);

    // Every move the table allows was made and recorded, each with its time.
    const made = (await Promise.all([a, b, c, d, e, f].map(history))).flat();
    expect(made.every((row) => row.created_at && row.actor && row.reason)).toBe(true);
    const legal = Object.entries(ORDER_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));
    expect([...new Set(made.map((row) => `${row.from_status} → ${row.to_status}`))].sort()).toEqual(legal.sort());
  });

  it('a move the table does not allow, or from a status the caller did not see, is refused with a code and changes nothing', async () => {
    const refused = { statusCode: 409, code: 'ORDER_TRANSITION_REFUSED' };
    const paid = await held();
    await move(paid, { to: 'paid', actor: 'provider', reason: 'paid' });
    const cancelled = await held();
    await move(cancelled, { to: 'cancelled', actor: 'buyer', reason: 'started_over' });
    const refunded = await held();
    await move(refunded, { to: 'cancelled', actor: 'buyer', reason: 'started_over' });
    await move(refunded, { to: 'refunded', actor: 'provider', reason: 'refund_done' });
    const fresh = await held();
    const before = await general();

    await expect(move(paid, { to: 'held', actor: 'provider', reason: 'voucher_ended' })).rejects.toMatchObject(refused);
    await expect(move(paid, { to: 'pending', actor: 'provider', reason: 'voucher_issued', holdUntil: later(60) })).rejects.toMatchObject(refused);
    await expect(move(cancelled, { to: 'paid', actor: 'provider', reason: 'paid' })).rejects.toMatchObject(refused);
    await expect(move(cancelled, { to: 'held', actor: 'provider', reason: 'voucher_ended' })).rejects.toMatchObject(refused);
    await expect(move(refunded, { to: 'cancelled', actor: 'organiser', reason: 'organiser' })).rejects.toMatchObject(refused);
    await expect(move(refunded, { to: 'paid', actor: 'provider', reason: 'paid' })).rejects.toMatchObject(refused);
    await expect(move(fresh, { to: 'refunded', actor: 'provider', reason: 'refunded' })).rejects.toMatchObject(refused);
    await expect(move(fresh, { to: 'expired', actor: 'system', reason: 'sold_out' })).rejects.toMatchObject(refused);
    // Legal from `paid`, but the caller saw it held: the purchase moved since.
    await expect(move(paid, { from: ['held'], to: 'cancelled', actor: 'buyer', reason: 'started_over' })).rejects.toMatchObject(refused);

    expect((await purchase(paid)).status).toBe('paid');
    expect((await purchase(cancelled)).status).toBe('cancelled');
    expect((await purchase(refunded)).status).toBe('refunded');
    expect((await purchase(fresh)).status).toBe('held');
    expect(await history(fresh)).toEqual([]);
    expect(await history(paid)).toHaveLength(1);
    expect(await general()).toEqual(before);
  });

  it('two moves of one purchase at once: exactly one wins, recorded once, the counters moved once', async () => {
    const outcome = (results: PromiseSettledResult<unknown>[]) => ({
      won: results.filter((r) => r.status === 'fulfilled').length,
      refused: results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'ORDER_TRANSITION_REFUSED').length,
    });

    // A paid order called off by the organiser and refunded by its provider at the same moment.
    const paid = await held();
    await move(paid, { to: 'paid', actor: 'provider', reason: 'paid' });
    const soldBefore = (await general()).sold;
    const callOff = await Promise.allSettled([
      move(paid, { from: ['paid'], to: 'cancelled', actor: 'organiser', reason: 'organiser' }),
      move(paid, { from: ['paid'], to: 'refunded', actor: 'provider', reason: 'refunded' }),
    ]);
    expect(outcome(callOff)).toEqual({ won: 1, refused: 1 });
    expect((await history(paid)).filter((row) => row.from_status === 'paid')).toHaveLength(1);
    expect((await general()).sold).toBe(soldBefore - UNITS);

    // A hold paid and started over at the same moment.
    const hold = await held();
    const heldBefore = (await general()).held;
    const race = await Promise.allSettled([
      move(hold, { from: ['held'], to: 'paid', actor: 'provider', reason: 'paid' }),
      move(hold, { from: ['held'], to: 'cancelled', actor: 'buyer', reason: 'started_over' }),
    ]);
    expect(outcome(race)).toEqual({ won: 1, refused: 1 });
    const [only] = await history(hold);
    expect(await history(hold)).toHaveLength(1);
    expect((await purchase(hold)).status).toBe(only.to_status);
    expect((await general()).held).toBe(heldBefore - UNITS);
  });
});
