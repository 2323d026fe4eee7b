import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { openMethod } from './payments-helpers';
import { expect as baseExpect, expectAccessible, test } from './support/fixtures';
import { sandboxCredentials } from '../../sandbox/credentials';

// The map loads its own chunk and the chart script, then polls: on a busy machine that takes longer than a page.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Seated events on the sandbox seat map (demo-seats): every place is a button named by its
 * label, state and price; two buyers in two browsers see each other's holds through the
 * chart's polling; Continue holds the chosen seats with the purchase.
 */
test.beforeEach(() => test.slow());

const seat = (page: Page, label: string, state: string, price = '$350') => page.getByRole('button', { name: `${label}, ${state}, ${price}`, exact: true });

/** Another buyer: a browser context of its own (no shared storage), reading Spanish. */
async function otherBuyer(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('language', 'es'));
  return page;
}

/** The sandbox seat provider's secret key, derived from the server's SIGNING_SECRET as the demo's composition derives it. */
const seatsSecretKey = () => sandboxCredentials(process.env.E2E_SIGNING_SECRET!).seats.secretKey;

/** A place's status at the sandbox seat provider, as the chart's public status endpoint reports it. */
async function seatStatus(page: Page, eventKey: string, label: string): Promise<string | undefined> {
  const answer = await page.request.get(`/sandbox/seatsio/api/public/sandbox-workspace/events/${eventKey}/objects`);
  const { objects } = (await answer.json()) as { objects: { label: string; status: string }[] };
  return objects.find((object) => object.label === label)?.status;
}

