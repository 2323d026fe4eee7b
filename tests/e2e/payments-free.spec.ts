import { expect, expectAccessible, inOneLanguagePerViewport, test } from './support/fixtures';
import { fillBuyer, openFreePaymentStep, openMethod, pdfPageCount, savedPdf, uniqueBuyer } from './payments-helpers';

const EVENT_NAME = 'Conversatorio: Música y comunidad';

// Whole purchases (tickets, attendee form, claim, loader countdown): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

inOneLanguagePerViewport((language) => {
  test('free claim: the free panel alone, the loader, then the thank-you page with the PDF (one page per ticket)', { tag: '@phone' }, async ({ page, t }) => {
    // The loader's countdown runs on the page's clock, driven by the test: no real seconds waited.
    await page.clock.install();
    const loaderCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/loader-process')) loaderCalls.push(request.url());
    });
    await openFreePaymentStep(page, t);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:page.freeTitle') })).toBeVisible();
    // A 0 total offers only the free claim, opened by itself.
    const methods = page.getByRole('group', { name: t('payments:page.listLabel') });
    await expect(methods.getByRole('button', { expanded: true })).toHaveText(t('payments:methods.free.label'));
    await expect(methods.getByRole('button', { expanded: false })).toHaveCount(0);

    const panel = await openMethod(page, t, 'free');
    const buyer = uniqueBuyer('free');
    await fillBuyer(panel, t, buyer);
    await expectAccessible(page, `payment method, free panel [${language}]`);
    const claim = page.waitForRequest((request) => request.url().endsWith('/api/payments/free/verify-free'));
    await panel.getByRole('button', { name: t('payments:methods.free.submit') }).click();
    expect((await claim).postDataJSON()).toMatchObject({ buyer_info: { name: buyer.name, email: buyer.email, phone: buyer.phone }, lang: language });

    await expect(page).toHaveURL(/\/demo-free\/free\/loader\?secretuuid=/);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.title') })).toBeVisible();
    await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/[1-3]/);
    await expect(page.getByRole('link', { name: t('payments:loader.toStatus') })).toBeVisible();

    // The countdown replaces the loader with the thank-you page.
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/demo-free\/payment-status$/, { timeout: 6000 });
    expect(loaderCalls).toHaveLength(1);
    await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
    await expect(page.getByText(t('payments:status.successText', { email: buyer.email }))).toBeVisible();
    // The FINISH block with the purchase id filled in; the order summary restored.
    await expect(page.getByText(/Tu registro es el número [0-9a-f-]{8,}/)).toBeVisible();
    await expect(page.getByText('{purchase_id}')).toHaveCount(0);
    await expectAccessible(page, `thank-you page [${language}]`);
    await expect(page.getByRole('region', { name: t('checkout:summary.title') }).getByText(t('checkout:summary.line', { name: 'Entrada libre', count: 2 }))).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('payments:status.download') }).click();
    const { text } = await savedPdf(await downloading, /^compra_[0-9a-f-]+\.pdf$/);
    // The name may wrap: the embedded font is wider than Helvetica was, and pdftotext -layout keeps the lines.
    expect(text.replace(/\s+/g, ' ')).toContain(EVENT_NAME);
    expect(pdfPageCount(text)).toBe(2);

    // The countdown replaced the loader in the history: Back does not run it again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/free\/loader/);
  });
});

test('free claim: a reload of the loader asks once more and shows the same result; a refreshed thank-you page restores the purchase', async ({ page, t }) => {
  const loaderCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/loader-process')) loaderCalls.push(request.url());
  });
  await openFreePaymentStep(page, t);
  const panel = await openMethod(page, t, 'free');
  await fillBuyer(panel, t, uniqueBuyer('free-reload'));
  await panel.getByRole('button', { name: t('payments:methods.free.submit') }).click();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  const loaderUrl = page.url();

  await page.reload();
  await expect(page.getByText(t('payments:loader.approved'))).toBeVisible();
  expect(page.url()).toBe(loaderUrl);
  await page.getByRole('link', { name: t('payments:loader.toStatus') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
  expect(loaderCalls).toHaveLength(2); // one per page load, never more

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:status.successTitle') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('payments:status.download') })).toBeVisible();
  await expect(page.getByText(/Tu registro es el número [0-9a-f-]{8,}/)).toBeVisible();
});

// The loader without its query (→ /) is checked for every provider, free included, in payments-loaders.spec.ts.
test('the payment step guards: no purchase → /{url}', async ({ page }) => {
  await page.goto('/demo-free/payment-method');
  await expect(page).toHaveURL(/\/demo-free$/);
  await page.goto('/demo-free/payment-status');
  await expect(page).toHaveURL(/\/demo-free$/);
});
