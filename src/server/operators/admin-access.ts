import type { FastifyRequest } from 'fastify';
import type { AdminPermission } from '../../shared/api/admin-session';
import { sameSecret } from '../../shared/node/same-secret';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { limitedAs } from '../plugins/security';
import { eventUrlOfPurchase } from '../repositories/purchase.repository';
import { bearerMatches } from '../routes/admin.routes';
import { roleAllows } from './roles';
import { csrfTokenOf } from './secrets';
import { readSession, type OpenSession } from './sessions';

/**
 * What an admin route lets its caller do (`src/shared/api/admin-session.ts` lists them). Each admin
 * route names exactly one; an operator's role grants a set of them (`roles.ts`), and the automation
 * token (ADMIN_TOKEN, bearer) grants all of them.
 */
export type { AdminPermission };

/** Who is calling an admin route: the automation token, or a signed-in operator. */
export type AdminActor =
  | { kind: 'token' }
  | { kind: 'operator'; operatorId: string; email: string; role: string; /** Event urls the operator is limited to; null: all. */ eventIds: string[] | null };

declare module 'fastify' {
  interface FastifyRequest {
    adminActor?: AdminActor;
    /** The operator session the request came with (none for the bearer token). */
    adminSession?: OpenSession;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Lets in the operator of the request's session cookie (401 without a live one), and on a
 * state-changing call only with the session's CSRF token in `X-CSRF-Token` (403 otherwise). A session
 * that has not passed its second factor gets in only where `enrolment` allows it (finishing TOTP).
 */
export async function signedInOperator(ctx: AppContext, request: FastifyRequest, options: { enrolment?: boolean } = {}): Promise<OpenSession> {
  const session = await readSession(ctx, request);
  if (!session || (session.row.second_factor_passed !== 1 && !options.enrolment)) throw errors.unauthorized();
  if (STATE_CHANGING.has(request.method)) {
    const given = request.headers['x-csrf-token'];
    if (typeof given !== 'string' || !sameSecret(given, csrfTokenOf(session.secret))) throw errors.adminCsrfInvalid();
  }
  const { operator } = session;
  request.adminActor = { kind: 'operator', operatorId: operator.id, email: operator.email, role: operator.role, eventIds: operator.event_urls };
  request.adminSession = session;
  return session;
}

/** Lets the caller in with `permission`: the bearer ADMIN_TOKEN (every permission), or a signed-in operator whose role has it (403 otherwise). */
async function admit(ctx: AppContext, request: FastifyRequest, permission: AdminPermission): Promise<void> {
  const token = ctx.config.adminToken;
  if (token && bearerMatches(request, token)) {
    request.adminActor = { kind: 'token' };
    return;
  }
  const { operator } = await signedInOperator(ctx, request);
  if (!roleAllows(operator.role, permission)) throw errors.adminForbidden();
}

/**
 * The route options of an admin route: the admin rate-limit bucket (it runs first, so wrong
 * credentials count) and a preValidation hook (before the body's schema check, so a caller who may
 * not call the route learns nothing about its body) that lets the caller in only with the permission named:
 * the bearer ADMIN_TOKEN (automation; every permission, no CSRF token), or an operator session
 * cookie whose role has it (no or ended session → 401; role without it → 403; a state-changing
 * call without the session's CSRF token → 403).
 */
export function adminAccess(ctx: AppContext, permission: AdminPermission) {
  return {
    config: limitedAs(ctx.config, 'admin'),
    preValidation: async (request: FastifyRequest) => admit(ctx, request, permission),
  };
}

/** `adminAccess` for a route with a large body: the check runs before the body is read (a refused caller costs no parsing). */
export function adminAccessBeforeBody(ctx: AppContext, permission: AdminPermission) {
  return {
    config: limitedAs(ctx.config, 'admin'),
    preParsing: async <T>(request: FastifyRequest, _reply: unknown, payload: T) => {
      await admit(ctx, request, permission);
      return payload;
    },
  };
}

/** Whether an actor may do what `permission` names (the token: everything). */
export function actorHas(actor: AdminActor, permission: AdminPermission): boolean {
  return actor.kind === 'token' || roleAllows(actor.role, permission);
}

/** Refuses (403 ADMIN_FORBIDDEN) a caller whose role lacks a further permission a route needs for some of its requests. */
export function assertPermission(request: FastifyRequest, permission: AdminPermission): void {
  if (!actorHas(adminActorOf(request), permission)) throw errors.adminForbidden();
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

/**
 * Refuses (403 ADMIN_EVENT_NOT_IN_SCOPE) creating an event at a url outside the caller's events: an operator limited
 * to some events creates only an event whose url an owner put in their events beforehand (then it is theirs at once).
 */
export function assertMayCreateEvent(request: FastifyRequest, eventUrl: string): void {
  if (!eventAllowed(adminActorOf(request), eventUrl)) throw errors.adminEventNotInScope();
}

/**
 * Refuses (403 ADMIN_FORBIDDEN) a route about a purchase (an order, its payout, its e-mail) of an event outside the
 * caller's events. An unknown purchase passes: the route answers its own 404.
 */
export async function assertPurchaseAllowed(ctx: AppContext, request: FastifyRequest, purchaseId: string): Promise<void> {
  if (allowedEventUrls(request) === null) return;
  const url = await eventUrlOfPurchase(ctx.db.kysely, purchaseId);
  if (url !== undefined) assertEventAllowed(request, url);
}

/** The event urls a list should be limited to; null: every event. */
export function allowedEventUrls(request: FastifyRequest): string[] | null {
  const actor = adminActorOf(request);
  return actor.kind === 'token' ? null : actor.eventIds;
}
