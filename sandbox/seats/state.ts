import { randomBytes } from 'node:crypto';
import { tablesOf, type SandboxStore } from '../store';
import {
  deleteSandboxHolds, deleteSandboxTokens, expiredSandboxTokens, findSandboxToken, insertSandboxHold, insertSandboxToken, liveTokensOfClient,
  lockSandboxEvent, placesHeldByClient, sandboxHolds, setSandboxHoldStatus, setSandboxTokenExpiry, type SandboxHoldRow, type SandboxTokenRow,
} from './repository';
import { sandboxVenue, venueObject, type VenueObject } from './venue';

/** seats.io's status names. */
export const FREE = 'free';
export const HELD = 'reservedByToken';
export const BOOKED = 'booked';

/** A session (hold token) lasts 15 minutes unless asked otherwise, and never more than 2 hours in all, like seats.io's. */
export const DEFAULT_TOKEN_MINUTES = 15;
export const MAX_TOKEN_MINUTES = 120;

/** A refusal of the sandbox seats API, answered in seats.io's error shape. */
export class SeatSandboxError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** What one object looks like now: who holds how many places, how many are booked or in a custom status. */
export interface ObjectState {
  object: VenueObject;
  /** Places held per live token. */
  holds: Record<string, number>;
  numHeld: number;
  /** Places booked or in a custom status (which outlive tokens). */
  numTaken: number;
  /** The status of the first non-held row (booked or custom), for seats and booths. */
  takenStatus: string | null;
  orderId: string | null;
  numFree: number;
}

function live(row: SandboxHoldRow, now: string): boolean {
  return row.status !== HELD || (row.token_expires_at !== null && row.token_expires_at > now);
}

function stateOf(object: VenueObject, rows: SandboxHoldRow[], now: string): ObjectState {
  const holds: Record<string, number> = {};
  let numHeld = 0;
  let numTaken = 0;
  let takenStatus: string | null = null;
  let orderId: string | null = null;
  for (const row of rows) {
    if (row.label !== object.label || !live(row, now)) continue;
    if (row.status === HELD) {
      holds[row.hold_token!] = (holds[row.hold_token!] ?? 0) + row.quantity;
      numHeld += row.quantity;
    } else {
      numTaken += row.quantity;
      takenStatus ??= row.status;
      orderId ??= row.order_id;
    }
  }
  return { object, holds, numHeld, numTaken, takenStatus, orderId, numFree: Math.max(0, object.capacity - numHeld - numTaken) };
}

/** The current state of every object of the venue for one event (expired tokens' holds read as free). */
export async function eventStates(store: SandboxStore, eventKey: string, now: string, labels?: string[]): Promise<ObjectState[]> {
  const rows = await sandboxHolds(tablesOf(store), eventKey, labels);
  const objects = labels ? labels.map((label) => venueObject(label)).filter((o): o is VenueObject => Boolean(o)) : sandboxVenue.objects;
  return objects.map((object) => stateOf(object, rows, now));
}

/** seats.io's status of a whole object: a seat is free, held by a token, booked or custom; an area is free while places are left. */
export function statusOf(state: ObjectState): string {
  if (state.object.objectType === 'GeneralAdmissionArea') return state.numFree > 0 ? FREE : state.numTaken > 0 ? BOOKED : HELD;
  if (state.takenStatus) return state.takenStatus;
  return state.numHeld > 0 ? HELD : FREE;
}

/** Who starts a token in the chart, and how many live tokens that client may have. */
export interface TokenClient {
  key: string;
  maxLiveTokens: number;
}

/**
 * A new hold token. One the chart starts records its client and is refused (429) while that
 * client has its cap of live tokens; the REST API's (this server's) have no client. Counted
 * before the insert, without a lock: a client's simultaneous requests (which the rate limit
 * bounds) may pass the cap by their number, while the places those tokens hold stay capped
 * under the event's lock (`changeStatus`).
 */