test('buyer A holds two seats; buyer B sees them unavailable and cannot take them', { tag: '@phone' }, async ({ page, browser, t }) => {
  // Both viewports run this at once on the same map: each takes its own two seats.
  const [first, second] = test.info().project.name === 'phone' ? ['A-3', 'A-4'] : ['A-1', 'A-2'];
  await page.goto('/demo-seats');
  await seat(page, first, 'disponible').click();
  await seat(page, second, 'disponible').click();
  await expect(seat(page, first, 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByRole('region', { name: t('checkout:summary.title') });
  await expect(summary.getByText(t('checkout:summary.line', { name: 'Platea', count: 2 }))).toBeVisible();
  await expect(summary.getByText(t('checkout:summary.seats', { labels: `${first}, ${second}` }))).toBeVisible();

  // Buyer B, another browser: A's holds show within the chart's polling.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  await pageB.addInitScript(() => window.localStorage.setItem('language', 'es'));
  await pageB.goto('/demo-seats');
  await expect(seat(pageB, first, 'no disponible')).toHaveAttribute('aria-disabled', 'true');
  await expect(seat(pageB, second, 'no disponible')).toBeVisible();

  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toHaveCount(0);
  await expect(page.getByText(t('checkout:summary.seats', { labels: `${first}, ${second}` }))).toBeVisible();

  // Held with the purchase now: B still cannot select them (a click on the disabled seat does nothing).
  await seat(pageB, first, 'no disponible').click({ force: true });
  await expect(seat(pageB, first, 'no disponible')).toHaveAttribute('aria-pressed', 'false');
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

test('buyer A pays with PayPal: the seats are booked, buyer B cannot take them', async ({ page, browser, t }) => {
  // A retry takes two other seats: the first attempt's hold (or booking) keeps B-1 and B-2.
  const [first, second] = test.info().retry === 0 ? ['B-1', 'B-2'] : ['B-3', 'B-4'];
  await page.goto('/demo-seats');
  await seat(page, first, 'disponible').click();
  await seat(page, second, 'disponible').click();
  await expect(seat(page, second, 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
  await expect(page).toHaveURL(/\/demo-seats\/payment-method$/);
  const panel = await openMethod(page, t, 'paypal');
  await panel.getByRole('button', { name: t('payments:methods.paypal.submit') }).click();
  // The provider's sandbox approval page, then our loader captures the payment and moves on.
  await expect(page.getByRole('heading', { level: 1, name: 'Pagar con PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page).toHaveURL(/\/demo-seats\/payment-status$/);
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
  await expect(page.getByText(t('checkout:summary.seats', { labels: `${first}, ${second}` }))).toBeVisible();
  // Booked, not merely held: a booking outlives the hold token (the API tests move the clock past it).
  expect(await seatStatus(page, 'demo-seats', first)).toBe('booked');
  expect(await seatStatus(page, 'demo-seats', second)).toBe('booked');

  const pageB = await otherBuyer(browser);
  await pageB.goto('/demo-seats');
  await expect(seat(pageB, first, 'no disponible')).toHaveAttribute('aria-disabled', 'true');
  await expect(seat(pageB, second, 'no disponible')).toHaveAttribute('aria-disabled', 'true');
  await seat(pageB, first, 'no disponible').click({ force: true });
  await expect(seat(pageB, first, 'no disponible')).toHaveAttribute('aria-pressed', 'false');
  await expect(pageB.getByRole('region', { name: t('checkout:summary.title') }).getByText(t('checkout:summary.empty'))).toBeVisible();
  await pageB.context().close();
});

test.describe('a purchase hold that runs out', () => {
  /** A seated event of its own (its purchases held one minute), so its places are not the demo's. */
  const shortHold = JSON.parse(readFileSync(new URL('../fixtures/events/seats-short-hold.event.json', import.meta.url), 'utf8')) as { url: string };

  test.beforeAll(async ({ request }) => {
    const imported = await request.put(`/api/admin/events/${shortHold.url}`, {
      headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
      data: shortHold,
    });
    expect([200, 201], await imported.text()).toContain(imported.status());
  });

  test("buyer C's hold token runs out: the seat is free again on D's map and buyer D takes it", async ({ page, browser, t }) => {
    await page.goto(`/${shortHold.url}`);
    await seat(page, 'A-1', 'disponible').click();
    await expect(seat(page, 'A-1', 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
    const creating = page.waitForRequest((request) => request.url().endsWith('/api/payments/new-purchase'));
    await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
    const { holdToken } = ((await creating).postDataJSON() as { seats: { holdToken: string } }).seats;
    await expect(page).toHaveURL(new RegExp(`/${shortHold.url}/payment-method$`));
    await expect(page.getByText(t('checkout:summary.seats', { labels: 'A-1' }))).toBeVisible();

    const pageD = await otherBuyer(browser);
    await pageD.goto(`/${shortHold.url}`);
    await expect(seat(pageD, 'A-1', 'no disponible')).toHaveAttribute('aria-disabled', 'true');
    // The seat provider's token ends with the purchase's hold (tests/api/seats.test.ts moves the server's
    // clock past it and checks the release); here it is ended now through the provider's API, as
    // seats.io's "expire a hold token" does, instead of waiting the minute. D's map polls the statuses.
    const expired = await page.request.post(`/sandbox/seatsio/api/hold-tokens/${holdToken}`, {
      headers: { authorization: `Basic ${Buffer.from(`${seatsSecretKey()}:`).toString('base64')}` },
      data: { expiresInMinutes: 0 },
    });
    expect(expired.status(), await expired.text()).toBe(200);
    await expect(seat(pageD, 'A-1', 'disponible')).toBeVisible();
    await seat(pageD, 'A-1', 'disponible').click();
    await expect(seat(pageD, 'A-1', 'seleccionado')).toHaveAttribute('aria-pressed', 'true');
    await pageD.getByRole('button', { name: t('checkout:actions.continue') }).click();
    await expect(pageD).toHaveURL(new RegExp(`/${shortHold.url}/payment-method$`));
    await expect(pageD.getByText(t('checkout:summary.seats', { labels: 'A-1' }))).toBeVisible();
    await pageD.context().close();
  });
});
