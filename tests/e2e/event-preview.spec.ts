import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, text } from './support/fixtures';

/**
 * `npm run event:preview` in the browser: the page the CLI prints renders a fixture's forms with
 * the storefront's components, follows the file as it is saved, lists its problems, and can be
 * used with the keyboard. The CLI is its own process (no database) over this run's built storefront.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const preview = {
  es: JSON.parse(readFileSync(join(repoRoot, 'locales/es/preview.json'), 'utf8')),
  en: JSON.parse(readFileSync(join(repoRoot, 'locales/en/preview.json'), 'utf8')),
};
const fixture = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/events/attendee-forms.event.json'), 'utf8'));

test.describe.configure({ mode: 'serial' });

let child: ChildProcess | undefined;
let previewUrl = '';
const file = join(mkdtempSync(join(tmpdir(), 'event-preview-e2e-')), 'mi-evento.json');

test.beforeAll(async () => {
  writeFileSync(file, JSON.stringify(fixture, null, 2));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/event-preview.ts', file], {
    cwd: repoRoot,
    env: { ...process.env, PREVIEW_PORT: '0', CLIENT_DIR: process.env.E2E_CLIENT_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  previewUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`event:preview did not start:\n${output}`)), 50_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/admin\/preview#token=[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.once('exit', (code) => reject(new Error(`event:preview exited with ${code}:\n${output}`)));
  });
});
test.afterAll(() => {
  child?.kill('SIGTERM');
});

const block = (page: Page, ticket: string) => page.getByRole('group', { name: text('es', 'checkout:form.block', { name: ticket, index: 1, count: 1 }) });

test('renders the ticket list, each form and the problems panel, follows the saved file and switches language', async ({ page }) => {
  await page.goto(previewUrl);
  await expect(page.getByRole('heading', { level: 1, name: preview.es.title })).toBeVisible();
  // The token left the address bar once kept.
  await expect(page).toHaveURL(/\/admin\/preview$/);
  await expect(page.getByRole('heading', { name: new RegExp(preview.es.tickets.heading) })).toBeVisible();
  await expect(block(page, fixture.tickets[0].name).getByRole('textbox', { name: 'Alias' })).toBeVisible();
  await expect(block(page, fixture.tickets[1].name)).toBeVisible();
  const panel = page.getByRole('complementary', { name: preview.es.problems.heading });
  await expect(panel.getByRole('status')).toHaveText(preview.es.problems.none);

  // Live validation by the compiled validator: a wrong e-mail is marked once the field is left.
  const email = block(page, fixture.tickets[0].name).getByRole('textbox', { name: /Correo/ });
  await email.fill('no-es-correo');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  // Saving the file reaches the page: a renamed ticket type, and a problem in the panel.
  const edited = structuredClone(fixture);
  edited.tickets[0].name = 'Taller editado';
  edited.hold_minutes = -1;
  writeFileSync(file, JSON.stringify(edited, null, 2));
  await expect(block(page, 'Taller editado')).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(preview.es.problems.count_one.replace('{{count}}', '1'));
  await expect(panel.getByRole('listitem').filter({ hasText: '/hold_minutes' })).toBeVisible();
  // What was typed survives the reload of the file.
  await expect(block(page, 'Taller editado').getByRole('textbox', { name: /Correo/ })).toHaveValue('no-es-correo');

  await page.getByRole('button', { name: text('es', 'language.en') }).click();
  await expect(page.getByRole('heading', { level: 1, name: preview.en.title })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: preview.en.problems.heading }).getByRole('status')).toHaveText(preview.en.problems.count_one.replace('{{count}}', '1'));
  writeFileSync(file, JSON.stringify(fixture, null, 2));
});

test('is reachable by keyboard and has no serious axe violations', async ({ page }) => {
  await page.goto(previewUrl);
  const alias = block(page, fixture.tickets[0].name).getByRole('textbox', { name: 'Alias' });
  await expect(alias).toBeVisible();
  for (let presses = 0; presses < 40 && !(await alias.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(alias).toBeFocused();
  await page.keyboard.type('Ana');
  await expect(alias).toHaveValue('Ana');
  await expectAccessible(page, 'the event preview');
});

test('on the running server: asks for the token, previews a pasted file without saving it', async ({ page, baseURL }) => {
  await page.goto('/admin/preview');
  await page.getByLabel(preview.es.token.label).fill('no-es-el-token');
  await page.getByRole('button', { name: preview.es.token.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(preview.es.token.wrong);
  await page.getByLabel(preview.es.token.label).fill(process.env.E2E_ADMIN_TOKEN!);
  await page.getByRole('button', { name: preview.es.token.submit }).click();

  const pasted = { ...structuredClone(fixture), url: 'vista-previa-sin-guardar', hold_minutes: -1 };
  await page.getByLabel(preview.es.source.label).fill(JSON.stringify(pasted, null, 2));
  await page.getByRole('button', { name: preview.es.source.submit }).click();
  await expect(block(page, fixture.tickets[0].name).getByRole('textbox', { name: 'Alias' })).toBeVisible();
  const panel = page.getByRole('complementary', { name: preview.es.problems.heading });
  await expect(panel.getByRole('listitem').filter({ hasText: '/hold_minutes' })).toBeVisible();
  // Nothing was saved: the event does not exist for buyers.
  expect((await page.request.get(`${baseURL}/api/event/vista-previa-sin-guardar`)).status()).toBe(404);
});
