import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadOrder } from '../../src/server/repositories/order.repository';
import { migrateUpTo } from '../support/migrate-to';
import { createTestDatabase, skipDatabase } from '../support/test-database';

/**
 * A purchase stored under the Spanish column names (before migration 0008) reads back, after
 * the migration, as one order with English names and every JSON column decoded.
 */
describe.skipIf(skipDatabase)('the order read model over migrated columns', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  const now = '2026-11-24T10:00:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.url);
    const error = await migrateUpTo(db, '20261123_0007_unpaid_data_retention');
    if (error) throw error;
    // The schema before 0008 is not the one the Database type describes: write it untyped.
    const old = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto('events').values({
      id: 1, url: 'migrada', name: 'Migrada', image_path: null, config_json: '{"currency":"MXN"}', html_json: '[{"posicion":"FINISH","html":"<p>Gracias</p>"}]',
      hold_minutes: 15, version: 1, updated_at: now, hold_limits_json: '{"max_units_per_client":6}',
    }).execute();
    await old.insertInto('ticket_types').values({
      id: 1, event_id: 1, external_id: 7, name: 'General', price_cents: 35_000, description: '', minimum: 1, maximum_per_order: 10, capacity: 100, sold: 0,
      hidden: 0, active: 1, md: 1, md_quantity: 10, md_ispercentage: 1, md_minimum: 4,
      form_json: '[{"id":"nombre","type":"text","label":"Nombre"}]', sort_order: 0,
    }).execute();
    await old.insertInto('products').values({
      id: 1, event_id: 1, external_id: 3, nombre: 'Playera', precio_cents: 25_000, minimo: 1, maximo: 5, stock: 50, sold: 0, active: 1,
      imagenes_json: '[{"url":"/img/playera.png"}]', descripcion: 'Algodón', opciones_json: '[{"id":"talla","label":"Talla","options":{"values":["M","G"]}}]', sort_order: 0,
    }).execute();
    await old.insertInto('discount_codes').values({ id: 1, event_id: 1, code: 'AMIGOS', percent: 10, active: 1, ticket_ids_json: '[7]' }).execute();
    await old.insertInto('purchases').values({
      id: 'p-1', event_id: 1, status: 'held', identificador: 'promotor-7', discount_code_id: 1, tickets_cents: 70_000, tickets_discount_cents: 7_000,
      products_cents: 25_000, comission_cents: 6_300, amount_cents: 69_300, amount_out_discount_cents: 77_000, expires_at: now, stock_until: now,
      buyer_info_json: '{"name":"Ana","email":"ana@example.com","phone":"5512345678","lang":"en"}', form_json: '{"7":[{"nombre":"Ana"},{"nombre":"Luis"}]}',
      form_completed: 1, emission_id: null, created_at: now, updated_at: now,
    }).execute();
    await old.insertInto('purchase_lines').values([
      { purchase_id: 'p-1', kind: 'ticket', item_id: 1, quantity: 2, unit_price_cents: 35_000, options_json: null },
      { purchase_id: 'p-1', kind: 'product', item_id: 1, quantity: 1, unit_price_cents: 25_000, options_json: '{"talla":"M"}' },
    ]).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db.kysely.destroy();
    await database.drop();
  });

  it('keeps every value under its English column name', async () => {
    const product = await db.kysely.selectFrom('products').selectAll().executeTakeFirstOrThrow();
    expect(product).toMatchObject({ name: 'Playera', price_cents: 25_000, minimum: 1, maximum_per_order: 5, description: 'Algodón' });
    const ticket = await db.kysely.selectFrom('ticket_types').selectAll().executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ volume_discount: 1, volume_discount_value: 10, volume_discount_is_percentage: 1, volume_discount_minimum: 4 });
    const purchase = await db.kysely.selectFrom('purchases').select('referrer').executeTakeFirstOrThrow();
    expect(purchase.referrer).toBe('promotor-7');
  });

  it('loads the order: purchase, event, lines matched with their items, JSON decoded once', async () => {
    const order = await loadOrder(db.kysely, 'p-1');
    expect(order?.purchase).toMatchObject({
      referrer: 'promotor-7',
      buyer: { name: 'Ana', email: 'ana@example.com', phone: '5512345678', lang: 'en' },
      attendee_answers: { '7': [{ nombre: 'Ana' }, { nombre: 'Luis' }] },
    });
    expect(order?.event).toMatchObject({ url: 'migrada', config: { currency: 'MXN' }, html: [{ posicion: 'FINISH', html: '<p>Gracias</p>' }], hold_limits: { max_units_per_client: 6 } });
    expect(order?.tickets).toEqual([{ ticket: expect.objectContaining({ external_id: 7, form: [{ id: 'nombre', type: 'text', label: 'Nombre' }] }), quantity: 2, unitPriceCents: 35_000 }]);
    expect(order?.products).toEqual([
      {
        product: expect.objectContaining({ external_id: 3, name: 'Playera', images: [{ url: '/img/playera.png' }], options: [{ id: 'talla', label: 'Talla', options: { values: ['M', 'G'] } }] }),
        quantity: 1,
        unitPriceCents: 25_000,
        options: { talla: 'M' },
      },
    ]);
    expect(order?.discount).toMatchObject({ code: 'AMIGOS', ticket_ids: [7] });
    expect(await loadOrder(db.kysely, 'unknown')).toBeUndefined();
  });
});
