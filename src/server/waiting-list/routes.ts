import type { FastifyInstance } from 'fastify';
import type { AdminWaitingListResponse, WaitingListConfirmRequest, WaitingListConfirmResponse, WaitingListJoinRequest, WaitingListJoinResponse } from '../../shared/api';
import { clientKeyOf } from '../../shared/node/client-key';
import { deliverMail } from '../fulfilment/outbox';
import { answers } from '../http/api-schemas';
import { adminAccess, assertEventAllowed } from '../operators/admin-access';
import type { PaymentsRuntime } from '../payments/runtime';
import { rateLimited } from '../plugins/security';
import { verifyBotCheck } from '../services/bot-check.service';
import { adminWaitingList } from './admin-view';
import { confirmWaitingList, joinWaitingList } from './join';

/** Waiting-list joins one client may make in an hour (each a confirmation e-mail to an address it names). */
const JOINS_PER_CLIENT_PER_HOUR = 30;

const urlParams = { type: 'object', additionalProperties: false, required: ['url'], properties: { url: { type: 'string', minLength: 1, maxLength: 80 } } } as const;

/**
 * The waiting list (docs/decisions/026-waiting-list.md): joining a sold-out type's line (bot-checked, rate-limited,
 * answered alike whether or not the address was there), the confirmation link, and the operators' view.
 */
export async function waitingListRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const { ctx } = rt;

  app.post<{ Params: { url: string }; Body: WaitingListJoinRequest; Reply: WaitingListJoinResponse }>(
    '/api/event/:url/waiting-list',
    {
      schema: { params: urlParams, body: { $ref: 'api/waiting-list-join.request#' }, response: answers('waiting-list-join') },
      config: { rateLimit: { max: JOINS_PER_CLIENT_PER_HOUR, timeWindow: '1 hour', keyGenerator: (request) => `waiting-list|${clientKeyOf(request.ip)}` } },
    },
    async (request, reply) => {
      await verifyBotCheck(ctx, request.body.token, 'waiting_list', request);
      const { ticket_id, cantidad, email, lang } = request.body;
      const entryId = await joinWaitingList(ctx, { url: request.params.url, ticketId: ticket_id, quantity: cantidad, email, lang: lang ?? 'es', clientKey: clientKeyOf(request.ip) });
      // Sent now, not awaited: the answer does not wait for the mail server (the retry loop sends what fails).
      if (entryId) deliverMail(rt, undefined, entryId).catch((error: unknown) => request.log.error({ err: error, entry: entryId }, 'waiting-list confirmation not sent; it will be retried'));
      return reply.header('cache-control', 'no-store').send({ enviado: true });
    },
  );

  app.post<{ Body: WaitingListConfirmRequest; Reply: WaitingListConfirmResponse }>(
    '/api/waiting-list/confirm',
    { schema: { body: { $ref: 'api/waiting-list-confirm.request#' }, response: answers('waiting-list-confirm') }, config: rateLimited },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await confirmWaitingList(ctx, request.body.key)),
  );

  app.get<{ Params: { url: string }; Reply: AdminWaitingListResponse }>(
    '/api/admin/events/:url/waiting-list',
    { ...adminAccess(ctx, 'orders.read'), schema: { params: urlParams, response: answers('admin-waiting-list') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return adminWaitingList(ctx, request.params.url);
    },
  );
}
