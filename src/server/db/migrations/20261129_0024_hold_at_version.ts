import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL: `checkout_hold_at_version` is `checkout_hold` (migration 20261128_0022) after
 * checking, in the same statement, that the event is still at the catalogue version the caller
 * priced the order with (`CK004` otherwise; nothing is written). A purchase then no longer reads
 * the event's version in a round trip of its own before holding: it prices the order from the
 * cached catalogue, and a catalogue changed by an import in the meantime is found by the call,
 * which the caller answers by reading the catalogue again (docs/decisions/012-on-sale-holds.md,
 * fourth pass). SQLite has no round trips to save: nothing to create there.
 */
export function holdAtVersionMigration(dialect: DialectName): Migration {
  return { up: (db) => (dialect === 'postgres' ? up(db) : Promise.resolve()), down: (db) => (dialect === 'postgres' ? down(db) : Promise.resolve()) };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create function checkout_hold_at_version(
  p_version integer,
  p_token_id text, p_token_expires_at text,
  p_event_id integer, p_client_key text, p_now text, p_units integer, p_max_units integer,
  p_purchase jsonb, p_lines jsonb, p_key jsonb,
  p_ticket_ids integer[], p_ticket_quantities integer[]
) returns void language plpgsql as $fn$
begin
  if not exists (select 1 from events where id = p_event_id and version = p_version) then
    raise exception using errcode = 'CK004', message = 'the event changed since the order was priced';
  end if;
  perform checkout_hold(p_token_id, p_token_expires_at, p_event_id, p_client_key, p_now, p_units, p_max_units,
    p_purchase, p_lines, p_key, p_ticket_ids, p_ticket_quantities);
end
$fn$`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists checkout_hold_at_version(integer, text, text, integer, text, text, integer, integer, jsonb, jsonb, jsonb, integer[], integer[])`.execute(db);
}
