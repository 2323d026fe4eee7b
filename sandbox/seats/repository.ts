import type { Kysely, Selectable } from 'kysely';
import type { SandboxTables, SeatHoldTable, SeatTokenTable } from '../store';

export type SandboxTokenRow = Selectable<SeatTokenTable>;
/** A hold, booking or custom status of the seat sandbox, with its token's expiry (null: no token or token gone). */
export type SandboxHoldRow = Selectable<SeatHoldTable> & { token_expires_at: string | null };

export async function insertSandboxToken(db: Kysely<SandboxTables>, row: SandboxTokenRow): Promise<void> {
  await db.insertInto('sandbox_seat_tokens').values(row).execute();
}

export async function findSandboxToken(db: Kysely<SandboxTables>, token: string): Promise<SandboxTokenRow | undefined> {
  return db.selectFrom('sandbox_seat_tokens').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function setSandboxTokenExpiry(db: Kysely<SandboxTables>, token: string, expiresAt: string): Promise<void> {
  await db.updateTable('sandbox_seat_tokens').set({ expires_at: expiresAt }).where('token', '=', token).execute();
}

/**
 * Takes the event's row for the rest of the transaction (created on first use): on PostgreSQL the
 * update locks it, so status changes of one event queue; SQLite's write transaction already does.
 */
export async function lockSandboxEvent(trx: Kysely<SandboxTables>, eventKey: string): Promise<void> {
  await trx.insertInto('sandbox_seat_events').values({ event_key: eventKey }).onConflict((oc) => oc.column('event_key').doNothing()).execute();
  await trx.updateTable('sandbox_seat_events').set((eb) => ({ version: eb('version', '+', 1) })).where('event_key', '=', eventKey).execute();
}

/** Every hold row of an event (or of some of its objects), with the expiry of the token it names. */
export async function sandboxHolds(db: Kysely<SandboxTables>, eventKey: string, labels?: string[]): Promise<SandboxHoldRow[]> {
  let query = db
    .selectFrom('sandbox_seat_holds as h')
    .leftJoin('sandbox_seat_tokens as t', 't.token', 'h.hold_token')
    .selectAll('h')
    .select('t.expires_at as token_expires_at')
    .where('h.event_key', '=', eventKey);
  if (labels) query = query.where('h.label', 'in', labels.length > 0 ? labels : ['']);
  return query.orderBy('h.id').execute();
}

export async function insertSandboxHold(trx: Kysely<SandboxTables>, row: Omit<Selectable<SeatHoldTable>, 'id'>): Promise<void> {
  await trx.insertInto('sandbox_seat_holds').values(row).execute();
}

export async function setSandboxHoldStatus(trx: Kysely<SandboxTables>, ids: number[], status: string, orderId: string | null, now: string): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('sandbox_seat_holds').set({ status, order_id: orderId, updated_at: now }).where('id', 'in', ids).execute();
}

export async function deleteSandboxHolds(trx: Kysely<SandboxTables>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('sandbox_seat_holds').where('id', 'in', ids).execute();
}

/** Hold tokens a client started that have not expired (through `(client_key, expires_at)`). */
export async function liveTokensOfClient(db: Kysely<SandboxTables>, clientKey: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('sandbox_seat_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('client_key', '=', clientKey)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places of one event held (`status`) by the live tokens a client started. */
export async function placesHeldByClient(trx: Kysely<SandboxTables>, eventKey: string, clientKey: string, status: string, now: string): Promise<number> {
  const row = await trx
    .selectFrom('sandbox_seat_tokens as t')
    .innerJoin('sandbox_seat_holds as h', 'h.hold_token', 't.token')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('h.quantity'), eb.lit(0)).as('n'))
    .where('t.client_key', '=', clientKey)
    .where('t.expires_at', '>', now)
    .where('h.event_key', '=', eventKey)
    .where('h.status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Up to `limit` tokens that expired before `before`, oldest first (through `(expires_at)`). */
export async function expiredSandboxTokens(db: Kysely<SandboxTables>, before: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('sandbox_seat_tokens').select('token').where('expires_at', '<', before).orderBy('expires_at').limit(limit).execute();
  return rows.map((row) => row.token);
}

/**
 * Deletes expired tokens and the holds (`status`) they had: those places already read as free.
 * Bookings and custom statuses made with a token outlive it and stay.
 */
export async function deleteSandboxTokens(trx: Kysely<SandboxTables>, tokens: string[], status: string): Promise<void> {
  if (tokens.length === 0) return;
  await trx.deleteFrom('sandbox_seat_holds').where('hold_token', 'in', tokens).where('status', '=', status).execute();
  await trx.deleteFrom('sandbox_seat_tokens').where('token', 'in', tokens).execute();
}