export async function createToken(store: SandboxStore, workspaceKey: string, minutes: number, now: Date, client: TokenClient | null = null): Promise<SandboxTokenRow> {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_TOKEN_MINUTES) {
    throw new SeatSandboxError(400, 'INVALID_EXPIRATION', `expiresInMinutes must be between 0 and ${MAX_TOKEN_MINUTES}`);
  }
  if (client && (await liveTokensOfClient(tablesOf(store), client.key, now.toISOString())) >= client.maxLiveTokens) {
    throw new SeatSandboxError(429, 'HOLD_TOKEN_LIMIT_REACHED', `A client may have at most ${client.maxLiveTokens} live hold tokens`);
  }
  const row = {
    token: randomBytes(12).toString('base64url'), workspace_key: workspaceKey, client_key: client?.key ?? null,
    expires_at: new Date(now.getTime() + minutes * 60_000).toISOString(), created_at: now.toISOString(),
  };
  await insertSandboxToken(tablesOf(store), row);
  return row;
}

/** How long past its expiry a token is kept: never purged while a call that just read it live may still write. */
const PURGE_AFTER_MS = 60_000;

/**
 * Deletes hold tokens that expired (a minute ago or more) with the holds they had, in bounded
 * batches through `(expires_at)`: the chart starts one per session, so without this they pile
 * up. Expired holds already read as free; bookings and custom statuses stay. Safe to run from
 * several processes at once. Returns the tokens deleted.
 */
export async function purgeExpiredSandboxTokens(store: SandboxStore, now: Date, { batchSize = 500, maxBatches = 20 } = {}): Promise<number> {
  const before = new Date(now.getTime() - PURGE_AFTER_MS).toISOString();
  let purged = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const tokens = await expiredSandboxTokens(tablesOf(store), before, batchSize);
    if (tokens.length > 0) await store.writeTransaction((trx) => deleteSandboxTokens(trx, tokens, HELD));
    purged += tokens.length;
    if (tokens.length < batchSize) break;
  }
  return purged;
}

/** A token that exists and has not expired, else 404 as seats.io answers for an unknown token. */
export async function liveToken(store: SandboxStore, token: string, now: Date): Promise<SandboxTokenRow> {
  const row = await findSandboxToken(tablesOf(store), token);
  if (!row || row.expires_at <= now.toISOString()) throw new SeatSandboxError(404, 'HOLD_TOKEN_NOT_FOUND', `Hold token ${token} not found`);
  return row;
}

/** Moves a token's expiry to `minutes` from now, within the 2-hour total a token may live. */
export async function extendToken(store: SandboxStore, token: string, minutes: number, now: Date): Promise<SandboxTokenRow> {
  const row = await liveToken(store, token, now);
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  if (!Number.isInteger(minutes) || minutes < 0 || expiresAt.getTime() > new Date(row.created_at).getTime() + MAX_TOKEN_MINUTES * 60_000) {
    throw new SeatSandboxError(400, 'INVALID_EXPIRATION', `A hold token is valid for at most ${MAX_TOKEN_MINUTES} minutes in total`);
  }
  await setSandboxTokenExpiry(tablesOf(store), token, expiresAt.toISOString());
  return { ...row, expires_at: expiresAt.toISOString() };
}

export interface StatusChange {
  eventKey: string;
  objects: { objectId: string; quantity?: number }[];
  /** `null` releases. */
  status: string | null;
  holdToken: string | null;
  orderId: string | null;
  /** A release that leaves booked and custom-status places alone (the browser may only let go of its holds). */
  onlyHeld?: boolean;
  /**
   * The chart's holds: the places one client's live tokens hold in the event, all together, may
   * not pass this (the event's per-client unit cap); checked under the event's lock.
   */
  maxPlacesPerClient?: number;
}

/**
 * One status change of several objects of one event, all or nothing (seats.io's
 * change-object-status): hold with a live token, book or set a custom status (with the token
 * that holds them, or on free places), release (the token's places, or every non-held one).
 */
