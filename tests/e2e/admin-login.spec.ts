import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import { axeScan, expect, test } from './support/fixtures';

const es = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/admin.json', import.meta.url)), 'utf8'));
const PASSWORD = 'contraseña-de-prueba-e2e';

/** `npm run operator:add` against the server's database: answers the one-time link it prints. */
function addOwner(email: string, baseURL: string): string {
  const out = execFileSync('npx', ['tsx', 'src/server/cli/operator-add.ts', '--email', email, '--role', 'owner'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}`, PUBLIC_URL: baseURL, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  const link = /(http\S+\/admin\/set-password#token=\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`no link in: ${out}`);
  return link;
}

test('an owner sets a password by the link, signs in, enrols TOTP, sees the nav and the audit page lists the login', async ({ page, baseURL }) => {
  const email = `duena-${Date.now()}@example.mx`;
  await page.goto(addOwner(email, baseURL!));

  // Set the password, by keyboard.
  await expect(page.getByRole('heading', { name: es.setPassword.title })).toBeVisible();
  await page.getByLabel(es.setPassword.password).fill(PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText(es.setPassword.done.replace('{{email}}', email))).toBeVisible();
  await page.getByRole('link', { name: es.setPassword.toLogin }).click();

  // Sign in: e-mail and password, then the TOTP enrolment (QR and key as text, the first code).
  await expect(page.getByRole('heading', { name: es.login.title })).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
  await page.getByLabel(es.login.email).fill(email);
  await page.getByLabel(es.login.password).fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: es.login.enrolTitle })).toBeVisible();
  await expect(page.getByRole('img', { name: es.login.qrLabel })).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(es.login.code).fill(await generate({ secret }));
  await page.keyboard.press('Enter');

  // The console: an owner's nav, reached by keyboard.
  const nav = page.getByRole('navigation', { name: es.nav.label });
  await expect(nav.getByRole('link', { name: es.nav.operators })).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
  await nav.getByRole('link', { name: es.nav.audit }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: es.audit.title })).toBeVisible();
  const table = page.getByRole('table', { name: es.audit.title });
  await expect(table.getByRole('row').filter({ hasText: 'login.enrolment' }).filter({ hasText: email })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'POST /api/admin/session/totp' }).first()).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
});
