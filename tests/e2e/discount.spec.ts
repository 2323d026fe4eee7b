import { chooseTickets, expect, inOneLanguagePerViewport, test } from './support/fixtures';

inOneLanguagePerViewport(() => {
  test.describe('discount block', () => {
    test('the link is enabled only with tickets; the input is focused on reveal and hides when the cart empties', async ({ page, t }) => {
      await page.goto('/demo');
      const reveal = page.getByRole('button', { name: t('checkout:discount.reveal') });
      await expect(reveal).toBeDisabled();
      await chooseTickets(page, t, 'General', 1);
      await expect(reveal).toBeEnabled();
      await reveal.click();
      const input = page.getByRole('textbox', { name: t('checkout:discount.label') });
      await expect(input).toBeFocused();
      await chooseTickets(page, t, 'General', 0);
      await expect(input).toHaveCount(0);
      await expect(reveal).toBeDisabled();
    });

    test('empty code and unknown code show their messages', async ({ page, t }) => {
      await page.goto('/demo');
      await chooseTickets(page, t, 'General', 1);
      await page.getByRole('button', { name: t('checkout:discount.reveal') }).click();
      const validate = page.getByRole('button', { name: t('checkout:discount.validate') });
      await validate.click();
      await expect(page.getByRole('alert').filter({ hasText: t('errors:discount.empty') })).toBeVisible();
      const input = page.getByRole('textbox', { name: t('checkout:discount.label') });
      await input.fill('NOEXISTE');
      await input.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: t('errors:discount.notFound') })).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    });

    test('pending, then success: green check, input locked, summary shows the code; changing tickets resets it', async ({ page, t }) => {
      // Hold the server's answer until the pending state has been checked.
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/payments/verify-discount', async (route) => {
        await answered;
        await route.continue();
      });
      await page.goto('/demo');
      await chooseTickets(page, t, 'General', 2);
      await page.getByRole('button', { name: t('checkout:discount.reveal') }).click();
      const input = page.getByRole('textbox', { name: t('checkout:discount.label') });
      await input.fill('DEMO10');
      const validate = page.getByRole('button', { name: t('checkout:discount.validate') });
      await validate.click();
      await expect(validate).toBeDisabled();
      await expect(validate).toHaveAttribute('aria-busy', 'true');
      await expect(input).toBeDisabled();
      answer();

      await expect(page.getByText(t('checkout:discount.applied', { code: 'DEMO10' }))).toBeVisible();
      await expect(validate).toHaveAttribute('aria-disabled', 'true'); // nothing to validate while a code is set
      // Success turns the button green (hovered or not).
      await expect
        .poll(async () => {
          const [r, g, b] = (await validate.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
          return g > r * 1.3 && g > b * 1.3;
        })
        .toBe(true);
      await expect(input).toHaveAttribute('readonly', '');
      await input.focus();
      await page.keyboard.type('X');
      await expect(input).toHaveValue('DEMO10');

      const summary = page.getByRole('region', { name: t('checkout:summary.title') });
      const codeLine = summary.getByRole('listitem').filter({ hasText: t('checkout:summary.discountCode', { code: 'DEMO10' }) });
      await expect(codeLine).toContainText('$70.00'); // 10 % of $700
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$693.00');

      // The code travels with the new purchase.
      const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/payments/new-purchase'));
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      expect((await request).postDataJSON()).toMatchObject({ code: 'DEMO10' });
      await expect(page).toHaveURL(/\/demo\/productos$/);
      await expect(codeLine).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/\/demo$/);
      await chooseTickets(page, t, 'General', 3);
      await expect(codeLine).toHaveCount(0);
      await expect(input).toHaveValue('');
      await expect(input).toBeEditable();
    });
  });
}, 'es');
