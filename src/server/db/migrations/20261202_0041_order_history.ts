import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * `order_status_changes` becomes the order's history (`orders/lifecycle.ts`): every change of a
 * purchase's status, not only a paid one called off.
 * - `actor`: who moved it (`buyer`, `provider`, `organiser`, `system`); earlier rows, all call-offs,
 *   get `organiser` for the organiser's cancellations and `provider` for the rest.
 * - The unique (purchase, new status) goes: an order may come back to a status (a voucher ended →
 *   held, another voucher → pending). A change is still written once: the status's compare-and-set
 *   lets only one writer move it. SQLite cannot drop a constraint, so its table is rebuilt.
 * - An index on (purchase, id): the history is read per purchase, in order.
 */
export function orderHistoryMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down: (db) => down(db, dialect) };
}

const actorOfOldRows = sql`case reason when 'organiser' then 'organiser' else 'provider' end`;

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table order_status_changes drop constraint order_status_changes_once`.execute(db);
    await sql`alter table order_status_changes add column actor text`.execute(db);
    await sql`update order_status_changes set actor = ${actorOfOldRows}`.execute(db);
    await sql`alter table order_status_changes alter column actor set not null`.execute(db);
  } else {
    await sql`create table order_status_changes_next (
      id integer primary key autoincrement,
      purchase_id text not null references purchases (id),
      from_status text not null,
      to_status text not null,
      reason text not null,
      actor text not null,
      attempt_id text references payment_attempts (id),
      note text,
      created_at text not null)`.execute(db);
    await sql`insert into order_status_changes_next (id, purchase_id, from_status, to_status, reason, actor, attempt_id, note, created_at)
      select id, purchase_id, from_status, to_status, reason, ${actorOfOldRows}, attempt_id, note, created_at from order_status_changes`.execute(db);
    await sql`drop table order_status_changes`.execute(db);
    await sql`alter table order_status_changes_next rename to order_status_changes`.execute(db);
  }
  await sql`create index order_status_changes_purchase on order_status_changes (purchase_id, id)`.execute(db);
}

async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql`drop index order_status_changes_purchase`.execute(db);
  await sql`alter table order_status_changes drop column actor`.execute(db);
  if (dialect === 'postgres') await sql`alter table order_status_changes add constraint order_status_changes_once unique (purchase_id, to_status)`.execute(db);
  else await sql`create unique index order_status_changes_once on order_status_changes (purchase_id, to_status)`.execute(db);
}
