import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { totpSecretOf } from '../../src/server/operators/totp';
import { PASSWORD, codeAt, login, operatorWithPassword, sessionOf, signIn } from './operator-helpers';

const ADMIN = 'token-de-prueba-admin';
const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/admin/session', headers: { cookie } });
const auditActions = async (t: TestApp) => (await t.ctx.db.kysely.selectFrom('audit_log').select(['action', 'operator_email', 'detail_json', 'actor_kind']).orderBy('id').execute());

describe.skipIf(skipDatabase)('operator sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN, rateLimitAdminMax: 100000, operatorSessions: { idleMinutes: 30, absoluteHours: 12, maxFailedLogins: 3, lockMinutes: 15, setPasswordHours: 72 } });
    await operatorWithPassword(t, 'caja@example.mx', 'box_office');
    await operatorWithPassword(t, 'Duena@Example.mx', 'owner');
    await operatorWithPassword(t, 'bloqueo@example.mx', 'viewer');
  });
  afterAll(() => t.close());

  it('signs in with the right password: the operator, a CSRF token and an HttpOnly SameSite=Strict cookie on /api/admin', async () => {
    const res = await login(t, 'CAJA@example.mx ');
    expect(res.statusCode).toBe(200);
    expect(body(res).operator).toMatchObject({ email: 'caja@example.mx', role: 'box_office', events: null, permissions: ['events.read', 'orders.read', 'orders.change'] });
    expect(body(res).csrf_token).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'admin_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    const who = await me(t, `admin_session=${cookie.value}`);
    expect(body(who)).toEqual(body(res));
  });

  it('answers a wrong password and an unknown e-mail alike (401 ADMIN_LOGIN_FAILED) and never stores the password', async () => {
    const wrong = await login(t, 'caja@example.mx', 'no-es-esta-contraseña');
    const unknown = await login(t, 'nadie@example.mx', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong)).toEqual(body(unknown));
    expect(body(wrong).code).toBe('ADMIN_LOGIN_FAILED');
    const rows = JSON.stringify(await t.ctx.db.kysely.selectFrom('audit_log').selectAll().execute());
    expect(rows).not.toContain('no-es-esta-contraseña');
    expect(rows).not.toContain(PASSWORD);
    expect(rows).not.toContain('nadie@example.mx');
  });

  it('locks an account after the configured failures in a row (423 ADMIN_LOCKED, even with the right password) until the lock ends', async () => {
    for (let i = 0; i < 2; i++) expect((await login(t, 'bloqueo@example.mx', 'mal')).statusCode).toBe(401);
    const third = await login(t, 'bloqueo@example.mx', 'mal');
    expect(third.statusCode).toBe(423);
    expect(body(third).code).toBe('ADMIN_LOCKED');
    expect((await login(t, 'bloqueo@example.mx')).statusCode).toBe(423);
    expect((await auditActions(t)).filter((r) => r.action === 'login.locked').map((r) => r.operator_email)).toEqual(['bloqueo@example.mx']);
    t.advance(16 * 60_000);
    expect((await login(t, 'bloqueo@example.mx')).statusCode).toBe(200);
  });

  it('makes an owner enrol TOTP: the enrolment session may only finish it; a wrong code is refused; then the code is required', async () => {
    const first = await login(t, 'duena@example.mx');
    expect(first.statusCode).toBe(200);
    const { enrolment } = body(first);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qr_svg).toMatch(/^<svg/);
    const pending = sessionOf(first);
    // Not signed in yet: the admin API refuses the enrolment-only session.
    expect((await t.app.inject({ url: '/api/admin/operators', headers: { cookie: pending.cookie } })).statusCode).toBe(401);
    const wrongCode = await t.app.inject({ method: 'POST', url: '/api/admin/session/totp', headers: { cookie: pending.cookie, 'x-csrf-token': pending.csrf }, payload: { code: '000000' } });
    expect(wrongCode.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: '/api/admin/session/totp', headers: { cookie: pending.cookie, 'x-csrf-token': pending.csrf }, payload: { code: await codeAt(t, enrolment.secret) } });
    expect(done.statusCode).toBe(200);
    expect(body(done).operator.role).toBe('owner');
    expect((await t.app.inject({ url: '/api/admin/operators', headers: { cookie: pending.cookie } })).statusCode).toBe(200);

    const noCode = await login(t, 'duena@example.mx');
    expect(noCode.statusCode).toBe(401);
    expect(body(noCode).code).toBe('ADMIN_TOTP_REQUIRED');
    expect((await login(t, 'duena@example.mx', PASSWORD, '123456')).statusCode).toBe(401);
    const withCode = await login(t, 'duena@example.mx', PASSWORD, await codeAt(t, enrolment.secret));
    expect(withCode.statusCode).toBe(200);
    expect(body(withCode).operator.email).toBe('duena@example.mx');
  });

  it('ends a session idle for longer than the idle timeout (401)', async () => {
    const session = await signIn(t, 'caja@example.mx');
    t.advance(29 * 60_000);
    expect((await me(t, session.cookie)).statusCode).toBe(200);
    t.advance(29 * 60_000);
    expect((await me(t, session.cookie)).statusCode).toBe(200);
    t.advance(31 * 60_000);
    expect((await me(t, session.cookie)).statusCode).toBe(401);
  });

  it('ends a session at its absolute end even while in use (401)', async () => {
    const session = await signIn(t, 'caja@example.mx');
    for (let i = 0; i < 28; i++) {
      t.advance(25 * 60_000);
      expect((await me(t, session.cookie)).statusCode).toBe(200);
    }
    t.advance(25 * 60_000);
    expect((await me(t, session.cookie)).statusCode).toBe(401);
  });

  it('refuses a state-changing call of a session without its CSRF token (403), or with another session\'s; the bearer token needs none', async () => {
    const owner = await signInWithTotpAgain(t);
    const other = await signIn(t, 'caja@example.mx');
    const retry = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/outbox/no-existe/retry', headers });
    const missing = await retry({ cookie: owner.cookie });
    expect(missing.statusCode).toBe(403);
    expect(body(missing).code).toBe('ADMIN_CSRF_INVALID');
    expect((await retry({ cookie: owner.cookie, 'x-csrf-token': other.csrf })).statusCode).toBe(403);
    expect((await retry({ cookie: owner.cookie, 'x-csrf-token': owner.csrf })).statusCode).toBe(404);
    expect((await retry({ authorization: `Bearer ${ADMIN}` })).statusCode).toBe(404);
  });

  it('logs out (this session) and logs out everywhere (every session of the operator)', async () => {
    const a = await signIn(t, 'caja@example.mx');
    const b = await signIn(t, 'caja@example.mx');
    const c = await signIn(t, 'caja@example.mx');
    const out = await t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie: a.cookie, 'x-csrf-token': a.csrf } });
    expect(out.statusCode).toBe(204);
    expect((await me(t, a.cookie)).statusCode).toBe(401);
    expect((await me(t, b.cookie)).statusCode).toBe(200);
    const everywhere = await t.app.inject({ method: 'POST', url: '/api/admin/session/everywhere', headers: { cookie: b.cookie, 'x-csrf-token': b.csrf } });
    expect(everywhere.statusCode).toBe(204);
    expect((await me(t, b.cookie)).statusCode).toBe(401);
    expect((await me(t, c.cookie)).statusCode).toBe(401);
  });

  it('uses a set-password link once and refuses a short password', async () => {
    const { addOperator } = await import('../../src/server/operators/accounts');
    const { link } = await addOperator(t.ctx, { email: 'nueva@example.mx', role: 'door' }, 'http://localhost');
    const token = new URL(link).hash.replace('#token=', '');
    const short = await t.app.inject({ method: 'POST', url: '/api/admin/password', payload: { token, password: 'corta' } });
    expect(short.statusCode).toBe(400);
    expect(body(short).code).toBe('ADMIN_PASSWORD_TOO_SHORT');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/password', payload: { token, password: PASSWORD } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/password', payload: { token, password: PASSWORD } });
    expect(again.statusCode).toBe(400);
    expect(body(again).code).toBe('ADMIN_PASSWORD_LINK_INVALID');
  });

  it('writes audit rows for logins, failures, actions and logouts, newest first for owners only', async () => {
    const owner = await signInWithTotpAgain(t);
    await t.app.inject({ method: 'POST', url: '/api/admin/outbox/no-existe/retry', headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf } });
    const page = await t.app.inject({ url: '/api/admin/audit?limit=2', headers: { cookie: owner.cookie } });
    expect(page.statusCode).toBe(200);
    expect(body(page).entries).toEqual([
      expect.objectContaining({ actor: 'operator', operator_email: 'duena@example.mx', action: 'POST /api/admin/outbox/:id/retry', target: '{"id":"no-existe"}', detail: { status: 404 }, address: '127.0.0.1' }),
      expect.objectContaining({ action: 'login', operator_email: 'duena@example.mx' }),
    ]);
    const older = await t.app.inject({ url: `/api/admin/audit?limit=200&before=${body(page).next_before}`, headers: { cookie: owner.cookie } });
    const actions = body(older).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['login.failed', 'login.locked', 'login.enrolment', 'password.set', 'DELETE /api/admin/session', 'POST /api/admin/session/everywhere', 'POST /api/admin/session/totp']));
    const viewer = await signIn(t, 'bloqueo@example.mx');
    expect((await t.app.inject({ url: '/api/admin/audit', headers: { cookie: viewer.cookie } })).statusCode).toBe(403);
  });
});

/** The owner of these tests signs in again with its enrolled TOTP secret (read from its row, opened). */
async function signInWithTotpAgain(t: TestApp) {
  const row = await t.ctx.db.kysely.selectFrom('operators').select(['id', 'totp_secret']).where('email', '=', 'duena@example.mx').executeTakeFirstOrThrow();
  return sessionOf(await login(t, 'duena@example.mx', PASSWORD, await codeAt(t, totpSecretOf(t.ctx.config, row))));
}

