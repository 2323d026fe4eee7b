import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { notRevoked } from './emission.repository';
import type { Database, WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable, WebhookEventType } from '../db/schema';

export type WebhookEndpointRow = Omit<Selectable<WebhookEndpointTable>, 'event_types_json'> & { event_types: WebhookEventType[] };
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;

function decodeEndpoint(row: Selectable<WebhookEndpointTable>): WebhookEndpointRow {
  const { event_types_json: types, ...rest } = row;
  return { ...rest, event_types: JSON.parse(types) as WebhookEventType[] };
}

type EndpointWrite = Omit<Updateable<WebhookEndpointTable>, 'event_types_json'> & { event_types?: WebhookEventType[] };
function encodeEndpoint({ event_types: types, ...rest }: EndpointWrite): Updateable<WebhookEndpointTable> {
  return types === undefined ? rest : { ...rest, event_types_json: JSON.stringify(types) };
}

export async function insertWebhookEndpoint(db: Kysely<Database>, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(encodeEndpoint(row) as Insertable<WebhookEndpointTable>).execute();
}

export async function updateWebhookEndpoint(db: Kysely<Database>, id: string, patch: EndpointWrite): Promise<void> {
  await db.updateTable('webhook_endpoints').set(encodeEndpoint(patch)).where('id', '=', id).execute();
}

export async function deleteWebhookEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  // Its deliveries and their attempts go with it (the foreign keys cascade on PostgreSQL; SQLite is told here too).
  const deliveries = db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function findWebhookEndpoint(db: Kysely<Database>, id: string): Promise<WebhookEndpointRow | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeEndpoint(row);
}

/** The endpoints of the given events (and, with `accountWide`, those of every event), oldest first. */
export async function listWebhookEndpoints(db: Kysely<Database>, scope: { eventIds: number[] | null; accountWide: boolean }): Promise<WebhookEndpointRow[]> {
  let query = db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id');
  if (scope.eventIds !== null) {
    const ids = scope.eventIds;
    query = query.where((eb) => eb.or([...(ids.length ? [eb('event_id', 'in', ids)] : []), ...(scope.accountWide ? [eb('event_id', 'is', null)] : [])]));
    if (!ids.length && !scope.accountWide) return [];
  }
  return (await query.limit(500).execute()).map(decodeEndpoint);
}

/** The enabled endpoints that hear about an event: its own and the account's. */
export async function endpointsOfEvent(db: Kysely<Database>, eventId: number): Promise<WebhookEndpointRow[]> {
  const rows = await db.selectFrom('webhook_endpoints').selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('event_id', '=', eventId), eb('event_id', 'is', null)]))
    .execute();
  return rows.map(decodeEndpoint);
}

/** Writes a delivery unless the endpoint has one with its message id; true when this call wrote it. */
export async function insertWebhookDelivery(db: Kysely<Database>, row: Insertable<WebhookDeliveryTable>): Promise<boolean> {
  const result = await db.insertInto('webhook_deliveries').values(row)
    .onConflict((oc) => oc.columns(['endpoint_id', 'message_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findWebhookDelivery(db: Kysely<Database>, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Deliveries the loop may take: pending and due, or taken by a process that went silent before `staleBefore`,
 * of enabled endpoints (a disabled one's wait until it is enabled again).
 */
export async function dueWebhookDeliveries(db: Kysely<Database>, now: string, staleBefore: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .where('webhook_endpoints.enabled', '=', 1)
    .where((eb) => eb.or([
      eb.and([eb('webhook_deliveries.status', '=', 'pending'), eb('webhook_deliveries.next_attempt_at', '<=', now)]),
      eb.and([eb('webhook_deliveries.status', '=', 'sending'), eb('webhook_deliveries.claimed_at', '<', staleBefore)]),
    ]))
    .orderBy('webhook_deliveries.next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a delivery for one attempt (compare-and-set), so exactly one process sends it; the claim counts the attempt.
 * The loop (`dueAt`: its now) takes a pending one that is due; an operator's resend (`dueAt` null) any but one being
 * sent. Either takes one whose sender went silent before `staleBefore`.
 */
export async function claimWebhookDelivery(db: Kysely<Database>, id: string, claim: { now: string; staleBefore: string; dueAt: string | null }): Promise<WebhookDeliveryRow | undefined> {
  const { now, staleBefore, dueAt } = claim;
  return db.updateTable('webhook_deliveries')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([
      dueAt === null ? eb('status', '!=', 'sending') : eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', dueAt)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
    ]))
    .returningAll()
    .executeTakeFirst();
}

/** Records where a claimed delivery stands after its attempt. */
export async function finishWebhookDelivery(db: Kysely<Database>, id: string, patch: Pick<Updateable<WebhookDeliveryTable>, 'status' | 'next_attempt_at' | 'delivered_at'>): Promise<void> {
  await db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).where('status', '=', 'sending').execute();
}

export async function insertWebhookAttempt(db: Kysely<Database>, row: Insertable<WebhookAttemptTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

/** A page of an endpoint's deliveries, newest first, created before `before` (the previous page's last). */
export async function listWebhookDeliveries(db: Kysely<Database>, endpointId: string, limit: number, before?: { created_at: string; id: string }): Promise<WebhookDeliveryRow[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.created_at), eb.and([eb('created_at', '=', before.created_at), eb('id', '<', before.id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The attempts of some deliveries, in order. */
export async function attemptsOfDeliveries(db: Kysely<Database>, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (!deliveryIds.length) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('number').execute();
}

/** A ticket's public facts as a webhook tells them: id, folio, type name, its purchase; live ones only unless `ids` are named. */
export async function ticketFactsForWebhook(db: Kysely<Database>, of: { purchaseId: string } | { ids: string[] }): Promise<{ id: string; folio: number; ticket_type: string; purchase_id: string }[]> {
  let query = db.selectFrom('tickets as t')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .select(['t.id', 't.folio', 'tt.name as ticket_type', 't.purchase_id']);
  query = 'ids' in of ? query.where('t.id', 'in', of.ids) : query.where('t.purchase_id', '=', of.purchaseId).where(notRevoked);
  return query.orderBy('t.folio').execute();
}

/** The urls of some events, by id. */
export async function eventUrlsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('events').select(['id', 'url']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.url]));
}
