import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { findOperatorById, type OperatorRow } from '../repositories/operator.repository';
import { findLiveSession, insertOperatorSession, touchSession, type OperatorSessionRow } from '../repositories/operator-session.repository';
import { csrfTokenOf, newSecret, secretHash } from './secrets';

/** The operator session's cookie: HttpOnly, SameSite=Strict, only sent to the admin API. */
export const SESSION_COOKIE = 'admin_session';
const COOKIE_PATH = '/api/admin';

/** A session that is still open, with its operator and the cookie's secret (the CSRF token derives from it). */
export interface OpenSession {
  row: OperatorSessionRow;
  operator: OperatorRow;
  secret: string;
}

const minutes = (n: number) => n * 60_000;

/** Opens a session for an operator, sets its cookie and answers its CSRF token. */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, operator: OperatorRow, secondFactorPassed: boolean): Promise<string> {
  const secret = newSecret();
  const now = ctx.now();
  const expires = new Date(now.getTime() + minutes(ctx.config.operatorSessions.absoluteHours * 60));
  await insertOperatorSession(ctx.db.kysely, {
    id_hash: secretHash(secret),
    operator_id: operator.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expires.toISOString(),
    address: request.ip,
    user_agent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
    second_factor_passed: secondFactorPassed ? 1 : 0,
  });
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    secure: (ctx.config.publicUrl ?? '').startsWith('https:'),
    sameSite: 'strict',
    path: COOKIE_PATH,
    expires,
  });
  return csrfTokenOf(secret);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
}

/**
 * The request's session, if its cookie names one that is not revoked, not past its absolute end,
 * not idle longer than the idle timeout, and whose operator is not disabled. Each use moves its idle end.
 */
export async function readSession(ctx: AppContext, request: FastifyRequest): Promise<OpenSession | undefined> {
  const secret = request.cookies?.[SESSION_COOKIE];
  if (!secret) return undefined;
  const idHash = secretHash(secret);
  const row = await findLiveSession(ctx.db.kysely, idHash);
  if (!row) return undefined;
  const now = ctx.now();
  if (now.toISOString() >= row.expires_at) return undefined;
  if (now.getTime() - Date.parse(row.last_seen_at) >= minutes(ctx.config.operatorSessions.idleMinutes)) return undefined;
  const operator = await findOperatorById(ctx.db.kysely, row.operator_id);
  if (!operator || operator.disabled_at !== null) return undefined;
  await touchSession(ctx.db.kysely, idHash, now.toISOString());
  return { row, operator, secret };
}
