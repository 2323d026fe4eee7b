import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';

export type AuditLogRow = Selectable<AuditLogTable>;

export async function insertAuditRow(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first: `limit` rows with an id below `before` (all when undefined). */
export async function listAuditRows(db: Kysely<Database>, before: number | undefined, limit: number): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.execute();
}
