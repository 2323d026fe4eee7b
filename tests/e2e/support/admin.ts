import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';

const PASSWORD = 'contraseña-de-prueba-e2e';

/** `npm run operator:add` against the e2e server's database: the one-time set-password token it prints. */
function addOperator(email: string, role: string, baseURL: string): string {
  const out = execFileSync('npx', ['tsx', 'src/server/cli/operator-add.ts', '--email', email, '--role', role], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}`, PUBLIC_URL: baseURL, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  const token = /\/admin\/set-password#token=(\S+)/.exec(out)?.[1];
  if (!token) throw new Error(`no set-password link in: ${out}`);
  return token;
}

/**
 * A new owner signed in on the page's browser context through the API (password set by the one-time link, TOTP
 * enrolled with a code computed here): the session cookie is the context's, so the console opens signed in.
 * The login screens themselves are tested by admin-login.spec.ts.
 */
export async function signInAsOwner(page: Page, baseURL: string): Promise<{ email: string }> {
  const email = `duena-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.mx`;
  const token = addOperator(email, 'owner', baseURL);
  const api = page.request;
  const ok = async (response: Awaited<ReturnType<typeof api.post>>): Promise<any> => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  await ok(await api.post(`${baseURL}/api/admin/password`, { data: { token, password: PASSWORD } }));
  const login = await ok(await api.post(`${baseURL}/api/admin/session`, { data: { email, password: PASSWORD } }));
  const code = await generate({ secret: login.enrolment.secret });
  await ok(await api.post(`${baseURL}/api/admin/session/totp`, { data: { code }, headers: { 'x-csrf-token': login.csrf_token } }));
  return { email };
}
