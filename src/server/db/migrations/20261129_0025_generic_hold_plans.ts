import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL plans `checkout_hold`'s statements once per session instead of at every call. With
 * `force_custom_plan` (migration 20261128_0022) every call planned each statement again, and the
 * planning was most of the database's CPU for a purchase: the same bench measured 730–803
 * purchases a second with it and 906–1,432 with cached plans (docs/decisions/012-on-sale-holds.md,
 * fourth pass). Custom plans were there because a cached plan made while the event had no
 * purchases kept reading the client's holds through an index on the event (every live hold of
 * the event, a sequential read at an on-sale) once the crowd came. So the per-client count now
 * has exactly one usable index, whatever the table's statistics say when the plan is made:
 * - `purchases_client_hold` starts with `client_key`: (client_key, event_id, stock_until);
 * - the function compares `event_id + 0`, which no index on `event_id` can serve, so the
 *   planner cannot pick the event's indexes for it even on an empty table.
 * A client's holds are a handful, so reading them by client alone costs nothing more. SQLite's
 * count (`hold.repository.ts`) has both equalities, which the reordered index serves as before.
 * The function's body is 20261128_0022's with only those two lines changed.
 */
export function genericHoldPlansMigration(dialect: DialectName): Migration {
  return { up: (db) => up(db, dialect), down: (db) => down(db, dialect) };
}

async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('purchases_client_hold').execute();
  await db.schema.createIndex('purchases_client_hold').on('purchases').columns(['client_key', 'event_id', 'stock_until']).execute();
  if (dialect === 'postgres') await sql.raw(holdFunction('force_generic_plan', 'p.client_key = p_client_key and p.event_id + 0 = p_event_id')).execute(db);
}

async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('purchases_client_hold').execute();
  await db.schema.createIndex('purchases_client_hold').on('purchases').columns(['event_id', 'client_key', 'stock_until']).execute();
  if (dialect === 'postgres') await sql.raw(holdFunction('force_custom_plan', 'p.event_id = p_event_id and p.client_key = p_client_key')).execute(db);
}

/** `checkout_hold` as 20261128_0022 wrote it, but for its plan mode and how the per-client count finds the client's holds. */
function holdFunction(planMode: 'force_generic_plan' | 'force_custom_plan', clientHolds: string): string {
  return `
create or replace function checkout_hold(
  p_token_id text, p_token_expires_at text,
  p_event_id integer, p_client_key text, p_now text, p_units integer, p_max_units integer,
  p_purchase jsonb, p_lines jsonb, p_key jsonb,
  p_ticket_ids integer[], p_ticket_quantities integer[]
) returns void language plpgsql set plan_cache_mode = ${planMode} as $fn$
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
   where ${clientHolds}
     and p.status in ('held', 'pending') and p.stock_until > p_now and l.kind = 'ticket';
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
$fn$`;
}
