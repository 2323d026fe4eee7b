import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { checkStock } from '../../src/server/services/stock-check.service';
import { migrateUpTo, migrationBefore } from '../support/migrate-to';
import { createTestDatabase, skipDatabase, testDialect } from '../support/test-database';

const COUNTERS_MIGRATION = '20261126_0014_stock_counters';
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

type Status = 'held' | 'pending' | 'paid' | 'expired' | 'cancelled';
/** A purchase as the code before the counters left it: its status, its stock deadline, its lines. */
interface OldPurchase {
  id: string;
  status: Status;
  stockUntil: string | null;
  tickets: Record<'general' | 'vip', number>;
  shirts: number;
}

const PURCHASES: OldPurchase[] = [
  { id: 'held-live', status: 'held', stockUntil: at(10), tickets: { general: 2, vip: 1 }, shirts: 1 },
  { id: 'held-live-2', status: 'held', stockUntil: at(14), tickets: { general: 1, vip: 0 }, shirts: 0 },
  // Ran out before the upgrade but nobody released it yet: counted, the first release after the upgrade lets it go.
  { id: 'held-run-out', status: 'held', stockUntil: at(-30), tickets: { general: 3, vip: 0 }, shirts: 2 },
  // An OXXO voucher keeps its stock until its deadline, days after the hold's end.
  { id: 'voucher', status: 'pending', stockUntil: at(3 * 24 * 60), tickets: { general: 1, vip: 2 }, shirts: 1 },
  { id: 'paid', status: 'paid', stockUntil: null, tickets: { general: 4, vip: 1 }, shirts: 3 },
  { id: 'paid-2', status: 'paid', stockUntil: null, tickets: { general: 0, vip: 2 }, shirts: 0 },
  { id: 'expired', status: 'expired', stockUntil: at(-60), tickets: { general: 5, vip: 5 }, shirts: 5 },
  { id: 'cancelled', status: 'cancelled', stockUntil: null, tickets: { general: 2, vip: 0 }, shirts: 1 },
];
const COUNTED: Status[] = ['held', 'pending'];

/** Units of one item over the purchases `which` selects. */
const units = (item: (p: OldPurchase) => number, which: (p: OldPurchase) => boolean) => PURCHASES.filter(which).reduce((sum, p) => sum + item(p), 0);

/**
 * The held-counter migration on a database the code before it filled: every kind of purchase
 * (live holds, a hold that ran out unreleased, a voucher kept until its deadline, paid, expired,
 * cancelled). After it, each counter equals the recount stock:check makes, and the recount is the
 * expected one (held and pending purchases with a stock deadline; paid ones stay in `sold`).
 */
describe.skipIf(skipDatabase)(`migration ${COUNTERS_MIGRATION} on ${testDialect}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.kysely.destroy();
    await database?.drop();
  });

  it('backfills held counters equal to the recount from the purchases already there', async () => {
    expect(await migrateUpTo(db, migrationBefore(db, COUNTERS_MIGRATION))).toBeUndefined();

    // The rows, written as the code before the counters wrote them (no held, no stock_counted).
    const k = db.kysely;
    const { id: eventId } = await k
      .insertInto('events')
      .values({ url: 'antes', name: 'Antes de los contadores', image_path: null, config_json: '{}', html_json: '{}', hold_minutes: 15, version: 1, updated_at: at(-600) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticketType = (externalId: number, name: string, sold: number) => ({
      event_id: eventId, external_id: externalId, name, price_cents: 10_000, description: '', minimum: 1, maximum_per_order: 10, capacity: 100, sold,
      hidden: 0, access_code: null, active: 1, volume_discount: 0, volume_discount_value: null, volume_discount_is_percentage: 0, volume_discount_minimum: null,
      form_json: '[]', sort_order: externalId,
    });
    const sold = (item: (p: OldPurchase) => number) => units(item, (p) => p.status === 'paid');
    const general = (p: OldPurchase) => p.tickets.general;
    const vip = (p: OldPurchase) => p.tickets.vip;
    const shirts = (p: OldPurchase) => p.shirts;
    const [{ id: generalId }, { id: vipId }] = await k
      .insertInto('ticket_types')
      .values([ticketType(1, 'General', sold(general)), ticketType(2, 'VIP', sold(vip))])
      .returning('id')
      .execute();
    const { id: shirtId } = await k
      .insertInto('products')
      .values({ event_id: eventId, external_id: 1, name: 'Playera', price_cents: 30_000, minimum: 0, maximum_per_order: 5, stock: 50, sold: sold(shirts), active: 1, images_json: '[]', description: '', options_json: '[]', sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const p of PURCHASES) {
      await k
        .insertInto('purchases')
        .values({
          id: p.id, event_id: eventId, status: p.status, referrer: null, discount_code_id: null, tickets_cents: 0, tickets_discount_cents: 0, products_cents: 0,
          comission_cents: 0, amount_cents: 0, amount_out_discount_cents: 0, expires_at: p.stockUntil ?? at(-120), stock_until: p.stockUntil,
          buyer_info_json: null, form_json: null, form_completed: 0, emission_id: null, client_key: null, buyer_email: null, created_at: at(-120), updated_at: at(-120),
        })
        .execute();
      const lines = [
        { kind: 'ticket' as const, item_id: generalId, quantity: p.tickets.general },
        { kind: 'ticket' as const, item_id: vipId, quantity: p.tickets.vip },
        { kind: 'product' as const, item_id: shirtId, quantity: p.shirts },
      ].filter((line) => line.quantity > 0);
      await k.insertInto('purchase_lines').values(lines.map((line) => ({ ...line, purchase_id: p.id, unit_price_cents: 10_000, options_json: null }))).execute();
    }

    await migrateToLatest(db);

    const counted = await k.selectFrom('purchases').select(['id', 'stock_counted']).orderBy('id').execute();
    expect(counted.filter((p) => Number(p.stock_counted) === 1).map((p) => p.id).sort()).toEqual(PURCHASES.filter((p) => COUNTED.includes(p.status)).map((p) => p.id).sort());

    const stock = await checkStock(k, eventId);
    for (const line of stock) {
      expect(line.held, `${line.kind} ${line.name} held`).toBe(line.heldRecount);
      expect(line.sold, `${line.kind} ${line.name} sold`).toBe(line.soldRecount);
    }
    const counts = (item: (p: OldPurchase) => number) => units(item, (p) => COUNTED.includes(p.status));
    expect(stock.map(({ kind, id, held, sold: soldUnits }) => ({ kind, id, held, sold: soldUnits }))).toEqual([
      { kind: 'ticket', id: 1, held: counts(general), sold: sold(general) },
      { kind: 'ticket', id: 2, held: counts(vip), sold: sold(vip) },
      { kind: 'product', id: 1, held: counts(shirts), sold: sold(shirts) },
    ]);
    // The fixture exercises what it claims: every counter above is non-zero.
    expect(stock.every((line) => line.held > 0 && line.sold > 0)).toBe(true);
  });
});
