import { expect, heldAtProducts, inOneLanguagePerViewport, test } from './support/fixtures';

inOneLanguagePerViewport(() => {
  test.describe('products step', () => {
    test('lists products with carousel, placeholder, price, quantity, options and more information', { tag: '@phone' }, async ({ page, t }) => {
      await heldAtProducts(page, t, { General: 1 });
      await expect(page).toHaveURL(/\/demo\/productos$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:products.title') })).toBeVisible();
      const products = page.getByRole('list', { name: t('checkout:products.listLabel') });
      const playera = products.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Playera oficial Marea Sonora' }) });
      await expect(playera.getByText('$250.00')).toBeVisible();
      await expect(playera.getByRole('combobox', { name: `${t('checkout:products.quantity')} ${t('checkout:products.quantityOf', { name: 'Playera oficial Marea Sonora' })}` }).locator('option')).toHaveText(['0', '1', '2', '3', '4', '5']);
      await expect(playera.getByRole('combobox', { name: 'Talla' })).toBeVisible();

      // Carousel: two images, next/previous by button.
      await expect(playera.getByRole('img', { name: 'Playera negra con el logo de Marea Sonora' })).toBeVisible();
      await playera.getByRole('button', { name: t('checkout:products.nextImage', { name: 'Playera oficial Marea Sonora' }) }).click();
      await expect(playera.getByRole('img', { name: 'Espalda de la playera con el cartel del festival' })).toBeVisible();
      await playera.getByRole('button', { name: t('checkout:products.previousImage', { name: 'Playera oficial Marea Sonora' }) }).click();
      await expect(playera.getByRole('img', { name: 'Playera negra con el logo de Marea Sonora' })).toBeVisible();

      const termo = products.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Termo reutilizable' }) });
      await expect(termo.getByRole('img', { name: t('checkout:products.placeholderAlt', { name: 'Termo reutilizable' }) })).toBeVisible();
      await expect(termo.getByText('$149.50')).toBeVisible();

      const more = playera.getByRole('button', { name: t('checkout:products.moreInfo') });
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');

      // The hold countdown shows on this step.
      await expect(page.getByRole('timer', { name: t('timer.label') })).toHaveText(/^1[45]:\d\d$/);
    });

    test('requires every option, updates the summary, then continues to the form (General needs one)', async ({ page, t }) => {
      await heldAtProducts(page, t, { General: 1 });
      const playeraQuantity = page.getByRole('combobox', { name: `${t('checkout:products.quantity')} ${t('checkout:products.quantityOf', { name: 'Playera oficial Marea Sonora' })}` });
      await playeraQuantity.selectOption('2');
      const summary = page.getByRole('region', { name: t('checkout:summary.title') });
      await expect(summary.getByText(t('checkout:summary.line', { name: 'Playera oficial Marea Sonora', count: 2 }))).toBeVisible();
      // $350 + $500 + 10 % service charge on both.
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$935.00');

      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      const talla = page.getByRole('combobox', { name: 'Talla' });
      await expect(talla).toHaveAttribute('aria-invalid', 'true');
      await expect(talla).toBeFocused();
      await expect(page.getByText(t('checkout:products.optionRequired'))).toBeVisible();
      await expect(page).toHaveURL(/\/demo\/productos$/);

      await talla.selectOption('M');
      const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/payments/update-productos-purchase'));
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      expect((await request).postDataJSON()).toMatchObject({ productos: [{ id: 1, cantidad: 2, opciones: { talla: 'M' } }] });
      await expect(page).toHaveURL(/\/demo\/form$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:form.title') })).toBeVisible();
      await expect(summary.getByRole('listitem').filter({ hasText: t('checkout:summary.total') })).toContainText('$935.00');
    });

    test('goes to the payment method when no form is needed; a product failure shows the support toast', async ({ page, t }) => {
      await heldAtProducts(page, t, { VIP: 1 });
      await page.route('**/api/payments/update-productos-purchase', (route) => route.fulfill({ status: 500, json: {} }), { times: 1 });
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page.getByText(t('errors:requestFailed.title'))).toBeVisible();
      await expect(page.getByText(t('errors:requestFailed.description'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('errors:requestFailed.action') })).toHaveAttribute('href', /\/__main-site\/ayuda$/);
      await page.getByRole('button', { name: t('checkout:actions.continue') }).click();
      await expect(page).toHaveURL(/\/demo\/payment-method$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:payment.title') })).toBeVisible();
    });

    test('without a purchase the products page sends the buyer to the tickets', async ({ page, t }) => {
      await page.goto('/demo/productos');
      await expect(page).toHaveURL(/\/demo$/);
      await expect(page.getByRole('heading', { level: 1, name: t('checkout:tickets.title') })).toBeVisible();
    });
  });
});
