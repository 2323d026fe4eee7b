import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, PurchaseAccessKeyTable, PurchaseLineTable, PurchaseTable } from '../db/schema';
import { precompiled } from './precompiled';

/** What one call of PostgreSQL's `checkout_hold_at_version` (migrations 20261128_0022, 20261129_0024) writes and checks. */
export interface HoldCall {
  /** The event's catalogue version the order was priced with: the call refuses if it is not the event's version any more. */
  catalogueVersion: number;
  eventId: number;
  clientKey: string;
  now: string;
  /** Ticket units of this order, and the most one client may hold unpaid in the event. */
  units: number;
  maxUnitsPerClient: number;
  purchase: Insertable<PurchaseTable>;
  lines: Insertable<PurchaseLineTable>[];
  key: Insertable<PurchaseAccessKeyTable>;
  /** Units to take per ticket type (internal id), sorted by id by the caller. */
  take: { itemId: number; quantity: number }[];
}

/** Why a hold was refused; the whole call rolled back. */
export type HoldRefusal =
  | { reason: 'catalogue-changed' }
  | { reason: 'client-cap'; held: number }
  | { reason: 'sold-out'; itemId: number };

/**
 * PostgreSQL only: the whole holding transaction as one autocommitted statement (one round trip
 * instead of seven), after checking that the event is still at the version the order was priced
 * with. Resolves to the refusal when the function raised one of its own codes; any other failure
 * is thrown as it came.
 */
export async function holdInOneCall(db: Kysely<Database>, call: HoldCall): Promise<HoldRefusal | undefined> {
  try {
    await checkoutHold(db, {
      version: call.catalogueVersion,
      eventId: call.eventId,
      clientKey: call.clientKey,
      now: call.now,
      units: call.units,
      maxUnits: call.maxUnitsPerClient,
      purchase: JSON.stringify(call.purchase),
      lines: JSON.stringify(call.lines),
      key: JSON.stringify(call.key),
      ticketIds: call.take.map((t) => t.itemId),
      quantities: call.take.map((t) => t.quantity),
    });
    return undefined;
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code === 'CK004') return { reason: 'catalogue-changed' };
    if (code === 'CK002') return { reason: 'client-cap', held: Number(detail) };
    if (code === 'CK003') return { reason: 'sold-out', itemId: Number(detail) };
    throw error;
  }
}

type CallParams = {
  version: number; eventId: number; clientKey: string; now: string; units: number; maxUnits: number;
  purchase: string; lines: string; key: string; ticketIds: number[]; quantities: number[];
};
// Every plain hold on PostgreSQL runs it: compiled once (precompiled.ts).
const checkoutHold = precompiled<CallParams>(
  ['version', 'eventId', 'clientKey', 'now', 'units', 'maxUnits', 'purchase', 'lines', 'key', 'ticketIds', 'quantities'],
  // The two nulls are the function's token arguments: the bot check spends no token of ours (siteverify keeps its tokens single-use).
  (_db, p) => sql`select checkout_hold_at_version(${p.version}::integer, null::text, null::text, ${p.eventId}::integer, ${p.clientKey}::text, ${p.now}::text,
    ${p.units}::integer, ${p.maxUnits}::integer, ${p.purchase}::jsonb, ${p.lines}::jsonb, ${p.key}::jsonb, ${p.ticketIds}::integer[], ${p.quantities}::integer[])`,
);
