import type { Generated, Kysely } from 'kysely';

/**
 * Where the sandbox keeps its state: its own tables (every name starts with `sandbox_`, created by its
 * own migrations, `migrations.ts`) in a database it is handed, so that several server processes sharing
 * one database share one sandbox, as they would share one real provider.
 */
export interface SandboxStore {
  kysely: Kysely<any>;
  dialect: 'sqlite' | 'postgres';
  /** A transaction that serialises with every other writer (SQLite: the write lock taken up front). */
  writeTransaction<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T>;
}

/** The sandbox's own tables. */
export interface SandboxTables {
  sandbox_payment_objects: PaymentObjectTable;
  sandbox_seat_tokens: SeatTokenTable;
  sandbox_seat_events: SeatEventTable;
  sandbox_seat_holds: SeatHoldTable;
}

/** The sandbox's store with its tables typed. */
export function tablesOf(store: SandboxStore): Kysely<SandboxTables> {
  return store.kysely as Kysely<SandboxTables>;
}

/** The payment sandboxes' objects (preferences, payments, orders, sessions, cards, keys…) as JSON, by provider and kind. */
export interface PaymentObjectTable {
  provider: string;
  kind: string;
  id: string;
  status: string;
  data_json: string;
  created_at: string;
  updated_at: string;
}

/** The seat sandbox's hold tokens. */
export interface SeatTokenTable {
  token: string;
  workspace_key: string;
  /** The client (`src/shared/node/client-key.ts`) that started it in the chart; null for the REST API's (the server's own). */
  client_key: string | null;
  expires_at: string;
  created_at: string;
}

/** One row per seat event: every status change locks it first, so changes of one event run one at a time. */
export interface SeatEventTable {
  event_key: string;
  version: Generated<number>;
}

/** A hold (`reservedByToken`, live while its token is), a booking (`booked`) or a custom status of `quantity` places of one object. */
export interface SeatHoldTable {
  id: Generated<number>;
  event_key: string;
  label: string;
  hold_token: string | null;
  status: string;
  quantity: number;
  order_id: string | null;
  updated_at: string;
}
