import { expect, test } from './support/fixtures';

test('mp-supertoken loader: an unknown payment shows the server\'s mensaje and the error view with a way back', async ({ page, t }) => {
  await page.goto('/demo/mp-supertoken/loader?payment_id=123');
  await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.errorTitle') })).toBeVisible();
  await expect(page.getByText(t('api-errors:PAYMENT_NOT_FOUND'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('payments:loader.toMethods') })).toHaveAttribute('href', '/demo/payment-method');
});

test('a loader without its query parameter sends the buyer to /', async ({ page, t }) => {
  // The not-found page's countdown to the main site stays still: a slow machine must not miss the page.
  await page.clock.install();
  for (const segment of ['mp', 'mp-supertoken', 'open-pay', 'paypal', 'fintoc', 'stripe', 'free']) {
    await page.goto(`/demo/${segment}/loader`);
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    // `/` is the not-found page (which would go on to the main site after its countdown).
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
  }
});

test('a loader failing without a mensaje shows the default toast', async ({ page, t }) => {
  await page.route('**/api/payments/mercadopago/loader-process', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
  await page.goto('/demo/mp/loader?payment_id=1');
  await expect(page.getByText(t('payments:errors.loaderFailed'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t('payments:loader.errorTitle') })).toBeVisible();
});
