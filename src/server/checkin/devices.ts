import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CheckinListView, CreateCheckinDeviceResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findActiveDeviceByTokenHash, insertCheckinDevice, type CheckinDeviceRow } from '../repositories/checkin-device.repository';
import { findEventById, findEventByUrl, listTicketTypes, type EventRow } from '../repositories/event.repository';
import { checkinListsOf } from './lists';

/** What is stored of a device's token: its SHA-256. */
export const deviceTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The scanner's link: the token after `#`, so it never reaches a server log, a proxy or a Referer. */
export function scannerUrl(origin: string, token: string): string {
  return `${origin}/checkin#${token}`;
}

/** An event and its check-in lists, by url; 404 when there is no such event. */
export async function eventWithLists(ctx: AppContext, url: string): Promise<{ event: EventRow; lists: CheckinListView[] }> {
  const event = await findEventByUrl(ctx.db.kysely, url);
  if (!event) throw errors.eventNotFound();
  return { event, lists: checkinListsOf(event, await listTicketTypes(ctx.db.kysely, event.id)) };
}

/**
 * Pairs a new door scanner to one list of the event: its token is answered once and stored only as a SHA-256.
 * `credentials`: its id and token, random unless the caller derives them (the demo's door, `demo/demo-door.ts`).
 */
export async function createCheckinDevice(
  ctx: AppContext, url: string, input: { list: string; name: string }, origin: string,
  credentials: { id: string; token: string } = { id: randomUUID(), token: randomBytes(32).toString('base64url') },
): Promise<CreateCheckinDeviceResponse> {
  const { event, lists } = await eventWithLists(ctx, url);
  if (!lists.some((l) => l.id === input.list)) throw errors.checkinListNotFound();
  const { id, token } = credentials;
  await insertCheckinDevice(ctx.db.kysely, { id, event_id: event.id, list_id: input.list, name: input.name, token_hash: deviceTokenHash(token), created_at: ctx.now().toISOString(), revoked_at: null, last_sync_at: null });
  return { device_id: id, token, url: scannerUrl(origin, token) };
}

/** What a scanner request works with: its device, event and list. */
export interface DoorContext {
  device: CheckinDeviceRow;
  event: EventRow;
  list: CheckinListView;
}

/** The device of the request's bearer token, with its event and list; 401 for an unknown or revoked one. */
export async function doorOf(ctx: AppContext, request: FastifyRequest): Promise<DoorContext> {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const device = token ? await findActiveDeviceByTokenHash(ctx.db.kysely, deviceTokenHash(token)) : undefined;
  if (!device) throw errors.checkinDeviceUnauthorized();
  const event = (await findEventById(ctx.db.kysely, device.event_id))!;
  const list = checkinListsOf(event, await listTicketTypes(ctx.db.kysely, event.id)).find((l) => l.id === device.list_id);
  // A list the event file no longer has pairs nothing.
  if (!list) throw errors.checkinDeviceUnauthorized();
  return { device, event, list };
}
