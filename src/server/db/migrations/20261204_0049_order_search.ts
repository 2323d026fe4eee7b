import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The operators' order search (`repositories/order-search.repository.ts`), every key through an index so a search
 * over 100,000 purchases reads only the rows it finds:
 * - `purchases.buyer_name_key`, `.buyer_email_key`, `.buyer_phone_key`, `tickets.attendee_name_key`: generated from the
 *   stored values (virtual on SQLite, stored on PostgreSQL), so no writer keeps them: name and e-mail lower-cased, the phone's digits
 *   alone (spaces, dashes, dots, brackets and `+` dropped). Compared byte by byte (SQLite's BINARY, PostgreSQL's
 *   `"C"` collation) so a prefix is a range of the index on both;
 * - `tickets.folio`, `tickets.holder_email` (stored lower-cased by the transfer);
 * - newest first: `purchases (created_at, id)` and `(event_id, created_at, id)`, the keyset's order;
 * - `buyer_cancellations.actor` and `.note`: who cancelled those tickets (`buyer`, or the operator when the organiser
 *   cancels some tickets or the rest of a partly cancelled order) and the operator's words;
 * - the order's timeline by purchase: `mail_outbox.purchase_id`, `webhook_inbox.resource_id`, `checkin_conflicts.ticket_id` (`checkin_entries` by ticket: 0047's `checkin_entries_ticket`).
 */
export function orderSearchMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down };
}

const digitsOf = (value: string) => `replace(replace(replace(replace(replace(replace(${value}, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '')`;

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const postgres = dialect === 'postgres';
  const field = (key: string) => (postgres ? `(buyer_info_json::json ->> '${key}')` : `json_extract(buyer_info_json, '$.${key}')`);
  const generated = (expression: string) => (postgres ? `text collate "C" generated always as (${expression}) stored` : `text generated always as (${expression}) virtual`);
  await sql.raw(`alter table purchases add column buyer_name_key ${generated(`lower(${field('name')})`)}`).execute(db);
  await sql.raw(`alter table purchases add column buyer_email_key ${generated(`lower(${field('email')})`)}`).execute(db);
  await sql.raw(`alter table purchases add column buyer_phone_key ${generated(digitsOf(field('phone')))}`).execute(db);
  await sql.raw(`alter table tickets add column attendee_name_key ${generated('lower(attendee_name)')}`).execute(db);
  await sql`alter table buyer_cancellations add column actor text not null default 'buyer'`.execute(db);
  await sql`alter table buyer_cancellations add column note text`.execute(db);
  const indexes: [string, string, string][] = [
    ['purchases_buyer_name_key', 'purchases', 'buyer_name_key'],
    ['purchases_buyer_phone_key', 'purchases', 'buyer_phone_key'],
    ['purchases_buyer_email_key', 'purchases', 'buyer_email_key'],
    ['purchases_newest', 'purchases', 'created_at, id'],
    ['purchases_event_newest', 'purchases', 'event_id, created_at, id'],
    ['tickets_attendee_name_key', 'tickets', 'attendee_name_key'],
    ['tickets_holder_email', 'tickets', 'holder_email'],
    ['tickets_folio', 'tickets', 'folio'],
    ['mail_outbox_purchase', 'mail_outbox', 'purchase_id'],
    ['webhook_inbox_resource', 'webhook_inbox', 'resource_id'],
    ['checkin_conflicts_ticket', 'checkin_conflicts', 'ticket_id'],
  ];
  for (const [name, table, columns] of indexes) await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'purchases_buyer_name_key', 'purchases_buyer_phone_key', 'purchases_buyer_email_key', 'purchases_newest', 'purchases_event_newest',
    'tickets_attendee_name_key', 'tickets_holder_email', 'tickets_folio', 'mail_outbox_purchase', 'webhook_inbox_resource', 'checkin_conflicts_ticket',
  ]) await sql.raw(`drop index ${name}`).execute(db);
  await sql`alter table buyer_cancellations drop column note`.execute(db);
  await sql`alter table buyer_cancellations drop column actor`.execute(db);
  await sql`alter table tickets drop column attendee_name_key`.execute(db);
  await sql`alter table purchases drop column buyer_phone_key`.execute(db);
  await sql`alter table purchases drop column buyer_email_key`.execute(db);
  await sql`alter table purchases drop column buyer_name_key`.execute(db);
}
