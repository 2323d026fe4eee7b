import { generate } from 'otplib';
import type { OperatorRole } from '../../src/shared/api/admin-session';
import { addOperator } from '../../src/server/operators/accounts';
import { body, type TestApp } from '../support/test-app';

export const PASSWORD = 'una-contraseña-larga';

/** Adds an operator and sets its password through its one-time link, as the console's page does. */
export async function operatorWithPassword(t: TestApp, email: string, role: OperatorRole, events: string[] | null = null): Promise<string> {
  const { operator, link } = await addOperator(t.ctx, { email, role, events }, 'http://localhost');
  const token = new URL(link).hash.replace('#token=', '');
  const set = await t.app.inject({ method: 'POST', url: '/api/admin/password', payload: { token, password: PASSWORD } });
  if (set.statusCode !== 200) throw new Error(`set password: ${set.statusCode} ${set.body}`);
  return operator.id;
}

/** A signed-in session: its cookie header and CSRF token. */
export interface Signed {
  cookie: string;
  csrf: string;
}

export function sessionOf(res: { cookies: { name: string; value: string }[]; json: () => unknown }): Signed {
  const cookie = res.cookies.find((c) => c.name === 'admin_session');
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `admin_session=${cookie.value}`, csrf: (res.json() as { csrf_token: string }).csrf_token };
}

export const login = (t: TestApp, email: string, password = PASSWORD, totp?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password, ...(totp !== undefined && { totp }) } });

/** The current TOTP code of a secret at the app's clock. */
export const codeAt = (t: TestApp, secret: string) => generate({ secret, epoch: Math.floor(t.ctx.now().getTime() / 1000) });

/** Signs in an operator of a role without TOTP (box_office, door, viewer). */
export async function signIn(t: TestApp, email: string): Promise<Signed> {
  const res = await login(t, email);
  if (res.statusCode !== 200 || !body(res).operator) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return sessionOf(res);
}

/** Signs in an owner or manager: enrols TOTP on the first login; answers the session and the secret. */
export async function signInWithTotp(t: TestApp, email: string): Promise<Signed & { secret: string }> {
  const first = await login(t, email);
  const pending = sessionOf(first);
  const secret = body(first).enrolment.secret as string;
  const done = await t.app.inject({ method: 'POST', url: '/api/admin/session/totp', headers: { cookie: pending.cookie, 'x-csrf-token': pending.csrf }, payload: { code: await codeAt(t, secret) } });
  if (done.statusCode !== 200) throw new Error(`enrol: ${done.statusCode} ${done.body}`);
  return { ...pending, secret };
}

/** The app's admin routes as `METHOD /pattern`, read from Fastify's route tree (`printRoutes`, one node a line, children indented by 4). */
export function adminRoutesOf(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    if (!path.startsWith('/api/admin') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}
