import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { signInAsOwner } from './support/admin';
import { expect, expectAccessible, test } from './support/fixtures';
import { paidOrder } from './support/free-order';

const admin = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/admin.json', import.meta.url)), 'utf8'));
const exportsEs = JSON.parse(readFileSync(fileURLToPath(new URL('../../locales/es/exports.json', import.meta.url)), 'utf8'));

/** A sentence of the admin namespace with its `{{values}}` put in. */
const say = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** Presses Tab until `target` has the focus (it is reached by keyboard), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** With UPDATE_SCREENSHOTS=1, the page as the README shows it (desktop 1280×800). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/images/console-${name}.png`, import.meta.url)) });
}

test('an owner finds an order by the buyer\'s e-mail, refunds one ticket, reads the timeline and downloads the attendees as XLSX', async ({ page, baseURL }) => {
  const { purchaseId, email } = await paidOrder(page.request);
  await signInAsOwner(page, baseURL!);

  // Find it by the buyer's e-mail, by keyboard.
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: admin.orders.title })).toBeVisible();
  await page.getByLabel(admin.orders.q).fill(email);
  await page.keyboard.press('Enter');
  const results = page.getByRole('table', { name: admin.orders.results });
  await expect(results.getByRole('row')).toHaveCount(2);
  const reference = results.getByRole('link', { name: purchaseId });
  await expect(results.getByRole('row').nth(1)).toContainText(admin.orders.statuses.paid);
  await expectAccessible(page, 'the console\'s orders page');
  await screenshot(page, 'orders');
  await tabTo(page, reference);
  await page.keyboard.press('Enter');

  // The order: its tickets, the operator's facts and the timeline.
  await expect(page.getByRole('heading', { level: 1, name: say(admin.order.title, { id: purchaseId }) })).toBeVisible();
  await expect(page.getByTestId('order-ticket')).toHaveCount(2);
  const timeline = page.getByRole('list', { name: admin.timeline.title });
  await expect(timeline.getByText(admin.timeline.kind.hold_created)).toBeVisible();
  await expectAccessible(page, 'the console\'s order page');
  await screenshot(page, 'order');

  // Cancel the first ticket (Ana López's) with a full refund: the dialog says what goes back first.
  const first = page.getByTestId('order-ticket').first();
  await expect(first).toContainText('Ana López');
  const cancelButton = first.getByRole('button', { name: /^Cancelar el boleto \d{6}…$/ });
  await tabTo(page, cancelButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: say(admin.cancel.title_one, { count: 1 }) });
  await expect(dialog.getByRole('radio', { name: admin.cancel.full })).toBeChecked();
  await expect(dialog.getByRole('status')).toHaveText(say(admin.cancel.backFull_one, { provider: 'free' }));
  await dialog.getByLabel(admin.cancel.reason).fill('Pidió el reembolso por teléfono');
  await dialog.getByRole('button', { name: admin.cancel.confirm_one }).click();
  await expect(dialog).toBeHidden();

  // The result in the live region; the order reloaded: one ticket left, partly cancelled, the cancellation in the timeline.
  const partly = admin.orders.statuses.partially_cancelled;
  await expect(page.getByRole('status').filter({ hasText: say(admin.order.cancelled_one, { count: 1, status: partly, refund: '' }).trim() })).toBeVisible();
  await expect(page.getByTestId('order-status')).toContainText(partly);
  await expect(page.getByTestId('order-ticket')).toHaveCount(1);
  await expect(page.getByTestId('order-ticket')).toContainText('Luis Pérez');
  await expect(timeline.getByText(admin.timeline.kind.cancellation, { exact: true })).toBeVisible();
  await expect(timeline.getByText(admin.timeline.kind.ticket_revoked, { exact: true })).toBeVisible();
  await expect(timeline).toContainText('Pidió el reembolso por teléfono');

  // Attendees: the event, the buyer's rows (only the valid one), the XLSX with the same filters.
  await page.getByRole('navigation').getByRole('link', { name: admin.nav.attendees }).click();
  await expect(page.getByRole('heading', { level: 1, name: admin.attendees.title })).toBeVisible();
  await page.getByRole('combobox', { name: admin.attendees.event }).click();
  await page.getByRole('option', { name: /^Conversatorio/ }).click();
  await page.getByLabel(admin.attendees.q).fill(email);
  await page.keyboard.press('Enter');
  const attendees = page.getByRole('table', { name: admin.attendees.table });
  await expect(attendees.getByRole('row')).toHaveCount(2);
  await expect(attendees.getByRole('columnheader', { name: 'Correo electrónico' })).toBeVisible();
  await expect(attendees.getByRole('row').nth(1)).toContainText('Luis Pérez');
  await expect(attendees.getByRole('row').nth(1)).toContainText('orden1@example.mx');
  await expectAccessible(page, 'the console\'s attendees page');
  await screenshot(page, 'attendees');

  const excel = page.getByRole('link', { name: admin.attendees.xlsx });
  await tabTo(page, excel);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^demo-free-asistentes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const titles = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows = sheet.getSheetValues().slice(2).map((values) => Object.fromEntries(titles.map((title, i) => [title, String((values as unknown[])[i + 1] ?? '')])));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    [exportsEs.columns.holder_name]: 'Luis Pérez',
    [exportsEs.columns.buyer_email]: email,
    [exportsEs.columns.reference]: purchaseId,
    [exportsEs.columns.status]: exportsEs.statuses.valid,
    'Correo electrónico': 'orden1@example.mx',
  });
});
