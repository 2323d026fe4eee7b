import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminLoginRequest, AdminSessionResponse } from '../../shared/api/admin-session';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { countFailedLogin, findOperatorByEmail, updateOperator, type OperatorRow } from '../repositories/operator.repository';
import { passSecondFactor } from '../repositories/operator-session.repository';
import { normaliseEmail, operatorSelf } from './accounts';
import { recordAudit, type AuditActor } from './audit';
import { TOTP_REQUIRED_ROLES, isRole } from './roles';
import { passwordMatches, secretHash } from './secrets';
import { startSession, type OpenSession } from './sessions';
import { newTotpSecret, sealTotpSecret, totpEnrolment, totpMatches, totpSecretOf } from './totp';

const actorOf = (operator: OperatorRow): AuditActor => ({ kind: 'operator', operatorId: operator.id, email: operator.email, role: operator.role, eventIds: operator.event_urls });

/** Counts a failure (password or code) against the account; at the limit it locks it (423). */
async function failed(ctx: AppContext, request: FastifyRequest, operator: OperatorRow, reason: string, answer: Error): Promise<never> {
  const { maxFailedLogins, lockMinutes } = ctx.config.operatorSessions;
  const lockUntil = new Date(ctx.now().getTime() + lockMinutes * 60_000).toISOString();
  const locked = await countFailedLogin(ctx.db.kysely, operator.id, maxFailedLogins, lockUntil);
  await recordAudit(ctx, request, { actor: actorOf(operator), action: 'login.failed', detail: { reason } });
  if (!locked) throw answer;
  await recordAudit(ctx, request, { actor: actorOf(operator), action: 'login.locked', detail: { until: lockUntil } });
  throw errors.adminLocked(lockMinutes);
}

/**
 * `POST /api/admin/session`: an unknown e-mail and a wrong password answer alike (401
 * ADMIN_LOGIN_FAILED) after the same Argon2 work. A locked account answers 423 until its lock ends.
 * With the right password: an account with TOTP needs its code (401 ADMIN_TOTP_REQUIRED, a wrong one
 * counting as a failure); an owner or manager without TOTP yet gets an enrolment and a session that
 * may only finish it; anyone else is signed in.
 */
export async function logIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, body: AdminLoginRequest): Promise<AdminSessionResponse> {
  const operator = await findOperatorByEmail(ctx.db.kysely, normaliseEmail(body.email));
  const usable = operator && operator.disabled_at === null && isRole(operator.role) ? operator : undefined;
  const passwordRight = await passwordMatches(usable?.password_hash ?? null, body.password);
  if (!usable) {
    await recordAudit(ctx, request, { actor: { kind: 'anonymous' }, action: 'login.failed', detail: { reason: 'unknown' } });
    throw errors.adminLoginFailed();
  }
  const now = ctx.now();
  if (usable.locked_until !== null && usable.locked_until > now.toISOString()) {
    await recordAudit(ctx, request, { actor: actorOf(usable), action: 'login.failed', detail: { reason: 'locked' } });
    throw errors.adminLocked(Math.ceil((Date.parse(usable.locked_until) - now.getTime()) / 60_000));
  }
  if (!passwordRight) return failed(ctx, request, usable, 'password', errors.adminLoginFailed());
  if (usable.totp_enabled_at !== null) {
    if (!body.totp) throw errors.adminTotpRequired();
    if (!(await totpMatches(totpSecretOf(ctx.config, usable), body.totp, now))) return failed(ctx, request, usable, 'totp', errors.adminTotpRequired());
  }
  await updateOperator(ctx.db.kysely, usable.id, { failed_logins: 0, locked_until: null });
  if (usable.totp_enabled_at === null && TOTP_REQUIRED_ROLES.includes(usable.role as never)) {
    // The pending secret is kept until a first code confirms it (a second try shows the same QR).
    const secret = usable.totp_secret === null ? newTotpSecret() : totpSecretOf(ctx.config, usable);
    if (usable.totp_secret === null) await updateOperator(ctx.db.kysely, usable.id, { totp_secret: sealTotpSecret(ctx.config, usable.id, secret) });
    const csrf = await startSession(ctx, request, reply, usable, false);
    await recordAudit(ctx, request, { actor: actorOf(usable), action: 'login.enrolment' });
    return { enrolment: await totpEnrolment(usable.email, secret), csrf_token: csrf };
  }
  const csrf = await startSession(ctx, request, reply, usable, true);
  await recordAudit(ctx, request, { actor: actorOf(usable), action: 'login' });
  return { operator: operatorSelf(usable), csrf_token: csrf };
}

/**
 * `POST /api/admin/session/totp`: the first code of a pending enrolment enables TOTP on the account
 * and completes the session's login (400 ADMIN_TOTP_INVALID for a wrong code, counted as a failure).
 */
export async function finishEnrolment(ctx: AppContext, request: FastifyRequest, session: OpenSession, code: string): Promise<OperatorRow> {
  const { operator } = session;
  if (session.row.second_factor_passed === 1 || operator.totp_enabled_at !== null || !operator.totp_secret) throw errors.unauthorized();
  const now = ctx.now();
  if (!(await totpMatches(totpSecretOf(ctx.config, operator), code, now))) return failed(ctx, request, operator, 'totp', errors.adminTotpInvalid());
  await updateOperator(ctx.db.kysely, operator.id, { totp_enabled_at: now.toISOString(), failed_logins: 0 });
  await passSecondFactor(ctx.db.kysely, secretHash(session.secret), now.toISOString());
  return operator;
}
