import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { findAccessKey, insertAccessKey } from '../../src/server/repositories/purchase-access.repository';
import { migrateUpTo, migrationBefore } from '../support/migrate-to';
import { createTestDatabase, skipDatabase, testDialect } from '../support/test-database';

const MIGRATION = '20261129_0023_fewer_pages_per_hold';
const NOW = '2026-11-29T12:00:00.000Z';

/**
 * Migration 0023 rebuilds SQLite's spent-token and access-key tables as WITHOUT ROWID tables and
 * turns two purchase indexes partial: what was there before stays, and works the same after.
 */
describe.skipIf(skipDatabase)(`migration ${MIGRATION} on ${testDialect}`, () => {
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

  // A row of the table the migration rebuilt (the server no longer writes it: kept until a migration drops it).
  const spendToken = async (k: typeof db.kysely, id: string, expiresAt: string) =>
    Number((await k.insertInto('used_tokens').values({ id, expires_at: expiresAt }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0n) === 1;

  it('keeps spent tokens spent and access keys valid', async () => {
    expect(await migrateUpTo(db, migrationBefore(db, MIGRATION))).toBeUndefined();

    const k = db.kysely;
    const { id: eventId } = await k
      .insertInto('events')
      .values({ url: 'antes', name: 'Antes', image_path: null, config_json: '{}', html_json: '{}', hold_minutes: 15, version: 1, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('purchases').values({
      id: 'p-1', event_id: eventId, status: 'held', referrer: null, discount_code_id: null, tickets_cents: 0, tickets_discount_cents: 0, products_cents: 0,
      comission_cents: 0, amount_cents: 0, amount_out_discount_cents: 0, expires_at: NOW, stock_until: NOW,
      buyer_info_json: null, form_json: null, form_completed: 0, emission_id: null, client_key: 'c', buyer_email: 'ana@example.com', created_at: NOW, updated_at: NOW,
    }).execute();
    await insertAccessKey(k, { key_hash: 'hash-1', purchase_id: 'p-1', issued_to: 'browser', created_at: NOW });
    expect(await spendToken(k, 'token-1', NOW)).toBe(true);

    await migrateToLatest(db);

    expect(await findAccessKey(k, 'hash-1')).toEqual({ purchase_id: 'p-1', ticket_id: null });
    expect(await spendToken(k, 'token-1', NOW)).toBe(false);
    expect(await spendToken(k, 'token-2', NOW)).toBe(true);
    // The key still points at a purchase that exists (the foreign key came along).
    await expect(insertAccessKey(k, { key_hash: 'hash-2', purchase_id: 'no-such-purchase', issued_to: 'browser', created_at: NOW })).rejects.toThrow();
    if (testDialect === 'sqlite') {
      const tables = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where name in ('used_tokens', 'purchase_access_keys')`.execute(k);
      expect(tables.rows.map((t) => [t.name, /without rowid/i.test(t.sql)]).sort()).toEqual([['purchase_access_keys', true], ['used_tokens', true]]);
    }
  });
});
