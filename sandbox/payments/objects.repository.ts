import type { Kysely } from 'kysely';
import type { SandboxTables } from '../store';

/** One stored object of the payment sandbox: its status (for compare-and-set) and its JSON body. */
export interface SandboxObject<T> {
  id: string;
  status: string;
  data: T;
}

/** Stores a new sandbox object (a preference, payment, order, session, key…). */
export async function insertSandboxObject<T>(db: Kysely<SandboxTables>, provider: string, kind: string, object: SandboxObject<T>, now: string): Promise<void> {
  await db
    .insertInto('sandbox_payment_objects')
    .values({ provider, kind, id: object.id, status: object.status, data_json: JSON.stringify(object.data), created_at: now, updated_at: now })
    .execute();
}

/** Stores an object unless one with its key exists (first writer wins); returns the stored one. */
export async function insertSandboxObjectOnce<T>(db: Kysely<SandboxTables>, provider: string, kind: string, object: SandboxObject<T>, now: string): Promise<SandboxObject<T>> {
  await db
    .insertInto('sandbox_payment_objects')
    .values({ provider, kind, id: object.id, status: object.status, data_json: JSON.stringify(object.data), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['provider', 'kind', 'id']).doNothing())
    .execute();
  return (await findSandboxObject<T>(db, provider, kind, object.id))!;
}

/** A sandbox object by key, or undefined. */
export async function findSandboxObject<T>(db: Kysely<SandboxTables>, provider: string, kind: string, id: string): Promise<SandboxObject<T> | undefined> {
  const row = await db
    .selectFrom('sandbox_payment_objects')
    .select(['id', 'status', 'data_json'])
    .where('provider', '=', provider)
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status, data: JSON.parse(row.data_json) as T } : undefined;
}

/**
 * Replaces an object's status and body only while its status is one of `from`
 * (compare-and-set): the sandbox's state machines move forward once, whatever races.
 */
export async function moveSandboxObject<T>(
  db: Kysely<SandboxTables>,
  provider: string,
  kind: string,
  id: string,
  from: string[],
  next: { status: string; data: T },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payment_objects')
    .set({ status: next.status, data_json: JSON.stringify(next.data), updated_at: now })
    .where('provider', '=', provider)
    .where('kind', '=', kind)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every object of one kind, oldest first (support and tests). */
export async function listSandboxObjects<T>(db: Kysely<SandboxTables>, provider: string, kind: string): Promise<SandboxObject<T>[]> {
  const rows = await db
    .selectFrom('sandbox_payment_objects')
    .select(['id', 'status', 'data_json'])
    .where('provider', '=', provider)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ id: row.id, status: row.status, data: JSON.parse(row.data_json) as T }));
}

/** Deletes up to `limit` objects of one kind created before `before`, oldest first (through `(provider, kind, created_at)`); returns how many. */
export async function deleteSandboxObjectsCreatedBefore(db: Kysely<SandboxTables>, provider: string, kind: string, before: string, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('sandbox_payment_objects')
    .select('id')
    .where('provider', '=', provider)
    .where('kind', '=', kind)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  await db.deleteFrom('sandbox_payment_objects').where('provider', '=', provider).where('kind', '=', kind).where('id', 'in', rows.map((row) => row.id)).execute();
  return rows.length;
}
