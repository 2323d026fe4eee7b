import { sql, type Kysely, type Selectable } from 'kysely';
import type { WaitingRoomFile } from '../../shared/event-file/event-file.types';
import type { Database, WaitingRoomEntryTable, WaitingRoomTable } from '../db/schema';

export type WaitingRoomRow = Selectable<WaitingRoomTable> & { url: string };
export type WaitingRoomEntryRow = Selectable<WaitingRoomEntryTable>;

/** A room's settings when the file leaves them out. */
export const WAITING_ROOM_DEFAULTS = { admit_per_minute: 500, session_minutes: 10 } as const;

/**
 * Writes the import's `waiting_room` (absent: `off`), keeping the queue's counters. The lottery is
 * only for `scheduled`: any other mode gives places in arrival order from now on.
 */
export async function saveWaitingRoomSettings(trx: Kysely<Database>, eventId: number, file: WaitingRoomFile | undefined, now: string): Promise<void> {
  const settings = {
    mode: file?.mode ?? ('off' as const),
    opens_at: file?.opens_at ?? null,
    admit_per_minute: file?.admit_per_minute ?? WAITING_ROOM_DEFAULTS.admit_per_minute,
    session_minutes: file?.session_minutes ?? WAITING_ROOM_DEFAULTS.session_minutes,
    auto_held_units: file?.auto_held_units ?? null,
    updated_at: now,
  };
  const exists = await trx.selectFrom('waiting_rooms').select('event_id').where('event_id', '=', eventId).executeTakeFirst();
  if (!exists) {
    if (!file) return;
    await trx.insertInto('waiting_rooms').values({ event_id: eventId, ...settings, admitted_clock: now, drawn: settings.mode === 'scheduled' ? 0 : 1 }).execute();
    return;
  }
  const update = trx.updateTable('waiting_rooms').set(settings).where('event_id', '=', eventId);
  await (settings.mode === 'scheduled' ? update : update.set({ drawn: 1 })).execute();
}

/** An event's room by the event's url, or undefined (no room ever). */
export function findWaitingRoom(db: Kysely<Database>, url: string): Promise<WaitingRoomRow | undefined> {
  return db
    .selectFrom('waiting_rooms')
    .innerJoin('events', 'events.id', 'waiting_rooms.event_id')
    .selectAll('waiting_rooms')
    .select('events.url')
    .where('events.url', '=', url)
    .executeTakeFirst();
}

/** Whether the event has a room that is not off (its page asks the room before the tickets). */
export async function hasWaitingRoom(db: Kysely<Database>, eventId: number): Promise<boolean> {
  const row = await db.selectFrom('waiting_rooms').select('mode').where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined && row.mode !== 'off';
}

/** The event's units held unpaid now (its ticket types' counters). */
export async function heldUnitsOf(db: Kysely<Database>, eventId: number): Promise<number> {
  const row = await db.selectFrom('ticket_types').select((eb) => eb.fn.sum<number | string | null>('held').as('held')).where('event_id', '=', eventId).executeTakeFirst();
  return Number(row?.held ?? 0);
}

