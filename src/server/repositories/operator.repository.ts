import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, OperatorTable } from '../db/schema';

/** An operator with its event list decoded (null: every event). */
export type OperatorRow = Omit<Selectable<OperatorTable>, 'event_urls_json'> & { event_urls: string[] | null };

function decode(row: Selectable<OperatorTable>): OperatorRow {
  const { event_urls_json, ...rest } = row;
  return { ...rest, event_urls: event_urls_json === null ? null : (JSON.parse(event_urls_json) as string[]) };
}

export const encodeEventUrls = (urls: string[] | null | undefined): string | null => (urls ? JSON.stringify(urls) : null);

export async function insertOperator(db: Kysely<Database>, row: Insertable<OperatorTable>): Promise<void> {
  await db.insertInto('operators').values(row).execute();
}

export async function findOperatorByEmail(db: Kysely<Database>, email: string): Promise<OperatorRow | undefined> {
  const row = await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
  return row && decode(row);
}

export async function findOperatorById(db: Kysely<Database>, id: string): Promise<OperatorRow | undefined> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decode(row);
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  return (await db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('email').execute()).map(decode);
}

export async function countOperators(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('operators').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateOperator(db: Kysely<Database>, id: string, values: Updateable<OperatorTable>): Promise<void> {
  await db.updateTable('operators').set(values).where('id', '=', id).execute();
}

/**
 * Counts one failed login; at `max` in a row the account is locked until `lockUntil` (and the count
 * starts again). Answers whether this failure locked it.
 */
export async function countFailedLogin(db: Kysely<Database>, id: string, max: number, lockUntil: string): Promise<boolean> {
  await db.updateTable('operators').set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) })).where('id', '=', id).execute();
  const locked = await db.updateTable('operators').set({ failed_logins: 0, locked_until: lockUntil }).where('id', '=', id).where('failed_logins', '>=', max).executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

export async function insertPasswordToken(db: Kysely<Database>, row: { token_hash: string; operator_id: string; expires_at: string; created_at: string }): Promise<void> {
  await db.insertInto('operator_password_tokens').values(row).execute();
}

/** Uses a set-password link once: the operator it belongs to, if it was unused and in time. */
export async function takePasswordToken(db: Kysely<Database>, tokenHash: string, now: string): Promise<string | undefined> {
  const taken = await db.updateTable('operator_password_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return undefined;
  return (await db.selectFrom('operator_password_tokens').select('operator_id').where('token_hash', '=', tokenHash).executeTakeFirstOrThrow()).operator_id;
}
