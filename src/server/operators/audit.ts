import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { insertAuditRow } from '../repositories/audit-log.repository';
import type { AdminActor } from './admin-access';

/** Who did it: an admin actor, or nobody known yet (a failed login). */
export type AuditActor = AdminActor | { kind: 'anonymous' };

export interface AuditRecord {
  actor: AuditActor;
  action: string;
  target?: string | null;
  /** Only ids, statuses and reasons: never a password, a code, a token or a request body. */
  detail?: Record<string, unknown>;
}

/** Writes one audit row (who, what, on what, from where, when). */
export async function recordAudit(ctx: AppContext, request: FastifyRequest, record: AuditRecord): Promise<void> {
  const { actor } = record;
  await insertAuditRow(ctx.db.kysely, {
    actor_kind: actor.kind,
    operator_id: actor.kind === 'operator' ? actor.operatorId : null,
    operator_email: actor.kind === 'operator' ? actor.email : null,
    action: record.action,
    target: record.target ?? null,
    detail_json: record.detail ? JSON.stringify(record.detail) : null,
    address: request.ip,
    at: ctx.now().toISOString(),
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one place operator actions are recorded: every state-changing request that passed
 * `adminAccess` (or a signed-in session route) leaves a row as it is answered — its method and route
 * pattern as the action, its path parameters as the target, the status in the detail. The row is
 * written as the answer is sent (onSend, errors included), so it exists before the caller reads the
 * answer. Register it before the admin routes (its hook applies to the routes registered after it).
 */
export const auditPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.adminActor || !STATE_CHANGING.has(request.method)) return payload;
    const params = request.params as Record<string, unknown> | undefined;
    try {
      await recordAudit(ctx, request, {
        actor: request.adminActor,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        target: params && Object.keys(params).length > 0 ? JSON.stringify(params) : null,
        detail: { status: reply.statusCode },
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit row not written');
    }
    return payload;
  });
});
