import type { FastifyInstance } from 'fastify';
import type { AdminLoginRequest, AdminSessionResponse, SetPasswordRequest, SetPasswordResponse, TotpCodeRequest } from '../../shared/api';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { operatorSelf, setPasswordWithLink } from '../operators/accounts';
import { signedInOperator } from '../operators/admin-access';
import { recordAudit } from '../operators/audit';
import { finishEnrolment, logIn } from '../operators/login';
import { csrfTokenOf, secretHash } from '../operators/secrets';
import { clearSessionCookie } from '../operators/sessions';
import { totpEnrolment, totpSecretOf } from '../operators/totp';
import { limitedAs } from '../plugins/security';
import { revokeOperatorSessions, revokeSession } from '../repositories/operator-session.repository';

/**
 * The operator's own session (`operators/`): sign in (`POST /api/admin/session`), who am I
 * (`GET`), finish a TOTP enrolment (`POST …/session/totp`), log out (`DELETE`), log out
 * everywhere (`POST …/session/everywhere`), and set a password with a one-time link
 * (`POST /api/admin/password`). Every route counts in the admin bucket per address (login guessing included).
 */
export async function adminSessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const limited = { config: limitedAs(ctx.config, 'admin') };
  app.post<{ Body: AdminLoginRequest; Reply: AdminSessionResponse }>(
    '/api/admin/session',
    { ...limited, schema: { body: { $ref: 'api/admin-login.request#' }, response: answers('admin-session') } },
    async (request, reply) => logIn(ctx, request, reply, request.body),
  );
  app.get<{ Reply: AdminSessionResponse }>('/api/admin/session', { ...limited, schema: { response: answers('admin-session') } }, async (request, reply) => {
    const session = await signedInOperator(ctx, request, { enrolment: true });
    const csrf = csrfTokenOf(session.secret);
    reply.header('cache-control', 'no-store');
    if (session.row.second_factor_passed === 1) return { operator: operatorSelf(session.operator), csrf_token: csrf };
    return { enrolment: await totpEnrolment(session.operator.email, totpSecretOf(ctx.config, session.operator)), csrf_token: csrf };
  });
  app.post<{ Body: TotpCodeRequest; Reply: AdminSessionResponse }>(
    '/api/admin/session/totp',
    { ...limited, schema: { body: { $ref: 'api/admin-totp.request#' }, response: answers('admin-session') } },
    async (request) => {
      const session = await signedInOperator(ctx, request, { enrolment: true });
      const operator = await finishEnrolment(ctx, request, session, request.body.code);
      return { operator: operatorSelf(operator), csrf_token: csrfTokenOf(session.secret) };
    },
  );
  app.delete<{ Reply: undefined }>('/api/admin/session', { ...limited, schema: { response: { 204: { type: 'null' } } } }, async (request, reply) => {
    const session = await signedInOperator(ctx, request, { enrolment: true });
    await revokeSession(ctx.db.kysely, secretHash(session.secret), ctx.now().toISOString());
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
  app.post<{ Reply: undefined }>('/api/admin/session/everywhere', { ...limited, schema: { response: { 204: { type: 'null' } } } }, async (request, reply) => {
    const session = await signedInOperator(ctx, request, { enrolment: true });
    await revokeOperatorSessions(ctx.db.kysely, session.operator.id, ctx.now().toISOString());
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
  app.post<{ Body: SetPasswordRequest; Reply: SetPasswordResponse }>(
    '/api/admin/password',
    { ...limited, schema: { body: { $ref: 'api/admin-password.request#' }, response: answers('admin-password') } },
    async (request) => {
      const operator = await setPasswordWithLink(ctx, request.body.token, request.body.password);
      await recordAudit(ctx, request, { actor: { kind: 'operator', operatorId: operator.id, email: operator.email, role: operator.role, eventIds: operator.event_urls }, action: 'password.set' });
      return { email: operator.email };
    },
  );
}
