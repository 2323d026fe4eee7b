import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings (`toISOString()`),
 * which compare correctly as text in both SQLite and PostgreSQL; money is integer
 * centavos; JSON documents are stored as text and parsed by the repositories.
 */
export interface Database {
  events: EventTable;
  ticket_types: TicketTypeTable;
  products: ProductTable;
  discount_codes: DiscountCodeTable;
  purchases: PurchaseTable;
  purchase_lines: PurchaseLineTable;
  used_tokens: UsedTokenTable;
}

export interface EventTable {
  id: Generated<number>;
  url: string;
  name: string;
  image_path: string | null;
  config_json: string;
  html_json: string;
  hold_minutes: number;
  /** Bumped on every import, so caches keyed by (event, version) go stale. */
  version: number;
  updated_at: string;
}

export interface TicketTypeTable {
  id: Generated<number>;
  event_id: number;
  /** The `id` the operator wrote in the event file; the API speaks this id. */
  external_id: number;
  name: string;
  price_cents: number;
  description: string;
  minimum: number;
  maximum_per_order: number;
  capacity: number;
  /** Units paid for; raised in the same transaction that confirms a payment. */
  sold: Generated<number>;
  hidden: number;
  /** 0 once the operator removed it from the file; kept because purchases point at it. */
  active: number;
  md: number;
  md_quantity: number | null;
  md_ispercentage: number;
  md_minimum: number | null;
  form_json: string;
  sort_order: number;
}

export interface ProductTable {
  id: Generated<number>;
  event_id: number;
  external_id: number;
  nombre: string;
  precio_cents: number;
  minimo: number;
  maximo: number;
  stock: number;
  /** Units paid for; raised in the same transaction that confirms a payment. */
  sold: Generated<number>;
  active: number;
  imagenes_json: string;
  descripcion: string;
  opciones_json: string;
  sort_order: number;
}

export interface DiscountCodeTable {
  id: Generated<number>;
  event_id: number;
  code: string;
  percent: number | null;
  amount_cents: number | null;
  max_uses: number | null;
  valid_from: string | null;
  valid_until: string | null;
  ticket_ids_json: string | null;
  active: number;
}

export type PurchaseStatus = 'held' | 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';

export interface PurchaseTable {
  id: string;
  event_id: number;
  status: PurchaseStatus;
  identificador: string | null;
  discount_code_id: number | null;
  /** Server-computed amounts in centavos (see src/shared/pricing). */
  tickets_cents: number;
  tickets_discount_cents: number;
  products_cents: number;
  comission_cents: number;
  amount_cents: number;
  amount_out_discount_cents: number;
  /** End of the hold shown to the buyer. */
  expires_at: string;
  /** Until when the lines count as a hold (a voucher deadline may extend it); NULL once paid, when `sold` counts them. */
  stock_until: string | null;
  buyer_info_json: string | null;
  form_json: string | null;
  form_completed: number;
  emission_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PurchaseLineTable {
  id: Generated<number>;
  purchase_id: string;
  kind: 'ticket' | 'product';
  /** Internal id of the ticket type or product row. */
  item_id: number;
  quantity: number;
  unit_price_cents: number;
  options_json: string | null;
}

/** Single-use tokens (bot-check sandbox) already spent, shared by every API process. */
export interface UsedTokenTable {
  id: string;
  expires_at: string;
}
