import { chooseTickets, expect, expectAccessible, heldAtProducts, holdPurchase, inOneLanguagePerViewport, test } from './support/fixtures';

inOneLanguagePerViewport(() => {
  test.describe('axe-core: no serious or critical violation', () => {
    test('ticket page, open discount block with an error, toast', async ({ page, t }) => {
      await page.goto('/demo');
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
      await expectAccessible(page, 'ticket page');
      await chooseTickets(page, t, 'General', 2);
      await page.getByRole('button', { name: t('checkout:tickets.moreInfo') }).first().click();
      await page.getByRole('button', { name: t('checkout:discount.reveal') }).click();
      await page.getByRole('button', { name: t('checkout:discount.validate') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t('errors:discount.empty') })).toBeVisible();
      await expectAccessible(page, 'ticket page with discount error');
      await page.getByRole('textbox', { name: t('checkout:discount.label') }).fill('DEMO10');
      await page.getByRole('button', { name: t('checkout:discount.validate') }).click();
      await expect(page.getByText(t('checkout:discount.applied', { code: 'DEMO10' }))).toBeVisible();
      await expectAccessible(page, 'ticket page with a code applied');
      await page.route('**/api/payments/new-purchase', (route) => route.fulfill({ status: 500, json: {} }), { times: 1 });
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('errors:requestFailed.description'))).toBeVisible();
      await expectAccessible(page, 'ticket page with a toast');
    });

    test('products (with an option error), form, payment method and the exit modal', async ({ page, t }) => {
      await heldAtProducts(page, t, { General: 1 });
      await expectAccessible(page, 'products');
      await page.getByRole('combobox', { name: `${t('checkout:products.quantity')} ${t('checkout:products.quantityOf', { name: 'Gorra bordada' })}` }).selectOption('1');
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('checkout:products.optionRequired'))).toBeVisible();
      await expectAccessible(page, 'products with an option error');
      await page.getByRole('combobox', { name: 'Color' }).selectOption('Negro');
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:form.title') })).toBeVisible();
      await expectAccessible(page, 'form step');

      await page.getByRole('button', { name: t('checkout:actions.backToProducts') }).click();
      await page.getByRole('button', { name: t('checkout:actions.backToTickets') }).click();
      await expect(page.getByRole('dialog', { name: t('exit.title') })).toBeVisible();
      await expectAccessible(page, 'exit modal');
    });

    test('payment method step', async ({ page, t }) => {
      await holdPurchase(page, { VIP: 1 }, '/demo/payment-method');
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:payment.title') })).toBeVisible();
      await expectAccessible(page, 'payment method');
    });

    test('not-found and route error pages', async ({ page, t }) => {
      // The redirect needs the main-site address from /api/config: hold that answer until
      // the scan is done, so the 2-second countdown cannot move the page away mid-scan.
      let releaseConfig = () => {};
      const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
      await page.route('**/api/config', async (route) => {
        await configHeld;
        await route.continue();
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
      await expectAccessible(page, 'not found');
      releaseConfig();
      await page.waitForURL('**/__main-site'); // let its redirect finish before the next visit
      await page.unroute('**/api/config');
      await page.route('**/assets/ProductsPage-*.js', (route) => route.abort());
      await page.goto('/demo');
      await chooseTickets(page, t, 'VIP', 1);
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('routeError.heading') })).toBeVisible();
      await expectAccessible(page, 'route error');
    });
  });
}, 'es');

test('everything on the ticket page works by keyboard', async ({ page, t }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
  const general = page.getByRole('combobox', { name: `${t('checkout:tickets.quantity')} ${t('checkout:tickets.quantityOf', { name: 'General' })}` });
  await general.focus();
  await page.keyboard.press('ArrowDown'); // native select: next option
  await expect(general).not.toHaveValue('0');
  const reveal = page.getByRole('button', { name: t('checkout:discount.reveal') });
  await reveal.focus();
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: t('checkout:discount.label') });
  await expect(input).toBeFocused();
  await page.keyboard.type('DEMO10');
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('checkout:discount.applied', { code: 'DEMO10' }))).toBeVisible();
  await page.keyboard.press('Tab'); // Validate
  await page.keyboard.press('Tab'); // Continue
  await expect(page.getByRole('button', { name: t('checkout:actions.continue') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo\/productos$/);
});
