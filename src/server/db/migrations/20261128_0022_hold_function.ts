import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL: a plain hold (no usage-limited code, no seats) is one call of `checkout_hold`, one
 * round trip and one autocommitted statement instead of begin, token, client lock, client count,
 * insert, one update per ticket type and commit (docs/decisions/012-on-sale-holds.md). The steps
 * are the same as the SQLite transaction's in services/purchase.service.ts, in the same order, so
 * a refusal names the same first problem:
 *   1. spend the bot-check token (`CK001` when it was spent already);
 *   2. serialise the holds of one client in one event (advisory lock on the pair), then refuse a
 *      hold past the per-client cap of unpaid ticket units (`CK002`, DETAIL = units held);
 *   3. the purchase, its lines and its access key;
 *   4. per ticket type, in the order given (the caller sorts by id, so no two calls wait in a
 *      circle), take the units only if they are left (`CK003`, DETAIL = the type's id).
 * Any refusal raises, and the whole statement — the token's spend too — rolls back.
 * `force_custom_plan`: each statement is planned with the call's values and the tables' sizes of
 * now. PL/pgSQL would otherwise keep a generic plan per session, and a plan made while the event
 * had few purchases (a sequential scan is cheapest then) stays in use once the on-sale has
 * brought tens of thousands: the bench measured the crowd run at half the throughput of the
 * empty one with cached plans, and flat with this setting.
 * SQLite has no round trips to save: nothing to create there.
 */
export function holdFunctionMigration(dialect: DialectName): Migration {
  return { up: (db) => (dialect === 'postgres' ? up(db) : Promise.resolve()), down: (db) => (dialect === 'postgres' ? down(db) : Promise.resolve()) };
}

async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create function checkout_hold(
  p_token_id text, p_token_expires_at text,
  p_event_id integer, p_client_key text, p_now text, p_units integer, p_max_units integer,
  p_purchase jsonb, p_lines jsonb, p_key jsonb,
  p_ticket_ids integer[], p_ticket_quantities integer[]
) returns void language plpgsql set plan_cache_mode = force_custom_plan as $fn$
declare
  v_changed integer;
  v_held bigint;
begin
  if p_token_id is not null then
    insert into used_tokens (id, expires_at) values (p_token_id, p_token_expires_at) on conflict (id) do nothing;
    get diagnostics v_changed = row_count;
    if v_changed = 0 then
      raise exception using errcode = 'CK001', message = 'bot-check token spent already';
    end if;
  end if;

  perform pg_advisory_xact_lock(hashtext(p_event_id::text || ':' || p_client_key));
  select coalesce(sum(l.quantity), 0) into v_held
    from purchases p join purchase_lines l on l.purchase_id = p.id
   where p.event_id = p_event_id and p.status in ('held', 'pending') and p.stock_until > p_now
     and p.client_key = p_client_key and l.kind = 'ticket';
  if v_held + p_units > p_max_units then
    raise exception using errcode = 'CK002', message = 'per-client hold cap reached', detail = v_held::text;
  end if;

  insert into purchases (id, event_id, status, referrer, discount_code_id, tickets_cents, tickets_discount_cents, products_cents,
      comission_cents, amount_cents, amount_out_discount_cents, expires_at, stock_until, buyer_info_json, form_json, form_completed,
      emission_id, client_key, stock_counted, created_at, updated_at)
    select id, event_id, status, referrer, discount_code_id, tickets_cents, tickets_discount_cents, products_cents,
      comission_cents, amount_cents, amount_out_discount_cents, expires_at, stock_until, buyer_info_json, form_json, form_completed,
      emission_id, client_key, stock_counted, created_at, updated_at
    from jsonb_populate_record(null::purchases, p_purchase);
  insert into purchase_lines (purchase_id, kind, item_id, quantity, unit_price_cents, options_json)
    select purchase_id, kind, item_id, quantity, unit_price_cents, options_json
    from jsonb_populate_recordset(null::purchase_lines, p_lines);
  insert into purchase_access_keys (key_hash, purchase_id, issued_to, created_at)
    select key_hash, purchase_id, issued_to, created_at from jsonb_populate_record(null::purchase_access_keys, p_key);

  for i in 1 .. coalesce(array_length(p_ticket_ids, 1), 0) loop
    update ticket_types set held = held + p_ticket_quantities[i]
     where id = p_ticket_ids[i] and capacity - sold - held >= p_ticket_quantities[i];
    if not found then
      raise exception using errcode = 'CK003', message = 'not enough units left', detail = p_ticket_ids[i]::text;
    end if;
  end loop;
end
$fn$`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists checkout_hold(text, text, integer, text, text, integer, integer, jsonb, jsonb, jsonb, integer[], integer[])`.execute(db);
}
