import type { FastifyInstance } from 'fastify';
import type { DeadMailListResponse, DeadMailView, RequeueMailResponse } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { adminAccess, allowedEventUrls, assertEventAllowed } from '../operators/admin-access';
import { eventOfDeadMail, listDeadMail, requeueDeadMail, type MailOutboxRow } from '../repositories/mail-outbox.repository';

/** What an operator needs to find the cause of a dead-lettered e-mail. */
export function deadMailView(row: MailOutboxRow): DeadMailView {
  return {
    id: row.id,
    dedupe_key: row.dedupe_key,
    kind: row.kind,
    purchase_id: row.purchase_id,
    recipient: row.recipient,
    attempts: row.attempts,
    error: row.error,
    last_attempt_at: row.claimed_at,
    created_at: row.created_at,
  };
}

/**
 * The e-mail dead letters (permission `mail`), each of a purchase and so of its event (an operator limited to some
 * events sees and retries only theirs; another's is 403):
 * GET /api/admin/outbox/failed lists the messages that ran out of attempts (MAIL_MAX_ATTEMPTS);
 * POST /api/admin/outbox/{id}/retry queues one again with a fresh count, once its cause is fixed
 * (the retry loop sends it within RETRY_INTERVAL_SECONDS).
 */
export async function adminOutboxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const admin = adminAccess(ctx, 'mail');
  app.get<{ Reply: DeadMailListResponse }>('/api/admin/outbox/failed', { ...admin, schema: { response: answers('admin-outbox-failed') } }, async (request) => ({ messages: (await listDeadMail(ctx.db.kysely, allowedEventUrls(request))).map(deadMailView) }));
  app.post<{ Params: { id: string }; Reply: RequeueMailResponse }>(
    '/api/admin/outbox/:id/retry',
    { ...admin, schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['id'] }, response: answers('admin-outbox-retry') } },
    async (request) => {
      const mail = await eventOfDeadMail(ctx.db.kysely, request.params.id);
      if (mail === undefined) throw errors.outboxMessageNotFound();
      // An operator limited to some events retries only their events' messages.
      if (allowedEventUrls(request) !== null) assertEventAllowed(request, mail.eventUrl ?? '');
      if (!(await requeueDeadMail(ctx.db.kysely, request.params.id))) throw errors.outboxMessageNotFound();
      request.log.info({ mail: request.params.id }, 'dead-lettered e-mail queued again by an operator');
      return { id: request.params.id, status: 'queued' as const };
    },
  );
}
