import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OperatorSessionTable } from '../db/schema';

export type OperatorSessionRow = Selectable<OperatorSessionTable>;

export async function insertOperatorSession(db: Kysely<Database>, row: Insertable<OperatorSessionTable>): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

/** A session by its id's hash, unless revoked (its ends are the caller's to judge). */
export async function findLiveSession(db: Kysely<Database>, idHash: string): Promise<OperatorSessionRow | undefined> {
  return db.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function passSecondFactor(db: Kysely<Database>, idHash: string, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ second_factor_passed: 1, last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function revokeSession(db: Kysely<Database>, idHash: string, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id_hash', '=', idHash).where('revoked_at', 'is', null).execute();
}

/** Ends every session of an operator (log out everywhere, a disabled account, a new password). */
export async function revokeOperatorSessions(db: Kysely<Database>, operatorId: string, now: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
}
