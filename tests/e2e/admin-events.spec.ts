import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { signInAsOwner } from './support/admin';
import { axeScan, expect, test } from './support/fixtures';

const es = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/admin.json', import.meta.url)), 'utf8'));
const say = (sentence: string, values: Record<string, string | number>) => sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const field = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/** With UPDATE_SCREENSHOTS=1, the README's picture of a console page (desktop, 1280×800). */
async function screenshot(page: Page, name: string) {
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: fileURLToPath(new URL(`../../docs/images/console-${name}.png`, import.meta.url)) });
}

test('an owner edits an event in the console: price and a new attendee field saved, seen in the storefront, diffed and rolled back', async ({ page, baseURL }) => {
  // The editor is the whole event file as a form: its axe scans and two storefront visits take their time.
  test.slow();
  await signInAsOwner(page, baseURL!);
  // A fresh event from the starter (General at $350), made on the Events page, so the demo the other specs buy
  // from stays as it is.
  const url = `consola-${Date.now().toString(36)}`;
  await page.goto('/admin/events');
  await expect(page.getByRole('heading', { level: 1, name: es.events.title })).toBeVisible();
  await expect(page.getByRole('table', { name: es.events.title }).getByRole('row').filter({ hasText: '/demo' }).first()).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
  await page.getByRole('textbox', { name: es.events.url }).fill(url);
  await page.getByRole('textbox', { name: es.events.name }).fill('Festival de la consola');
  await page.getByRole('button', { name: es.events.create }).click();

  // The editor: the event file as a form, its preview beside it.
  await expect(page.getByRole('heading', { level: 1, name: say(es.events.editor.title, { url }) })).toBeVisible();
  const price = field(page, 'event.tickets.0.price');
  await expect(price).toHaveValue('350');
  await expect(page.getByRole('heading', { name: /Festival de la consola/ })).toBeVisible();
  await price.fill('475');
  await field(page, 'event.tickets.0.form__add').click();
  await field(page, 'event.tickets.0.form.4.id').fill('empresa');
  await field(page, 'event.tickets.0.form.4.type').selectOption('text');
  await field(page, 'event.tickets.0.form.4.label').fill('Empresa');
  // The live preview draws the new field in the attendee block.
  await expect(page.getByLabel('Empresa', { exact: true })).toBeVisible();

  // Save, reached by keyboard from the top of the page.
  const save = page.getByRole('button', { name: es.events.editor.save, exact: true });
  await page.getByRole('heading', { level: 1 }).click();
  for (let presses = 0; presses < 30 && !(await save.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: say(es.events.editor.saved, { version: 2 }) })).toBeVisible();
  expect((await axeScan(page).analyze()).violations).toEqual([]);
  await screenshot(page, 'event-editor');

  // The storefront's ticket page shows the new price.
  const shop = await page.context().newPage();
  await shop.goto(`/${url}`);
  await expect(shop.getByText(formatMoney(47500)).first()).toBeVisible();

  // Versions: v1 against v2 shows the price and the field, marked as removed and added.
  await page.getByRole('checkbox', { name: say(es.events.versions.pick, { version: 1 }) }).check();
  await page.getByRole('checkbox', { name: say(es.events.versions.pick, { version: 2 }) }).check();
  await page.getByRole('button', { name: es.events.versions.showDiff }).click();
  const diff = page.getByRole('region', { name: say(es.events.versions.diffOf, { from: 1, to: 2 }) });
  await expect(diff.locator('[data-kind="removed"]').filter({ hasText: '"price": 350' })).toHaveCount(1);
  await expect(diff.locator('[data-kind="added"]').filter({ hasText: '"price": 475' })).toHaveCount(1);
  await expect(diff.locator('[data-kind="added"]').filter({ hasText: '"id": "empresa"' })).toHaveCount(1);
  await expect(diff.locator('[data-kind="added"]').first()).toContainText(es.events.versions.added);
  // The page was scanned whole after the save; now the versions panel with its diff.
  expect((await axeScan(page).include('section[aria-labelledby="event-versions"]').analyze()).violations).toEqual([]);

  // Roll back to v1 (a confirm first): a new version 3 with the old price, in the form and the storefront.
  await page.getByRole('button', { name: say(es.events.versions.rollBack, { version: 1 }) }).click();
  const dialog = page.getByRole('dialog', { name: say(es.events.versions.rollBack, { version: 1 }) });
  await expect(dialog).toContainText(say(es.events.versions.confirm, { version: 1 }));
  await dialog.getByRole('button', { name: es.events.versions.confirmButton }).click();
  await expect(page.getByRole('status').filter({ hasText: say(es.events.versions.rolledBack, { version: 3 }) })).toBeVisible();
  await expect(field(page, 'event.tickets.0.price')).toHaveValue('350');
  await shop.reload();
  await expect(shop.getByText(formatMoney(35000)).first()).toBeVisible();
  await expect(shop.getByText(formatMoney(47500))).toHaveCount(0);

  // Back on the Events page, by the nav: the event's row, its figures and its export link.
  await page.getByRole('navigation').getByRole('link', { name: es.nav.events }).click();
  const row = page.getByRole('table', { name: es.events.title }).getByRole('row').filter({ hasText: 'Festival de la consola' });
  await expect(row).toContainText(`/${url}`);
  await expect(row).toContainText(formatMoney(0));
  await expect(row.getByRole('link', { name: say(es.events.export, { url }) })).toHaveAttribute('href', `/api/admin/events/${url}/file?download=1`);
  await screenshot(page, 'events');
});

test('an owner imports an event file on the Events page, and a refused save shows its problem at the field', async ({ page, baseURL }) => {
  await signInAsOwner(page, baseURL!);
  // The file to import: the free demo's stored file under a new url, read through the API.
  const url = `importado-${Date.now().toString(36)}`;
  const demo = await page.request.get(`${baseURL}/api/admin/events/demo-free/file`);
  expect(demo.ok()).toBe(true);
  const stored = await demo.json();
  const file = { ...stored, url, event: { ...stored.event, name: 'Evento importado' } };

  await page.goto('/admin/events');
  await page.locator('input[type="file"]').setInputFiles({ name: `${url}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByRole('status').filter({ hasText: say(es.events.imported, { url, version: 1 }) })).toBeVisible();
  await page.getByRole('link', { name: 'Evento importado' }).click();

  // A negative price: the server refuses the file and the editor puts its problem at the price field and in the summary.
  const price = field(page, 'event.tickets.0.price');
  await expect(price).toBeVisible();
  // refund_policy (in the schema "none" or an object) is in the form as its two fields, as the file has it: the
  // deadline as its wall-clock time (the browser shows :00 seconds as none) and its own UTC offset.
  const [, until, offset] = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}).*?(Z|[+-]\d{2}:\d{2})$/.exec(stored.refund_policy.until)!;
  await expect(field(page, 'event.refund_policy.until')).toHaveValue(new RegExp(`^${until}`));
  await expect(field(page, 'event.refund_policy.until-offset')).toHaveValue(offset);
  await expect(field(page, 'event.refund_policy.fee_percent')).toHaveValue(String(stored.refund_policy.fee_percent));
  await price.fill('-5');
  await page.getByRole('button', { name: es.events.editor.save, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '/tickets/0/price' })).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'event.tickets.0.price__error')).not.toBeEmpty();
});
