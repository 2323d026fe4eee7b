import { expect, heldAtProducts, inOneLanguagePerViewport, startPurchase, test } from './support/fixtures';

inOneLanguagePerViewport(() => {
  test.describe('guarded flow', () => {
    test('tickets → products → form, Back follows the flow, and the step bar marks the current step', async ({ page, t }) => {
      await startPurchase(page, t, { General: 1 });
      const steps = page.getByRole('navigation', { name: t('checkout:steps.label') }).getByRole('listitem');
      await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page).toHaveURL(/\/demo\/form$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:form.title') })).toBeVisible();
      await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
      await expect(page.getByRole('timer', { name: t('timer.label') })).toBeVisible();

      // The payment step needs the form first: the guard sends the buyer back to it.
      await page.goto('/demo/payment-method');
      await expect(page).toHaveURL(/\/demo\/form$/);

      await page.getByRole('button', { name: t('checkout:actions.backToProducts') }).click();
      await expect(page).toHaveURL(/\/demo\/productos$/);
    });

    test('a refresh restores the held purchase and its timer from the API', async ({ page, t }) => {
      await startPurchase(page, t, { VIP: 2 });
      const summary = page.getByRole('region', { name: t('checkout:summary.title') });
      await expect(summary.getByText(t('checkout:summary.line', { name: 'VIP', count: 2 }))).toBeVisible();
      const timer = page.getByRole('timer', { name: t('timer.label') });
      await expect(timer).toHaveText(/^1[45]:\d\d$/);
      await page.reload();
      await expect(page).toHaveURL(/\/demo\/productos$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:products.title') })).toBeVisible();
      await expect(summary.getByText(t('checkout:summary.line', { name: 'VIP', count: 2 }))).toBeVisible();
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$2,640.00');
      await expect(timer).toHaveText(/^1[45]:\d\d$/);

      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:payment.title') })).toBeVisible();
    });

    test('opening the bare /{url} gives up the held purchase', async ({ page, t }) => {
      await heldAtProducts(page, t, { General: 1 });
      await page.goto('/demo');
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
      await page.goto('/demo/productos');
      await expect(page).toHaveURL(/\/demo$/);
    });

    test('Back to tickets asks first: Cancel stays, Confirm goes to /{url}', async ({ page, t }) => {
      await heldAtProducts(page, t, { General: 1 });
      const back = page.getByRole('button', { name: t('checkout:actions.backToTickets') });
      await back.click();
      const dialog = page.getByRole('dialog', { name: t('exit.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t('exit.alert'))).toBeVisible();
      await dialog.getByRole('button', { name: t('exit.cancel') }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/demo\/productos$/);

      await back.click();
      await page.getByRole('dialog', { name: t('exit.title') }).getByRole('button', { name: t('exit.confirm') }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the browser warns before leaving the form and payment-method steps only', async ({ page, t }) => {
      await heldAtProducts(page, t, { VIP: 1 });
      // Products: no warning.
      let dialogs = 0;
      page.on('dialog', async (dialog) => {
        dialogs += 1;
        expect(dialog.type()).toBe('beforeunload');
        await dialog.dismiss(); // stay
      });
      await page.getByRole('heading', { level: 1 }).click(); // user activation, required for the warning
      await page.reload();
      expect(dialogs).toBe(0);

      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
      // The URL changes before the payment page is on screen (its code loads on the way); the reload
      // is meant for the page the buyer sees. On a busy CI machine a reload in between got no dialog.
      const heading = page.getByRole('heading', { level: 1, name: t('checkout:payment.title') });
      await expect(heading).toBeVisible();
      await heading.click();
      // The buyer chooses to stay, so this reload never completes: not awaited (no real seconds spent on it).
      void page.reload().catch(() => undefined);
      await expect.poll(() => dialogs).toBe(1);
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
    });

    test('the countdown announces 2 minutes left and sends the buyer to /{url} at zero', async ({ page, t }) => {
      await page.clock.install();
      await heldAtProducts(page, t, { General: 1 });
      const timer = page.getByRole('timer', { name: t('timer.label') });
      await expect(timer).toHaveText(/^1[45]:\d\d$/);
      await page.clock.fastForward('12:30');
      await expect(timer).toHaveText(/^02:\d\d$/);
      await page.clock.fastForward('00:40');
      await expect(page.getByText(t('timer.twoMinutesLeft'))).toBeAttached();
      await page.clock.fastForward('02:30');
      await expect(page).toHaveURL(/\/demo$/);
      await expect(page.getByText(t('errors:holdExpired'))).toBeVisible();
      await expect(page.getByRole('timer')).toHaveCount(0);
    });
  });
});
