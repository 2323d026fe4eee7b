import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The waiting list of sold-out ticket types (`waiting-list/`, docs/decisions/026-waiting-list.md):
 * - `events.waiting_list_json`: the event file's `waiting_list` (`{enabled, offer_hours}`), null when absent;
 * - `waiting_list_entries`: one person's place in one ticket type's line — `unconfirmed` until the link of its
 *   confirmation e-mail is followed (only the link key's SHA-256 is kept, `confirm_key_hash`), `waiting` from
 *   `confirmed_at` (the line's order), `offered` once freed stock was held for it (`purchase_id`, unique: one
 *   offer per entry and one entry per offer). One entry per address and ticket type (`(ticket_type_id, email)`);
 *   the line is read through `(ticket_type_id, status, confirmed_at)`;
 * - `mail_outbox.purchase_id` may be null (the confirmation e-mail has no purchase yet) and
 *   `mail_outbox.waiting_entry_id` names the entry an e-mail is about. SQLite cannot drop a NOT NULL in
 *   place: its table is copied into a new one (same columns and indexes), nothing references it.
 */
export function waitingListMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down: (db) => down(db, dialect) };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('events').addColumn('waiting_list_json', 'text').execute();
  await db.schema
    .createTable('waiting_list_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('ticket_type_id', 'integer', (c) => c.notNull().references('ticket_types.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirm_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('confirmed_at', 'text')
    .addColumn('purchase_id', 'text', (c) => c.unique().references('purchases.id'))
    .addColumn('offered_at', 'text')
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('waiting_list_entries_type_email', ['ticket_type_id', 'email'])
    .execute();
  await db.schema.createIndex('waiting_list_entries_line').on('waiting_list_entries').columns(['ticket_type_id', 'status', 'confirmed_at']).execute();
  await db.schema.createIndex('waiting_list_entries_event').on('waiting_list_entries').columns(['event_id', 'status']).execute();
  if (dialect === 'postgres') {
    await sql`alter table mail_outbox alter column purchase_id drop not null`.execute(db);
    await sql`alter table mail_outbox add column waiting_entry_id text references waiting_list_entries (id)`.execute(db);
    return;
  }
  await sql`create table mail_outbox_next (
    id text primary key, dedupe_key text not null unique, purchase_id text references purchases (id), kind text not null,
    attempt_id text, recipient text not null, lang text not null, status text not null, attempts integer not null,
    claimed_at text, sent_at text, error text, message_ref text, created_at text not null, ticket_id text,
    waiting_entry_id text references waiting_list_entries (id))`.execute(db);
  await sql`insert into mail_outbox_next (id, dedupe_key, purchase_id, kind, attempt_id, recipient, lang, status, attempts, claimed_at, sent_at, error, message_ref, created_at, ticket_id)
    select id, dedupe_key, purchase_id, kind, attempt_id, recipient, lang, status, attempts, claimed_at, sent_at, error, message_ref, created_at, ticket_id from mail_outbox`.execute(db);
  await sql`drop table mail_outbox`.execute(db);
  await sql`alter table mail_outbox_next rename to mail_outbox`.execute(db);
  await sql`create index mail_outbox_status on mail_outbox (status)`.execute(db);
  await sql`create index mail_outbox_purchase on mail_outbox (purchase_id)`.execute(db);
}

async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await sql`delete from mail_outbox where purchase_id is null`.execute(db);
  if (dialect === 'postgres') {
    await sql`alter table mail_outbox drop column waiting_entry_id`.execute(db);
    await sql`alter table mail_outbox alter column purchase_id set not null`.execute(db);
  } else {
    await sql`create table mail_outbox_next (
      id text primary key, dedupe_key text not null unique, purchase_id text not null references purchases (id), kind text not null,
      attempt_id text, recipient text not null, lang text not null, status text not null, attempts integer not null,
      claimed_at text, sent_at text, error text, message_ref text, created_at text not null, ticket_id text)`.execute(db);
    await sql`insert into mail_outbox_next select id, dedupe_key, purchase_id, kind, attempt_id, recipient, lang, status, attempts, claimed_at, sent_at, error, message_ref, created_at, ticket_id from mail_outbox`.execute(db);
    await sql`drop table mail_outbox`.execute(db);
    await sql`alter table mail_outbox_next rename to mail_outbox`.execute(db);
    await sql`create index mail_outbox_status on mail_outbox (status)`.execute(db);
    await sql`create index mail_outbox_purchase on mail_outbox (purchase_id)`.execute(db);
  }
  await db.schema.dropTable('waiting_list_entries').execute();
  await db.schema.alterTable('events').dropColumn('waiting_list_json').execute();
}
