import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { limitedAs } from '../plugins/security';
import { bearerMatches } from '../routes/admin.routes';

/**
 * What an admin route lets its caller do. Each admin route names exactly one; an operator's role
 * grants a set of them (the role table lives beside the operator accounts), and the automation
 * token (ADMIN_TOKEN, bearer) grants all of them.
 */
export type AdminPermission =
  | 'events.read' // event list, files, versions, preview, dashboard
  | 'events.write' // create, import, edit, roll back
  | 'orders.read' // search, order view, timeline, attendee list
  | 'orders.change' // resend, correct answers, cancel without refund
  | 'orders.refund' // cancel with a refund, confirm a CLABE payout
  | 'door' // check-in devices, lists and counts
  | 'exports' // CSV / XLSX downloads
  | 'webhooks' // outbound webhook endpoints and their deliveries
  | 'mail' // the dead-letter outbox
  | 'operators' // accounts and the audit log
  ;

/** Who is calling an admin route: the automation token, or a signed-in operator. */
export type AdminActor =
  | { kind: 'token' }
  | { kind: 'operator'; operatorId: string; email: string; role: string; /** Event urls the operator is limited to; null: all. */ eventIds: string[] | null };

declare module 'fastify' {
  interface FastifyRequest {
    adminActor?: AdminActor;
  }
}

/**
 * The route options of an admin route: the admin rate-limit bucket (it runs first, so wrong
 * credentials count) and a preHandler that lets the caller in only with the permission named.
 * Today only the bearer ADMIN_TOKEN is read (absent → 401); operator sessions plug in here.
 */
export function adminAccess(ctx: AppContext, permission: AdminPermission) {
  return {
    config: limitedAs(ctx.config, 'admin'),
    preHandler: async (request: FastifyRequest) => {
      const token = ctx.config.adminToken;
      if (token && bearerMatches(request, token)) {
        request.adminActor = { kind: 'token' };
        return;
      }
      void permission;
      throw errors.unauthorized();
    },
  };
}

/** The actor of a request that passed `adminAccess` (a route reached without it is a programming error). */
export function adminActorOf(request: FastifyRequest): AdminActor {
  if (!request.adminActor) throw new Error('admin route without adminAccess');
  return request.adminActor;
}

/**
 * Whether the caller may see or change an event (by its url): the token and operators without an
 * event list may reach every event; an operator limited to some events only those.
 */
export function eventAllowed(actor: AdminActor, eventUrl: string): boolean {
  return actor.kind === 'token' || actor.eventIds === null || actor.eventIds.includes(eventUrl);
}

/** Refuses (403 ADMIN_FORBIDDEN) a route about an event outside the caller's events. */
export function assertEventAllowed(request: FastifyRequest, eventUrl: string): void {
  if (!eventAllowed(adminActorOf(request), eventUrl)) throw errors.adminForbidden();
}

/** The event urls a list should be limited to; null: every event. */
export function allowedEventUrls(request: FastifyRequest): string[] | null {
  const actor = adminActorOf(request);
  return actor.kind === 'token' ? null : actor.eventIds;
}
