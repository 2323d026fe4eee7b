import type { Page } from '@playwright/test';
import { generate } from 'otplib';

const PASSWORD = 'contraseña-de-prueba-e2e';

/**
 * A new operator invited through the admin API with the automation token (`ADMIN_TOKEN`, as a CI import uses it):
 * the one-time set-password token of the link the answer carries. `admin-login.spec.ts` invites through
 * `npm run operator:add` itself; here no CLI process is started per spec.
 */
async function addOperator(page: Page, email: string, role: string, baseURL: string): Promise<string> {
  const response = await page.request.post(`${baseURL}/api/admin/operators`, {
    data: { email, role },
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
  });
  if (response.status() !== 201) throw new Error(`invite ${email}: ${response.status()} ${await response.text()}`);
  const link = ((await response.json()) as { set_password_url: string }).set_password_url;
  const token = /#token=(\S+)/.exec(link)?.[1];
  if (!token) throw new Error(`no set-password token in: ${link}`);
  return token;
}

/**
 * A new owner signed in on the page's browser context through the API (password set by the one-time link, TOTP
 * enrolled with a code computed here): the session cookie is the context's, so the console opens signed in.
 * The login screens themselves are tested by admin-login.spec.ts.
 */
export async function signInAsOwner(page: Page, baseURL: string): Promise<{ email: string }> {
  const email = `duena-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.mx`;
  const token = await addOperator(page, email, 'owner', baseURL);
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