export async function changeStatus(store: SandboxStore, change: StatusChange, now: Date): Promise<ObjectState[]> {
  const at = now.toISOString();
  const token = change.holdToken ? await liveToken(store, change.holdToken, now) : undefined;
  if (!token && change.status === HELD) throw new SeatSandboxError(400, 'HOLD_TOKEN_REQUIRED', 'Holding objects requires a hold token');
  const capped = change.status === HELD && change.maxPlacesPerClient !== undefined && token?.client_key ? { client: token.client_key, max: change.maxPlacesPerClient } : null;
  const labels = change.objects.map((o) => o.objectId);
  for (const label of labels) {
    if (!venueObject(label)) throw new SeatSandboxError(400, 'OBJECT_NOT_FOUND', `Object ${label} not found`);
  }
  if (new Set(labels).size !== labels.length) throw new SeatSandboxError(400, 'DUPLICATE_OBJECT', 'An object is named twice');
  return store.writeTransaction(async (trx) => {
    await lockSandboxEvent(trx, change.eventKey);
    const rows = (await sandboxHolds(trx, change.eventKey, labels)).filter((row) => live(row, at));
    const stale = (await sandboxHolds(trx, change.eventKey, labels)).filter((row) => !live(row, at)).map((row) => row.id);
    await deleteSandboxHolds(trx, stale);
    let clientPlaces = capped ? await placesHeldByClient(trx, change.eventKey, capped.client, HELD, at) : 0;
    for (const { objectId, quantity } of change.objects) {
      const object = venueObject(objectId)!;
      const state = stateOf(object, rows, at);
      const own = rows.filter((row) => row.label === objectId && row.status === HELD && row.hold_token === change.holdToken);
      const ownPlaces = own.reduce((sum, row) => sum + row.quantity, 0);
      const wanted = object.objectType === 'GeneralAdmissionArea' ? quantity ?? 1 : 1;
      if (change.status === null) {
        // With a token: that token's places; with an order id: that order's custom-status places; else every non-held place.
        const mine = (row: SandboxHoldRow) =>
          change.holdToken ? row.hold_token === change.holdToken && (change.onlyHeld ? row.status === HELD : row.status !== BOOKED)
            : change.orderId ? row.order_id === change.orderId && row.status !== BOOKED
              : row.status !== HELD;
        const gone = rows.filter((row) => row.label === objectId && mine(row));
        await deleteSandboxHolds(trx, gone.map((row) => row.id));
      } else if (change.status === HELD) {
        if (object.objectType !== 'GeneralAdmissionArea' && ownPlaces > 0) continue;
        if (state.numFree < wanted) throw new SeatSandboxError(400, 'ILLEGAL_STATUS_CHANGE', `${objectId} is not free`);
        clientPlaces += wanted;
        if (capped && clientPlaces > capped.max) throw new SeatSandboxError(400, 'HOLD_LIMIT_REACHED', `A client may hold at most ${capped.max} places of this event`);
        await insertSandboxHold(trx, { event_key: change.eventKey, label: objectId, hold_token: change.holdToken, status: HELD, quantity: wanted, order_id: change.orderId, updated_at: at });
      } else if (ownPlaces > 0) {
        // The token's places take the new status (booked, or a custom one that outlives the token).
        await setSandboxHoldStatus(trx, own.map((row) => row.id), change.status, change.orderId, at);
      } else {
        if (state.numFree < wanted) throw new SeatSandboxError(400, 'ILLEGAL_STATUS_CHANGE', `${objectId} is not free`);
        await insertSandboxHold(trx, { event_key: change.eventKey, label: objectId, hold_token: change.holdToken, status: change.status, quantity: wanted, order_id: change.orderId, updated_at: at });
      }
    }
    const after = await sandboxHolds(trx, change.eventKey, labels);
    return labels.map((label) => stateOf(venueObject(label)!, after, at));
  });
}
