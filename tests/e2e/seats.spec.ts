import type { Page } from '@playwright/test';
import { expect as baseExpect, expectAccessible, test } from './support/fixtures';

// The map loads its own chunk and the chart script, then polls: on a busy machine that takes longer than a page.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Seated events on the sandbox seat map (demo-seats): every place is a button named by its
 * label, state and price; two buyers in two browsers see each other's holds through the
 * chart's polling; Continue holds the chosen seats with the purchase.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'two browsers and the seat map: desktop only');
  test.slow();
});

const seat = (page: Page, label: string, state: string, price = '$350') => page.getByRole('button', { name: `${label}, ${state}, ${price}`, exact: true });

test('buyer A holds A-1 and A-2; buyer B sees them unavailable and cannot take them', async ({ page, browser, t }) => {
  await page.goto('/demo-seats');
  await seat(page, 'A-1', 'disponible').click();
  await seat(page, 'A-2', 'disponible').click();
  await expect(seat(page, 'A-1', 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByRole('region', { name: t('checkout:summary.title') });
  await expect(summary.getByText(t('checkout:summary.line', { name: 'Platea', count: 2 }))).toBeVisible();
  await expect(summary.getByText(t('checkout:summary.seats', { labels: 'A-1, A-2' }))).toBeVisible();

  // Buyer B, another browser: A's holds show within the chart's polling.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  await pageB.addInitScript(() => window.localStorage.setItem('language', 'es'));
  await pageB.goto('/demo-seats');
  await expect(seat(pageB, 'A-1', 'no disponible')).toHaveAttribute('aria-disabled', 'true');
  await expect(seat(pageB, 'A-2', 'no disponible')).toBeVisible();

  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toHaveCount(0);
  await expect(page.getByText(t('checkout:summary.seats', { labels: 'A-1, A-2' }))).toBeVisible();

  // Held with the purchase now: B still cannot select them (a click on the disabled seat does nothing).
  await seat(pageB, 'A-1', 'no disponible').click({ force: true });
  await expect(seat(pageB, 'A-1', 'no disponible')).toHaveAttribute('aria-pressed', 'false');
  await expect(pageB.getByRole('region', { name: t('checkout:summary.title') }).getByText(t('checkout:summary.empty'))).toBeVisible();
  await other.close();
});

test('a seat is chosen with the keyboard alone', async ({ page, t }) => {
  await page.goto('/demo-seats');
  await expect(seat(page, 'C-9', 'disponible')).toBeVisible();
  // Tab to the seat as a keyboard user would, then Enter; Space on the next one.
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-label'))) === 'C-9') break;
  }
  await page.keyboard.press('Enter');
  await expect(seat(page, 'C-9', 'seleccionado')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press(' ');
  await expect(seat(page, 'C-10', 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(t('checkout:summary.seats', { labels: 'C-9, C-10' }))).toBeVisible();
});

test('axe finds nothing serious on the seat map page', async ({ page }) => {
  await page.goto('/demo-seats');
  await seat(page, 'B-5', 'disponible').click();
  await expect(seat(page, 'B-5', 'seleccionado')).toBeVisible();
  await expectAccessible(page, 'seat map');
});

test("an unseated event's ticket page loads no chart script", async ({ page, t }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /chart\.js|seatsio/i.test(url))).toEqual([]);
  expect(await page.evaluate(() => 'seatsio' in window)).toBe(false);
});

test('starting over gives the held seats back at once', async ({ page, t }) => {
  await page.goto('/demo-seats');
  await seat(page, 'B-7', 'disponible').click();
  await expect(seat(page, 'B-7', 'seleccionado')).toBeVisible();
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toHaveCount(0);
  await page.getByRole('button', { name: t('checkout:actions.backToTickets') }).click();
  await page.getByRole('dialog', { name: t('exit.title') }).getByRole('button', { name: t('exit.confirm') }).click();
  // A new map session: the seat the old purchase held is free again (not merely selected by a new session).
  await expect(seat(page, 'B-7', 'disponible')).toBeVisible();
  await expect(page.getByRole('region', { name: t('checkout:summary.title') }).getByText(t('checkout:summary.empty'))).toBeVisible();
});
