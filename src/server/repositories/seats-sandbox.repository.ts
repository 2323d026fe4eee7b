import type { Kysely, Selectable } from 'kysely';
import type { Database, SeatsSandboxHoldTable, SeatsSandboxTokenTable } from '../db/schema';

export type SandboxTokenRow = Selectable<SeatsSandboxTokenTable>;
/** A hold, booking or custom status of the seat sandbox, with its token's expiry (null: no token or token gone). */
export type SandboxHoldRow = Selectable<SeatsSandboxHoldTable> & { token_expires_at: string | null };

export async function insertSandboxToken(db: Kysely<Database>, row: SandboxTokenRow): Promise<void> {
  await db.insertInto('seats_sandbox_tokens').values(row).execute();
}

export async function findSandboxToken(db: Kysely<Database>, token: string): Promise<SandboxTokenRow | undefined> {
  return db.selectFrom('seats_sandbox_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function setSandboxTokenExpiry(db: Kysely<Database>, token: string, expiresAt: string): Promise<void> {
  await db.updateTable('seats_sandbox_tokens').set({ expires_at: expiresAt }).where('token', '=', token).execute();
}

/**
 * Takes the event's row for the rest of the transaction (created on first use): on PostgreSQL the
 * update locks it, so status changes of one event queue; SQLite's write transaction already does.
 */
export async function lockSandboxEvent(trx: Kysely<Database>, eventKey: string): Promise<void> {
  await trx.insertInto('seats_sandbox_events').values({ event_key: eventKey }).onConflict((oc) => oc.column('event_key').doNothing()).execute();
  await trx.updateTable('seats_sandbox_events').set((eb) => ({ version: eb('version', '+', 1) })).where('event_key', '=', eventKey).execute();
}

/** Every hold row of an event (or of some of its objects), with the expiry of the token it names. */
export async function sandboxHolds(db: Kysely<Database>, eventKey: string, labels?: string[]): Promise<SandboxHoldRow[]> {
  let query = db
    .selectFrom('seats_sandbox_holds as h')
    .leftJoin('seats_sandbox_tokens as t', 't.token', 'h.hold_token')
    .selectAll('h')
    .select('t.expires_at as token_expires_at')
    .where('h.event_key', '=', eventKey);
  if (labels) query = query.where('h.label', 'in', labels.length > 0 ? labels : ['']);
  return query.orderBy('h.id').execute();
}

export async function insertSandboxHold(trx: Kysely<Database>, row: Omit<Selectable<SeatsSandboxHoldTable>, 'id'>): Promise<void> {
  await trx.insertInto('seats_sandbox_holds').values(row).execute();
}

export async function setSandboxHoldStatus(trx: Kysely<Database>, ids: number[], status: string, orderId: string | null, now: string): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('seats_sandbox_holds').set({ status, order_id: orderId, updated_at: now }).where('id', 'in', ids).execute();
}

export async function deleteSandboxHolds(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('seats_sandbox_holds').where('id', 'in', ids).execute();
}
