import type { FastifyInstance } from 'fastify';
import type { AuditListResponse, CreateOperatorRequest, CreateOperatorResponse, OperatorListResponse, OperatorView, UpdateOperatorRequest } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { publicOrigin } from '../http/public-origin';
import { addOperator, operatorView } from '../operators/accounts';
import { adminAccess } from '../operators/admin-access';
import { listAuditRows } from '../repositories/audit-log.repository';
import { encodeEventUrls, findOperatorById, listOperators, updateOperator } from '../repositories/operator.repository';
import { revokeOperatorSessions } from '../repositories/operator-session.repository';

const AUDIT_PAGE_MAX = 200;

/**
 * Owners' routes (permission `operators`): the accounts (`GET/POST /api/admin/operators`,
 * `PATCH /api/admin/operators/{id}`: role, events, disabled) and the audit log
 * (`GET /api/admin/audit?before=&limit=`, newest first). The last active owner cannot be demoted or disabled.
 */
export async function adminOperatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const owners = adminAccess(ctx, 'operators');
  app.get<{ Reply: OperatorListResponse }>('/api/admin/operators', { ...owners, schema: { response: answers('admin-operators') } }, async () => ({
    operators: (await listOperators(ctx.db.kysely)).map(operatorView),
  }));
  app.post<{ Body: CreateOperatorRequest; Reply: CreateOperatorResponse }>(
    '/api/admin/operators',
    { ...owners, schema: { body: { $ref: 'api/admin-operator-create.request#' }, response: answers('admin-operator-create', 201) } },
    async (request, reply) => {
      const { operator, link } = await addOperator(ctx, request.body, publicOrigin(ctx.config, app));
      return reply.status(201).send({ operator: operatorView(operator), set_password_url: link });
    },
  );
  app.patch<{ Params: { id: string }; Body: UpdateOperatorRequest; Reply: OperatorView }>(
    '/api/admin/operators/:id',
    {
      ...owners,
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['id'] },
        body: { $ref: 'api/admin-operator-update.request#' },
        response: answers('admin-operator'),
      },
    },
    async (request) => {
      const operator = await findOperatorById(ctx.db.kysely, request.params.id);
      if (!operator) throw errors.operatorNotFound();
      const { role, events, disabled } = request.body;
      const now = ctx.now().toISOString();
      const losesOwner = operator.role === 'owner' && operator.disabled_at === null && ((role !== undefined && role !== 'owner') || disabled === true);
      if (losesOwner) {
        const activeOwners = (await listOperators(ctx.db.kysely)).filter((o) => o.role === 'owner' && o.disabled_at === null);
        if (activeOwners.length <= 1) throw errors.operatorLastOwner();
      }
      await updateOperator(ctx.db.kysely, operator.id, {
        ...(role !== undefined && { role }),
        ...(events !== undefined && { event_urls_json: encodeEventUrls(events) }),
        ...(disabled !== undefined && { disabled_at: disabled ? (operator.disabled_at ?? now) : null }),
      });
      if (disabled) await revokeOperatorSessions(ctx.db.kysely, operator.id, now);
      return operatorView((await findOperatorById(ctx.db.kysely, operator.id))!);
    },
  );
  app.get<{ Querystring: { before?: string; limit?: string }; Reply: AuditListResponse }>(
    '/api/admin/audit',
    {
      ...owners,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { before: { type: 'string', pattern: '^\\d{1,12}$' }, limit: { type: 'string', pattern: '^\\d{1,3}$' } } },
        response: answers('admin-audit'),
      },
    },
    async (request) => {
      const limit = Math.min(Math.max(Number(request.query.limit ?? 50), 1), AUDIT_PAGE_MAX);
      const rows = await listAuditRows(ctx.db.kysely, request.query.before === undefined ? undefined : Number(request.query.before), limit);
      return {
        entries: rows.map((row) => ({
          id: Number(row.id),
          actor: row.actor_kind as 'token' | 'operator' | 'anonymous',
          operator_id: row.operator_id,
          operator_email: row.operator_email,
          action: row.action,
          target: row.target,
          detail: row.detail_json === null ? null : (JSON.parse(row.detail_json) as Record<string, unknown>),
          address: row.address,
          at: row.at,
        })),
        next_before: rows.length === limit ? Number(rows[rows.length - 1].id) : null,
      };
    },
  );
}
