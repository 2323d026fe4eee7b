import { randomUUID } from 'node:crypto';
import type { OperatorRole, OperatorSelf, OperatorView } from '../../shared/api/admin-session';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { encodeEventUrls, findOperatorByEmail, findOperatorById, insertOperator, insertPasswordToken, takePasswordToken, updateOperator, type OperatorRow } from '../repositories/operator.repository';
import { revokeOperatorSessions } from '../repositories/operator-session.repository';
import { permissionsOf } from './roles';
import { hashPassword, newSecret, secretHash } from './secrets';

/** Shortest password an operator may set. */
export const MIN_PASSWORD_LENGTH = 12;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function operatorSelf(operator: OperatorRow): OperatorSelf {
  return { id: operator.id, email: operator.email, role: operator.role as OperatorRole, events: operator.event_urls, permissions: permissionsOf(operator.role) };
}

export function operatorView(operator: OperatorRow): OperatorView {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role as OperatorRole,
    events: operator.event_urls,
    totp_enabled: operator.totp_enabled_at !== null,
    password_set: operator.password_hash !== null,
    locked_until: operator.locked_until,
    disabled_at: operator.disabled_at,
    created_at: operator.created_at,
  };
}

/** The page a one-time token opens (the token rides in the fragment: never sent to a server or kept in its logs). */
export const setPasswordUrl = (origin: string, token: string): string => `${origin}/admin/set-password#token=${token}`;

/** A one-time link that sets (or resets) the operator's password, valid for the configured hours. */
export async function issuePasswordLink(ctx: AppContext, operatorId: string, origin: string): Promise<string> {
  const token = newSecret();
  const now = ctx.now();
  await insertPasswordToken(ctx.db.kysely, {
    token_hash: secretHash(token),
    operator_id: operatorId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ctx.config.operatorSessions.setPasswordHours * 3_600_000).toISOString(),
  });
  return setPasswordUrl(origin, token);
}

/** Adds an operator (409 when the e-mail is taken) and answers it with its one-time set-password link. */
export async function addOperator(ctx: AppContext, input: { email: string; role: OperatorRole; events?: string[] | null }, origin: string): Promise<{ operator: OperatorRow; link: string }> {
  const email = normaliseEmail(input.email);
  if (await findOperatorByEmail(ctx.db.kysely, email)) throw errors.operatorExists();
  const id = randomUUID();
  await insertOperator(ctx.db.kysely, { id, email, role: input.role, event_urls_json: encodeEventUrls(input.events), created_at: ctx.now().toISOString() });
  const link = await issuePasswordLink(ctx, id, origin);
  return { operator: (await findOperatorById(ctx.db.kysely, id))!, link };
}

/**
 * Sets the password of the link's operator (the link works once and ends every open session of the
 * account; a lock is lifted). 400 for a used, unknown or expired link or a short password.
 */
export async function setPasswordWithLink(ctx: AppContext, token: string, password: string): Promise<OperatorRow> {
  if (password.length < MIN_PASSWORD_LENGTH) throw errors.adminPasswordTooShort(MIN_PASSWORD_LENGTH);
  const now = ctx.now().toISOString();
  const operatorId = await takePasswordToken(ctx.db.kysely, secretHash(token), now);
  const operator = operatorId && (await findOperatorById(ctx.db.kysely, operatorId));
  if (!operator) throw errors.adminPasswordLinkInvalid();
  await updateOperator(ctx.db.kysely, operator.id, { password_hash: await hashPassword(password), failed_logins: 0, locked_until: null });
  await revokeOperatorSessions(ctx.db.kysely, operator.id, now);
  return operator;
}