/** Moves the admissions forward if nobody else did since they were read (compare-and-set); whether it did. */
export async function advanceAdmissions(db: Kysely<Database>, eventId: number, from: { upTo: number; clock: string }, to: { upTo: number; clock: string }): Promise<boolean> {
  const result = await db
    .updateTable('waiting_rooms')
    .set({ admitted_up_to: to.upTo, admitted_clock: to.clock })
    .where('event_id', '=', eventId)
    .where('admitted_up_to', '=', from.upTo)
    .where('admitted_clock', '=', from.clock)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setAdmitRate(db: Kysely<Database>, eventId: number, admitPerMinute: number, now: string): Promise<void> {
  await db.updateTable('waiting_rooms').set({ admit_per_minute: admitPerMinute, updated_at: now }).where('event_id', '=', eventId).execute();
}

export function findEntry(db: Kysely<Database>, eventId: number, browserId: string): Promise<WaitingRoomEntryRow | undefined> {
  return db.selectFrom('waiting_room_entries').selectAll().where('event_id', '=', eventId).where('browser_id', '=', browserId).executeTakeFirst();
}

/** How many places a client holds in the room, counted up to `limit` (the cap: never more rows read). */
export async function countClientEntries(db: Kysely<Database>, eventId: number, clientKey: string, limit: number): Promise<number> {
  const rows = await db.selectFrom('waiting_room_entries').select('browser_id').where('event_id', '=', eventId).where('client_key', '=', clientKey).limit(limit).execute();
  return rows.length;
}

export async function insertEntry(trx: Kysely<Database>, entry: WaitingRoomEntryRow): Promise<void> {
  await trx.insertInto('waiting_room_entries').values(entry).execute();
}

/**
 * The next place in arrival order (the room's row stays locked to the commit, so places never repeat);
 * undefined before the draw. Into an empty queue, the admissions' clock starts now: a room idle for an
 * hour has not saved up an hour of admissions for the next crowd.
 */
export async function takeNextSeq(trx: Kysely<Database>, eventId: number, now: string): Promise<number | undefined> {
  const row = await trx
    .updateTable('waiting_rooms')
    .set((eb) => ({ next_seq: eb('next_seq', '+', 1), admitted_clock: sql<string>`case when next_seq = admitted_up_to then ${now} else admitted_clock end` }))
    .where('event_id', '=', eventId)
    .where('drawn', '=', 1)
    .returning('next_seq')
    .executeTakeFirst();
  return row?.next_seq;
}

/**
 * The lottery, once (compare-and-set on `drawn`), unless a process still holds it back
 * (`waiting_room_draw_holds`: arrivals of before the opening still in its line): every entry still
 * without a place gets the next places, first the lottery's in the order of their random
 * `lottery_key`, then those that came after the opening in arrival order, in one statement. Answers
 * how many it placed (0 when another caller had drawn it or a hold lives). Admissions count from now.
 */
export async function drawLottery(trx: Kysely<Database>, eventId: number, now: string): Promise<number> {
  const claimed = await trx
    .updateTable('waiting_rooms')
    .set({ drawn: 1, admitted_clock: now })
    .where('event_id', '=', eventId)
    .where('drawn', '=', 0)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('waiting_room_draw_holds').select('holder').where('event_id', '=', eventId).where('expires_at', '>', now),
    )))
    .returning('next_seq')
    .executeTakeFirst();
  if (!claimed) return 0;
  const base = claimed.next_seq;
  const ranked = await sql`
    update waiting_room_entries set seq = ranked.place
    from (
      select browser_id, row_number() over (order by (lottery_key is null), lottery_key, joined_at, browser_id) + ${base} as place
      from waiting_room_entries where event_id = ${eventId} and seq is null
    ) as ranked
    where waiting_room_entries.event_id = ${eventId} and waiting_room_entries.browser_id = ranked.browser_id`.execute(trx);
  const placed = Number(ranked.numAffectedRows ?? 0n);
  await trx.updateTable('waiting_rooms').set((eb) => ({ next_seq: eb('next_seq', '+', placed) })).where('event_id', '=', eventId).execute();
  return placed;
}

/** Holds the room's draw back until `expiresAt` for `holder` (a process with arrivals of before the opening in line). */
export async function keepDrawHold(db: Kysely<Database>, eventId: number, holder: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('waiting_room_draw_holds')
    .values({ event_id: eventId, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['event_id', 'holder']).doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

/** Lets the room's draw go as far as `holder` is concerned. */
export async function dropDrawHold(db: Kysely<Database>, eventId: number, holder: string): Promise<void> {
  await db.deleteFrom('waiting_room_draw_holds').where('event_id', '=', eventId).where('holder', '=', holder).execute();
}

/** Gives an entry a place (a late lottery entrant, or an expired one joining again at the back). */
export async function placeEntry(trx: Kysely<Database>, eventId: number, browserId: string, seq: number, now: string): Promise<void> {
  await trx.updateTable('waiting_room_entries').set({ seq, admitted_at: null, joined_at: now }).where('event_id', '=', eventId).where('browser_id', '=', browserId).execute();
}

/** Notes when an entry's admission began, the first time it is seen admitted; answers the moment kept. */
export async function markAdmitted(db: Kysely<Database>, eventId: number, browserId: string, now: string): Promise<string> {
  await db.updateTable('waiting_room_entries').set({ admitted_at: now }).where('event_id', '=', eventId).where('browser_id', '=', browserId).where('admitted_at', 'is', null).execute();
  const row = await db.selectFrom('waiting_room_entries').select('admitted_at').where('event_id', '=', eventId).where('browser_id', '=', browserId).executeTakeFirstOrThrow();
  return row.admitted_at ?? now;
}

/** Spends a pass by its id in `used_tokens`; false when it was spent already. */
export async function spendPass(db: Kysely<Database>, id: string, expiresAt: string): Promise<boolean> {
  const result = await db.insertInto('used_tokens').values({ id, expires_at: expiresAt }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Gives a spent pass back (the purchase it was spent on did not go through). */
export async function unspendPass(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('used_tokens').where('id', '=', id).execute();
}

/** Whether a pass was spent. */
export async function passSpent(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('used_tokens').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
