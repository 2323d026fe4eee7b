import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection';
import { skipDatabase } from '../support/test-database';
import fixture from './fixtures/pagos-api.event.json';
import { createCheckinApp, pairDevice, paidWithPayPal, sendScans, type TestScan } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';

/** Counts the statements Kysely builds, in and out of write transactions. */
function countStatements(db: Db): { db: Db; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      n += 1;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
  const dialect = { ...db.dialect, writeTransaction: ((work) => db.dialect.writeTransaction((trx) => work(trx.withPlugin(plugin)))) as Db['dialect']['writeTransaction'] };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin), dialect }, count: () => n };
}

/**
 * A batch of scans is decided as a batch: its cost in statements does not grow by several per scan, and
 * what it answers is what deciding the scans one by one, in order, answers.
 */
describe.skipIf(skipDatabase)('door check-in: a batch of scans', () => {
  let t: PaymentsTestApp;
  let nonce = 0;
  const next = () => `batch-nonce-${String(++nonce).padStart(6, '0')}`;
  const device = (list: string, name: string) => pairDevice(t, list, name);
  const scan = (token: string, scans: TestScan[]) => sendScans(t, token, scans, next);

  beforeAll(async () => {
    t = await createCheckinApp();
    await t.importEvent({
      ...fixture,
      checkin_lists: [
        { id: 'general', name: 'General', ticket_types: [1], allow_reentry: true },
        { id: 'una', name: 'Una entrada', ticket_types: [1] },
      ],
    });
  });
  afterAll(() => t.close());

  it('20 scans of new tickets cost about one statement each (their admissions), not one per lookup', async () => {
    const tickets = [...(await paidWithPayPal(t, Array.from({ length: 10 }, (_, i) => `Uno ${i}`))).tickets, ...(await paidWithPayPal(t, Array.from({ length: 10 }, (_, i) => `Dos ${i}`))).tickets];
    const gate = await device('una', 'Conteo');
    const real = t.ctx.db;
    const counted = countStatements(real);
    t.ctx.db = counted.db;
    try {
      const results = await scan(gate.token, tickets.map((x) => ({ code: x.qr_secret as string })));
      expect(results.map((r) => r.verdict)).toEqual(tickets.map(() => 'ok'));
    } finally {
      t.ctx.db = real;
    }
    // The 20 admissions, plus a fixed few (the device, its list, the keys, the batch's nonces, tickets and entries, the answers).
    expect(counted.count()).toBeLessThanOrEqual(tickets.length + 15);
  });

  it('the same ticket several times in one batch, among others: decided in order, answered in order', async () => {
    const paid = await paidWithPayPal(t, ['Ana López', 'Luis Pérez', 'Eva Ruiz']);
    const [a, b, c] = paid.tickets.map((x) => x.qr_secret as string);
    const reentry = await device('general', 'Reentrada');
    const results = await scan(reentry.token, [{ code: c }, { code: a }, { code: b }, { code: a }, { code: a, direction: 'out' }, { code: String(paid.tickets[0].folio) }, { code: 'NO-ES-UN-CODIGO' }]);
    expect(results.map((r) => [r.verdict, r.ticket?.id ?? null])).toEqual([
      ['ok', paid.tickets[2].id], ['ok', paid.tickets[0].id], ['ok', paid.tickets[1].id],
      ['already_used', paid.tickets[0].id], ['ok', paid.tickets[0].id], ['ok', paid.tickets[0].id], ['unknown', null],
    ]);
    expect(results[3].first_entry).toMatchObject({ device: 'Reentrada' });
    expect(await t.rows('checkin_entries', 'ticket_id', paid.tickets[0].id)).toHaveLength(2);
    const once = await device('una', 'Una vez');
    const [first, again] = await scan(once.token, [{ code: b }, { code: b }]);
    expect([first.verdict, again.verdict]).toEqual(['ok', 'already_used']);
    expect(again.first_entry).toMatchObject({ device: 'Una vez' });
  });
});
